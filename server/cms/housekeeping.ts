import type { Db } from './db';

/**
 * Deletes what has served its purpose: expired sessions, tokens a day after they ran out, login
 * counters a day after they last changed (by then each has started afresh), and delivered (or given up) mail
 * after 30 days, so the database does not keep addresses longer than it needs them.
 */

const DAY_MS = 24 * 60 * 60_000;
const MAIL_KEPT_MS = 30 * DAY_MS;

export function purgeExpired(db: Db, now: Date = new Date()): { sessions: number; tokens: number; throttles: number; mails: number } {
  const at = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const mailCutoff = new Date(now.getTime() - MAIL_KEPT_MS).toISOString();
  return db
    .transaction(() => ({
      sessions: db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(at).changes,
      tokens:
        db.prepare('DELETE FROM user_tokens WHERE expires_at <= ?').run(dayAgo).changes +
        db.prepare('DELETE FROM unlock_tokens WHERE expires_at <= ?').run(dayAgo).changes +
        db.prepare('DELETE FROM submission_grants WHERE expires_at <= ?').run(dayAgo).changes,
      throttles: db.prepare('DELETE FROM login_limits WHERE at <= ?').run(dayAgo).changes,
      mails: db
        .prepare('DELETE FROM outgoing_mail WHERE coalesce(sent_at, given_up_at) <= ?')
        .run(mailCutoff).changes,
    }))
    .immediate();
}
