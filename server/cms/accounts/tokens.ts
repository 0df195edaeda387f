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

/**
 * The keys of the login counters (login-limits.ts): an address typed from one client address, one
 * client address, one address typed. Made from what was typed, never from whether it has an account,
 * so known and unknown addresses are counted alike; hashed, so the table holds no address.
 */
export const limitKeys = (email: string, client: string) => ({
  pair: sha256(`login-pair:${email}\n${client}`),
  address: sha256(`login-address:${client}`),
  account: sha256(`login-account:${email}`),
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
