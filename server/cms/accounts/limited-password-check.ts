import type { Db } from '../db';
import {
  accountFailed,
  addressSucceeded,
  EMPTY_BUCKET,
  NO_PAIR,
  pairSucceeded,
  startAddress,
  startPair,
  type BucketState,
  type PairState,
} from './login-limits';
import type { PasswordHashing } from './password-hashing';
import { limitKeys } from './tokens';

/**
 * A password checked under the login limits (login-limits.ts), for visitors' accounts and staff members
 * alike; each names its keys (limitKeys) so the two never share a pair. An address without an account
 * is counted the same way and checked against a dummy hash, so it costs the same time and gives the same
 * answers as a wrong password. Counters live in `login_limits`.
 */

export type PasswordCheck = { ok: true } | { ok: false; locked: false } | { ok: false; locked: true; retryAfter: number };

export type PasswordCheckInput = {
  keys: ReturnType<typeof limitKeys>;
  /** The stored hash, read after the attempt was counted; undefined: no such account. */
  storedHash: () => string | undefined;
  password: string;
  /** Inside the counting transaction: true lets this attempt past the limits (a spent unlock link) and starts its pair afresh. */
  bypass?: (at: Date) => boolean;
  /** Inside the counting transaction, when a limit refused the attempt (for an existing account). */
  onRefused?: (at: Date) => void;
  /** Inside a transaction, when the account has failed too often within the hour. */
  onHammered?: (at: Date) => void;
};

export function limitedPasswordCheck({ db, passwords, now }: { db: Db; passwords: PasswordHashing; now: () => Date }) {
  const limitByKey = db.prepare<[string], { count: number; at: string }>('SELECT count, at FROM login_limits WHERE key = ?');
  const setLimit = db.prepare<{ key: string; count: number; at: string }>(
    `INSERT INTO login_limits (key, count, at) VALUES (@key, @count, @at)
     ON CONFLICT (key) DO UPDATE SET count = excluded.count, at = excluded.at`,
  );
  const clearLimit = db.prepare<[string]>('DELETE FROM login_limits WHERE key = ?');
  const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();

  const readPair = (key: string): PairState => {
    const row = limitByKey.get(key);
    return row ? { failures: row.count, lastAt: row.at } : NO_PAIR;
  };
  const readBucket = (key: string): BucketState => {
    const row = limitByKey.get(key);
    return row ? { level: row.count, at: row.at } : EMPTY_BUCKET;
  };
  const writePair = (key: string, pair: PairState) =>
    pair.lastAt === null ? clearLimit.run(key) : setLimit.run({ key, count: pair.failures, at: pair.lastAt });
  const writeBucket = (key: string, bucket: BucketState) => {
    if (bucket.at !== null) setLimit.run({ key, count: bucket.level, at: bucket.at });
  };

  /** A failure counted against the account from anywhere (a wrong password, or a wrong second-factor code). */
  function failed(keys: ReturnType<typeof limitKeys>, onHammered?: (at: Date) => void): void {
    inTransaction(() => {
      const at = now();
      const account = accountFailed(readBucket(keys.account), at);
      writeBucket(keys.account, account.next);
      if (account.hammered) onHammered?.(at);
    });
  }

  return {
    failed,
    /** Counted when it starts, before the slow hash, so a parallel burst meets the limits too. */
    async check({ keys, storedHash, password, bypass, onRefused, onHammered }: PasswordCheckInput): Promise<PasswordCheck> {
      const start = inTransaction(() => {
        const at = now();
        if (bypass?.(at)) {
          writePair(keys.pair, { failures: 1, lastAt: at.toISOString() });
          return { allowed: true, addressCounted: false } as const;
        }
        const refuse = (retryAfter: number) => {
          onRefused?.(at);
          return { allowed: false, retryAfter } as const;
        };
        const pair = startPair(readPair(keys.pair), at);
        if (!pair.allowed) return refuse(pair.retryAfterSeconds);
        const address = startAddress(readBucket(keys.address), at);
        if (!address.allowed) return refuse(address.retryAfterSeconds);
        writePair(keys.pair, pair.next);
        writeBucket(keys.address, address.next);
        return { allowed: true, addressCounted: true } as const;
      });
      if (!start.allowed) return { ok: false, locked: true, retryAfter: start.retryAfter };

      const stored = storedHash();
      const matches = await passwords.verify(password, stored ?? (await passwords.dummy()));
      if (stored !== undefined && matches) {
        inTransaction(() => {
          writePair(keys.pair, pairSucceeded());
          if (start.addressCounted) writeBucket(keys.address, addressSucceeded(readBucket(keys.address), now()));
        });
        return { ok: true };
      }
      failed(keys, onHammered);
      return { ok: false, locked: false };
    },

    /** Starts the pair afresh (a password reset from the address it came from). */
    clearPair: (keys: ReturnType<typeof limitKeys>) => void clearLimit.run(keys.pair),
  };
}
