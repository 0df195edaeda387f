import type { FormKind, SpamReason } from '../../../shared/api/contract';
import { formTokens } from './form-token';
import { proofOfWork } from './proof-of-work';

/**
 * Whether a public form's post is a person's (docs/decisions/0043-spam.md). Spam is still stored (with
 * its reason, status `spam`) and answered like any post, so a script learns nothing; it is never mailed
 * or confirmed. A post is spam when:
 * - the honeypot (a field people never see) is filled;
 * - its time token is missing or not the server's;
 * - it came sooner after its form opened than a person fills it (MIN_FILL_MS);
 * - it was posted by the site's script (the browser's router) without a solved proof of work. A plain
 *   post, without JavaScript, never needs one.
 * A token older than a day is no judgement: the visitor is asked to send again, with a fresh token.
 */

export type Verdict = { spam: false } | { spam: true; reason: SpamReason } | { expired: true };

/**
 * The least time a person takes from a form's opening (its page's render without JavaScript, the first
 * focus in it with) to its post: typing an address, ticking the consent, and for the longer forms
 * choosing and describing. About a third of the fastest filling seen in the e2e tests of people's pace.
 */
export const MIN_FILL_MS: Readonly<Record<FormKind, number>> = { inquiry: 5000, service: 4000, newsletter: 2000 };

/** What a post says for the judgement: its control fields, and whether the site's script sent it. */
export type GuardFields = { honeypot?: string; token?: string; proof?: string; byScript: boolean };

export type SpamGuard = ReturnType<typeof spamGuard>;

export function spamGuard(secret: string, { minFillMs, now = Date.now }: { minFillMs?: number; now?: () => number } = {}) {
  const tokens = formTokens(secret, now);
  const minFill = (kind: FormKind) => minFillMs ?? MIN_FILL_MS[kind];
  const pow = proofOfWork(secret, tokens);

  return {
    /** A fresh time token, for a page's forms. */
    issueToken: tokens.issue,
    /** A token for a visitor sending again what they filled in: dated as long ago as a person takes. */
    issueFilledToken: (kind: FormKind) => tokens.issue(minFill(kind)),
    /** `GET /api/forms/guard`: a fresh token and a proof-of-work challenge. */
    guard: pow.guard,

    async judge(kind: FormKind, post: GuardFields): Promise<Verdict> {
      if ((post.honeypot ?? '').trim() !== '') return { spam: true, reason: 'honeypot' };
      const token = tokens.check(post.token);
      if (!token.ok) return token.reason === 'expired' ? { expired: true } : { spam: true, reason: 'token' };
      if (token.ageMs < minFill(kind)) return { spam: true, reason: 'too_fast' };
      if (post.byScript && !(post.proof && (await pow.verify(post.proof)))) return { spam: true, reason: 'proof' };
      return { spam: false };
    },
  };
}
