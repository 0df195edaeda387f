import { randomBytes } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { concurrencyLimit } from '../../lib/concurrency-limit';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Password hashing, a few at a time. scrypt runs on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), the same threads that read files, resolve host names and
 * compress: 30 registrations at once queued a static asset behind 30 hashes for 6 s. Bounded here,
 * the rest of the pool stays free and the hashes take turns (each costs about 0.3 s of one core).
 */

/** One: on the two cores this runs on, a second hash at once hashes no faster and slows pages (config.ts has the same default). */
const DEFAULT_CONCURRENCY = 1;

/**
 * Publishes `{ phase: 'start' | 'end' }` around every hash that runs (not while it waits its turn),
 * for whoever wants to watch the pool: node:diagnostics_channel costs nothing without a subscriber.
 */
export const PASSWORD_HASH_CHANNEL = 'shading-site:password-hash';

export type PasswordHashing = {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored value that is not a hash passwords.ts wrote. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * A hash of a random password, made once: an unknown address's login is checked against it, so it
   * takes as long as a wrong password for a real account and timing does not tell them apart.
   */
  dummy(): Promise<string>;
};

export function passwordHashing(concurrency = DEFAULT_CONCURRENCY): PasswordHashing {
  const limit = concurrencyLimit(concurrency);
  const events = channel(PASSWORD_HASH_CHANNEL);
  const run = <T>(work: () => Promise<T>) =>
    limit(async () => {
      events.publish({ phase: 'start' });
      try {
        return await work();
      } finally {
        events.publish({ phase: 'end' });
      }
    });
  let dummy: Promise<string> | undefined;
  const hash = (password: string) => run(() => hashPassword(password));
  return {
    hash,
    verify: (password, stored) => run(() => verifyPassword(password, stored)),
    dummy: () => (dummy ??= hash(randomBytes(16).toString('base64url'))),
  };
}
