import type { FormGuard } from '../../../shared/api/bff';
import { GUARD_FIELDS } from '../../../shared/forms/guard';
import type { Solved } from './guard-solver';

/**
 * What a form with JavaScript adds to its post for the server's spam judgement (server/site/spam/judge.ts):
 * a time token fetched when the visitor starts filling it in, and a proof of work solved in the
 * background once the form's last step opens. The solver (altcha-lib, about 4 KB gzip) is loaded then,
 * never with the page. Without an answer from the guard the post carries the page's own token and no
 * proof: the server then stores it as spam rather than losing it.
 */

/** A challenge lives an hour on the server; one older than this is fetched again before the post. */
const CHALLENGE_FRESH_MS = 50 * 60_000;

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

// Its code loads when the visitor starts filling in the form, none of it with the page. Code that cannot
// be loaded (the connection dropped, a deploy replaced it) is no guard: the post still goes.
const fetchGuard = () =>
  import('./guard-solver').then(
    (solver) => solver.fetchGuard(),
    () => null,
  );
const solveGuard = (guard: FormGuard | null) => import('./guard-solver').then((solver) => solver.solveGuard(guard)).catch(() => null);

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
