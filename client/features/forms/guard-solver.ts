import { FORM_GUARD_PATH, formGuardSchema, type FormGuard } from '../../../shared/api/bff';

/**
 * The spam guard's work (spam-guard.ts): fetching a challenge and solving it. Loaded when the visitor
 * starts filling in a form, not with the page; the solver itself (altcha-lib) only at the last step.
 */

export type Solved = { proof: string; at: number };

export async function fetchGuard(): Promise<FormGuard | null> {
  try {
    const res = await fetch(FORM_GUARD_PATH, { headers: { accept: 'application/json' } });
    return res.ok ? formGuardSchema.parse(await res.json()) : null;
  } catch {
    return null;
  }
}

export async function solveGuard(guard: FormGuard | null): Promise<Solved | null> {
  if (!guard) return null;
  const { solveChallenge } = await import('altcha-lib/v1');
  const { algorithm, challenge, salt, signature, maxnumber } = guard.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise.catch(() => null);
  return solution && { proof: btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })), at: Date.now() };
}
