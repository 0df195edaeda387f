import { ipKeyGenerator } from 'express-rate-limit';
import type { Logger } from 'pino';

/**
 * What one client may use of something in a window (seconds of decoding, bytes of photos), counted
 * like the form rate limit: per client address (an IPv6 client by its /56), in a window that starts
 * with the client's first use and lasts the store's window.
 */
export interface BudgetStore {
  /** What `key` has used in its current window (0 when it has none). */
  used(key: string): Promise<number>;
  /** Adds `amount` to what `key` has used; with `max`, only when the total stays within it. Whether it was added. */
  add(key: string, amount: number, max?: number): Promise<boolean>;
}

/** The key a client address is counted under, as the site's rate limits count it. */
export const clientKey = (address: string | null): string => ipKeyGenerator(address ?? 'unknown', 56);

/** The counts in this process: one replica's own budget. */
export function memoryBudgetStore(windowMs: number, now = Date.now): BudgetStore {
  const windows = new Map<string, { used: number; resetsAt: number }>();
  let nextSweep = 0;
  const current = (key: string) => {
    const window = windows.get(key);
    return window && window.resetsAt > now() ? window : undefined;
  };
  return {
    async used(key) {
      return current(key)?.used ?? 0;
    },
    async add(key, amount, max) {
      // Windows that have passed, at most once a window: on a use, so there is no timer to stop.
      if (now() >= nextSweep) {
        nextSweep = now() + windowMs;
        for (const [k, window] of windows) if (window.resetsAt <= now()) windows.delete(k);
      }
      const window = current(key) ?? { used: 0, resetsAt: now() + windowMs };
      if (max !== undefined && window.used + amount > max) return false;
      window.used += amount;
      windows.set(key, window);
      return true;
    },
  };
}

/**
 * A store that cannot count (the database is unreachable) refuses nobody, as the form rate limit
 * does: the use goes uncounted and a warning is logged, and the outbox decides whether it can keep the post.
 */
export function uncountedOnFailure(store: BudgetStore, logger: Logger): BudgetStore {
  const warn = (err: unknown) => logger.warn({ err }, 'photo budget store failed; photos go uncounted');
  return {
    used: (key) => store.used(key).catch((err: unknown) => (warn(err), 0)),
    add: (key, amount, max) => store.add(key, amount, max).catch((err: unknown) => (warn(err), true)),
  };
}
