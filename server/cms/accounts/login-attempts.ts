/**
 * The login lockout as a pure state machine over `{ failedLogins, lockedUntil }`, the same for an
 * account (columns of `users`) and for an address without one (`login_throttle`), so a guesser sees
 * the same answers either way.
 *
 * An attempt is counted when it starts, before the slow password check: a burst of parallel guesses
 * therefore meets the limit too, instead of all passing the check for "locked" at once. Success sets
 * the count back to zero; the fifth failure in a row locks for 15 minutes; the first attempt after a
 * lock has run out starts counting afresh.
 */

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60_000;

export type Attempts = { failedLogins: number; lockedUntil: string | null };

export type AttemptStart =
  | { allowed: true; next: Attempts }
  | { allowed: false; next: Attempts; retryAfterSeconds: number };

export const NO_ATTEMPTS: Attempts = { failedLogins: 0, lockedUntil: null };

export function startAttempt(state: Attempts, now: Date): AttemptStart {
  if (state.lockedUntil !== null) {
    const left = Date.parse(state.lockedUntil) - now.getTime();
    if (left > 0) return { allowed: false, next: state, retryAfterSeconds: Math.ceil(left / 1000) };
    state = NO_ATTEMPTS;
  }
  const failedLogins = state.failedLogins + 1;
  if (failedLogins > MAX_FAILED_LOGINS) {
    // Only reachable with attempts still in flight when the limit was met: lock now.
    const next = { failedLogins: MAX_FAILED_LOGINS, lockedUntil: new Date(now.getTime() + LOCK_MS).toISOString() };
    return { allowed: false, next, retryAfterSeconds: LOCK_MS / 1000 };
  }
  return { allowed: true, next: { failedLogins, lockedUntil: null } };
}

/** After a wrong password: the attempt stays counted, and the one that reaches the limit locks. */
export function failAttempt(state: Attempts, now: Date): Attempts {
  if (state.failedLogins < MAX_FAILED_LOGINS || state.lockedUntil !== null) return state;
  return { ...state, lockedUntil: new Date(now.getTime() + LOCK_MS).toISOString() };
}
