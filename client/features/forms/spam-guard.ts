import { FORM_GUARD_PATH, formGuardSchema, type FormGuard } from '../../../shared/api/bff';
import { GUARD_FIELDS } from '../../../shared/forms/guard';

/**
 * What a form with JavaScript adds to its post for the server's spam judgement (server/spam/judge.ts):
 * a time token fetched when the visitor starts filling it in, and a proof of work solved in the
 * background once the form's last step opens. The solver (altcha-lib, about 4 KB gzip) is loaded then,
 * never with the page. Without an answer from the guard the post carries the page's own token and no
 * proof: the server then stores it as spam rather than losing it.
 */

/** A challenge lives an hour on the server; one older than this is fetched again before the post. */
const CHALLENGE_FRESH_MS = 50 * 60_000;

type Solved = { proof: string; at: number };

export interface SpamGuard {
  /** The visitor started filling in the form: its time token is fetched now (once). */
  start(): void;
  /** The last step is open: the proof of work is solved in the background (once). */
  solve(): void;
  /** A token the server handed back (a form sent again after a long while) replaces the one held. */
  adopt(token: string): void;
  /** The guard's fields for the post; waits for the proof being solved. */
  fields(pageToken: string): Promise<[string, string][]>;
}

async function fetchGuard(): Promise<FormGuard | null> {
  try {
    const res = await fetch(FORM_GUARD_PATH, { headers: { accept: 'application/json' } });
    return res.ok ? formGuardSchema.parse(await res.json()) : null;
  } catch {
    return null;
  }
}

async function solveGuard(guard: FormGuard | null): Promise<Solved | null> {
  if (!guard) return null;
  const { solveChallenge } = await import('altcha-lib/v1');
  const { algorithm, challenge, salt, signature, maxnumber } = guard.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise.catch(() => null);
  return solution && { proof: btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })), at: Date.now() };
}

export function createSpamGuard(): SpamGuard {
  // The first answer: the form's token, and a challenge kept until the last step asks for it solved.
  let guard: Promise<FormGuard | null> | undefined;
  let solved: Promise<Solved | null> | undefined;
  let adopted: string | undefined;
  const fetched = () => (guard ??= fetchGuard());
  const solving = () => (solved ??= fetched().then(solveGuard));

  return {
    start: () => void fetched(),
    solve: () => void solving(),
    adopt(token) {
      adopted = token;
    },
    async fields(pageToken) {
      const first = await fetched();
      let solution = await solving();
      // None (the guard could not be reached), or the visitor left the last step open for long: a fresh challenge, the same token.
      if (!solution || Date.now() - solution.at > CHALLENGE_FRESH_MS) solution = await fetchGuard().then(solveGuard);
      return [
        [GUARD_FIELDS.token, adopted ?? first?.token ?? pageToken],
        [GUARD_FIELDS.proof, solution?.proof ?? ''],
      ];
    },
  };
}
