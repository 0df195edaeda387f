import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed out to visitors (session tokens, links in mails): 32 random bytes, base64url. Only
 * their SHA-256 is stored, so the database alone never lets anyone in. A fast unsalted hash is right
 * here: the token has 256 bits of entropy, nothing to guess, and the lookup must be by hash.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The key under which failed logins for an address without an account are counted. */
export function emailHash(email: string): string {
  return createHash('sha256').update(`login:${email}`).digest('hex');
}
