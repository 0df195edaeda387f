import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed time token every public form carries (`formToken`): when the server issued it, and an
 * HMAC of that moment, so a post can tell how long its form was open and a script cannot forge one.
 * It holds no visitor data and needs no storage; every replica checks it with the shared secret.
 * A page kept in the HTML cache hands out the token of its render: older, never younger, so the cache
 * can make a post look slower than it was, never faster.
 */

/** A form left open longer than this is answered "send again" with a fresh token, never judged spam. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;

export type TokenCheck = { ok: true; ageMs: number } | { ok: false; reason: 'invalid' | 'expired' };

export type FormTokens = ReturnType<typeof formTokens>;

export function formTokens(secret: string, now: () => number = Date.now) {
  const sign = (issued: string) => createHmac('sha256', secret).update(`form-token:${issued}`).digest('base64url');

  return {
    /** `openedMsAgo`: dated as if the form had opened that long ago (a visitor sending again what they filled). */
    issue(openedMsAgo = 0): string {
      const issued = (now() - openedMsAgo).toString(36);
      return `${issued}.${sign(issued)}`;
    },

    check(token: string | undefined): TokenCheck {
      const [issued, signature, extra] = (token ?? '').split('.');
      if (!issued || !signature || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(issued)) return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(sign(issued));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      const ageMs = now() - parseInt(issued, 36);
      // Issued "in the future" only with a forged clock or replicas whose clocks disagree by more than a second.
      if (ageMs < -1000) return { ok: false, reason: 'invalid' };
      if (ageMs > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: 'expired' };
      return { ok: true, ageMs: Math.max(0, ageMs) };
    },
  };
}
