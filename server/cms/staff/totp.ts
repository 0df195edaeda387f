import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app makes them: SHA-1, six digits, 30 s.
 * A code is accepted one step either side of now (a phone's clock a little off, a code typed as it
 * turned), and only once: the step it belongs to must be later than the last one accepted, so a code
 * seen over a shoulder or in a log cannot be used again.
 */

const PERIOD_S = 30;
const WINDOW = 1;

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as apps take it typed. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address a QR code carries: the app names the entry "issuer: member". */
export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), period: PERIOD_S }).toString();
}

/** The time step a valid code belongs to, or null; `after`: the last step accepted before. */
export function acceptedStep(secret: string, code: string, after: number, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), period: PERIOD_S, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD_S, timestamp }) + delta;
  return step > after ? step : null;
}

/** The code an app shows at `now` (tests, and the command line's check of a secret). */
export function totpCode(secret: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), period: PERIOD_S, timestamp: now.getTime() });
}
