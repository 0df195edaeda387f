import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of the site's cache-purge webhook: the content API signs each call, the site checks it
 * (server/site/purge/webhook.ts). One module, so the two apps cannot drift apart.
 */

/** Signatures older (or newer) than this are refused, so a captured call cannot be replayed later (nor within it: each is accepted once). */
const MAX_SKEW_S = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as the CMS's webhook sends it. */
export function signPurge(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** A verified signature: its HMAC, and when no replica accepts it any more. */
export interface PurgeSignature {
  digest: Buffer;
  /** Unix seconds: the signature's time plus the skew allowed. */
  expiresS: number;
}

export function verifyPurge(secret: string, header: string | undefined, body: string, nowS = Math.floor(Date.now() / 1000)): PurgeSignature | null {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return null;
  const t = Number(match[1]);
  if (Math.abs(nowS - t) > MAX_SKEW_S) return null;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const digest = Buffer.from(match[2]!, 'hex');
  return timingSafeEqual(expected, digest) ? { digest, expiresS: t + MAX_SKEW_S } : null;
}
