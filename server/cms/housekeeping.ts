import type { Db } from './db';

/**
 * Deletes what has served its purpose: expired sessions, tokens a day after they ran out, login
 * counters for unknown addresses a day after their last attempt, delivered (or given up) mail after
 * 30 days, and newsletter signups nobody confirmed 30 days after their last signup (with their
 * requests and links), so the database does not keep addresses longer than it needs them.
 */

const DAY_MS = 24 * 60 * 60_000;
const MAIL_KEPT_MS = 30 * DAY_MS;
/** An address typed into the signup, by its owner or by anyone, is kept this long unless its owner confirms. */
export const UNCONFIRMED_SIGNUP_KEPT_MS = 30 * DAY_MS;

export type Purged = { sessions: number; tokens: number; throttles: number; mails: number; unconfirmedSignups: number; newsletterTokens: number };

export function purgeExpired(db: Db, now: Date = new Date()): Purged {
  const at = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const mailCutoff = new Date(now.getTime() - MAIL_KEPT_MS).toISOString();
  const signupCutoff = new Date(now.getTime() - UNCONFIRMED_SIGNUP_KEPT_MS).toISOString();
  return db
    .transaction(() => ({
      sessions: db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(at).changes,
      tokens: db.prepare('DELETE FROM user_tokens WHERE expires_at <= ?').run(dayAgo).changes,
      throttles: db
        .prepare('DELETE FROM login_throttle WHERE updated_at <= @dayAgo AND (locked_until IS NULL OR locked_until <= @at)')
        .run({ dayAgo, at }).changes,
      mails: db
        .prepare('DELETE FROM outgoing_mail WHERE coalesce(sent_at, given_up_at) <= ?')
        .run(mailCutoff).changes,
      // Their requests and links go with them (ON DELETE CASCADE).
      unconfirmedSignups: db
        .prepare('DELETE FROM newsletter_subscriptions WHERE confirmed_at IS NULL AND consent_at <= ?')
        .run(signupCutoff).changes,
      // Spent or expired confirmation links; unsubscribe links live as long as their subscription.
      newsletterTokens: db
        .prepare(`DELETE FROM newsletter_tokens WHERE kind = 'confirm' AND coalesce(used_at, expires_at) <= ?`)
        .run(dayAgo).changes,
    }))
    .immediate();
}
