/**
 * The rules that slow password guessing down, as pure functions of a stored state and the time
 * (docs/decisions/0025-account-hardening.md). Three counters, none of which can lock the owner out
 * from elsewhere:
 *
 * - **an account from one address** (the pair): five failures in a row are free, then each further
 *   attempt waits, 30 s after the fifth failure, doubling up to 15 minutes. Only this pair waits: the
 *   owner at another address is not slowed by a stranger's guesses. A success, or a day without
 *   attempts, starts afresh.
 * - **one address across all accounts**: a leaky bucket of 100 failed attempts that drains 100 an
 *   hour; a full bucket refuses that address until it has drained one. Generous enough for an office
 *   behind one address; what keeps a guesser from spreading guesses over many accounts.
 * - **one account across all addresses**: never refuses anyone; ten failures in quick succession (a
 *   bucket of ten draining ten an hour) mean the account is being hammered, and its owner is mailed
 *   a link that lets them in at once. So does any attempt on it that a limit refused.
 *
 * An attempt is counted when it starts, before the slow password check, so a parallel burst meets
 * the limits too; a success takes its count back.
 */

export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A pair with no attempt for this long is forgotten. */
export const FORGET_MS = 24 * 60 * 60_000;

export const ADDRESS_CAPACITY = 100;
export const ADDRESS_DRAIN_PER_HOUR = 100;

export const HAMMERED_CAPACITY = 10;
export const HAMMERED_DRAIN_PER_HOUR = 10;

const HOUR_MS = 60 * 60_000;

/** An account from one address: failures in a row, and when the last attempt started. */
export type PairState = { failures: number; lastAt: string | null };

/** A leaky bucket: its level when last touched. */
export type BucketState = { level: number; at: string | null };

export const NO_PAIR: PairState = { failures: 0, lastAt: null };
export const EMPTY_BUCKET: BucketState = { level: 0, at: null };

export type Start<S> = { allowed: true; next: S } | { allowed: false; next: S; retryAfterSeconds: number };

/** How long the pair waits after `failures` failures in a row. */
export function pairDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

export function startPair(state: PairState, now: Date): Start<PairState> {
  const last = state.lastAt === null ? null : Date.parse(state.lastAt);
  const fresh = last === null || now.getTime() - last >= FORGET_MS;
  const failures = fresh ? 0 : state.failures;
  const wait = fresh ? 0 : last + pairDelayMs(failures) - now.getTime();
  if (wait > 0) return { allowed: false, next: state, retryAfterSeconds: Math.ceil(wait / 1000) };
  return { allowed: true, next: { failures: failures + 1, lastAt: now.toISOString() } };
}

/** After the right password: the pair starts afresh. */
export function pairSucceeded(): PairState {
  return NO_PAIR;
}

function drained(state: BucketState, now: Date, perHour: number): number {
  if (state.at === null) return 0;
  const elapsed = Math.max(0, now.getTime() - Date.parse(state.at));
  return Math.max(0, state.level - (elapsed * perHour) / HOUR_MS);
}

/** One more attempt from an address, unless its bucket is full. */
export function startAddress(state: BucketState, now: Date): Start<BucketState> {
  const level = drained(state, now, ADDRESS_DRAIN_PER_HOUR);
  if (level + 1 > ADDRESS_CAPACITY) {
    const waitMs = ((level + 1 - ADDRESS_CAPACITY) * HOUR_MS) / ADDRESS_DRAIN_PER_HOUR;
    return { allowed: false, next: { level, at: now.toISOString() }, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
  return { allowed: true, next: { level: level + 1, at: now.toISOString() } };
}

/** After the right password: the attempt was not a guess, and the address gets it back. */
export function addressSucceeded(state: BucketState, now: Date): BucketState {
  return { level: Math.max(0, drained(state, now, ADDRESS_DRAIN_PER_HOUR) - 1), at: now.toISOString() };
}

/** A failure on an account from anywhere; `hammered` once the account has had too many within the hour. */
export function accountFailed(state: BucketState, now: Date): { next: BucketState; hammered: boolean } {
  const level = drained(state, now, HAMMERED_DRAIN_PER_HOUR) + 1;
  // More than one short of full: the tenth of ten failures seconds apart counts, though a little has drained.
  return { next: { level, at: now.toISOString() }, hammered: level > HAMMERED_CAPACITY - 1 };
}
