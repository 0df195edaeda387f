import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt. A hash is stored as a PHC-style string that carries its own
 * parameters and salt, `$scrypt$ln=15,r=8,p=3$<salt>$<hash>` (base64url), so the cost can be raised
 * later: old hashes still verify, and `needsRehash` tells the login to store a fresh one.
 */

export type ScryptParams = { ln: number; r: number; p: number };

/**
 * One of OWASP's equivalent scrypt settings (N = 2^15, 32 MiB, r = 8, p = 3): about 0.3 s on one core
 * of the 2-core machines this runs on. A lower N with a higher p costs the same time in less memory,
 * which matters when several logins hash at once (password-hashing.ts bounds how many).
 */
export const CURRENT_PARAMS: ScryptParams = { ln: 15, r: 8, p: 3 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, params);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** False for a wrong password and for a stored value that is not a hash this module wrote. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when a hash was made with other parameters than today's. */
export function needsRehash(stored: string, params: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.ln !== params.ln || parsed.params.r !== params.r || parsed.params.p !== params.p;
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = PATTERN.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const params = { ln: Number(ln), r: Number(r), p: Number(p) };
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt!, 'base64url'), key: Buffer.from(key!, 'base64url') };
}

function derive(password: string, salt: Buffer, length: number, { ln, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** ln;
  // scrypt needs 128 * N * r bytes; Node refuses anything above 32 MiB unless told otherwise.
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r };
  return new Promise((done, fail) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? fail(error) : done(key)));
  });
}
