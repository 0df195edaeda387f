import type { Logger } from 'pino';
import type { Db } from './db';
import { anonymisedData, retentionCutoffs, retentionPeriods } from './retention';

/**
 * Deletes what has served its purpose: expired sessions, tokens a day after they ran out, login
 * counters a day after they last changed (by then each has started afresh), and delivered (or given up) mail
 * after 30 days, so the database does not keep addresses longer than it needs them. Then the retention
 * periods of the settings (retention.ts, docs/decisions/0024-data-rights.md): submissions whose
 * sender has been inactive for the period are anonymised (an account's) or erased (anyone else's), and
 * accounts never verified and newsletter signups nobody confirmed are erased (with their requests and
 * links).
 */

const DAY_MS = 24 * 60 * 60_000;
const MAIL_KEPT_MS = 30 * DAY_MS;

export type HousekeepingCounts = {
  sessions: number;
  tokens: number;
  throttles: number;
  mails: number;
  newsletterTokens: number;
  submissionsAnonymised: number;
  submissionsErased: number;
  unverifiedAccounts: number;
  unconfirmedSignups: number;
};

export function purgeExpired(db: Db, now: Date = new Date()): HousekeepingCounts {
  const at = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const mailCutoff = new Date(now.getTime() - MAIL_KEPT_MS).toISOString();
  return db
    .transaction(() => ({
      // Staff sessions also end by idleness, which the guard checks; a day past their end they go.
      sessions:
        db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(at).changes +
        db.prepare('DELETE FROM staff_sessions WHERE expires_at <= ?').run(at).changes,
      tokens:
        db.prepare('DELETE FROM user_tokens WHERE expires_at <= ?').run(dayAgo).changes +
        db.prepare('DELETE FROM unlock_tokens WHERE expires_at <= ?').run(dayAgo).changes +
        db.prepare('DELETE FROM submission_grants WHERE expires_at <= ?').run(dayAgo).changes +
        db.prepare('DELETE FROM staff_challenges WHERE expires_at <= ?').run(dayAgo).changes +
        db.prepare('DELETE FROM staff_invitations WHERE expires_at <= ?').run(dayAgo).changes,
      throttles: db.prepare('DELETE FROM login_limits WHERE at <= ?').run(dayAgo).changes,
      mails: db.prepare('DELETE FROM outgoing_mail WHERE coalesce(sent_at, given_up_at) <= ?').run(mailCutoff).changes,
      // Spent or expired confirmation links; unsubscribe links live as long as their subscription.
      newsletterTokens: db.prepare(`DELETE FROM newsletter_tokens WHERE kind = 'confirm' AND coalesce(used_at, expires_at) <= ?`).run(dayAgo).changes,
      ...applyRetention(db, now),
    }))
    .immediate();
}

type ExpiredSubmission = { id: string; kind: 'inquiry' | 'service'; data: string; held: 0 | 1 };

/**
 * Submissions whose period ran out: the period runs from the newest activity (arrival or status change)
 * of every submission from the same address, or of the submission alone when it has no address. `held`:
 * it came from an account: posted while signed in as the verified account of its address, which still
 * exists or was deleted (the rule by which an account lists its submissions, decision 0025).
 */
const EXPIRED_SUBMISSIONS = `
  WITH last AS (
    SELECT email, max(coalesce(last_activity_at, created_at)) AS at FROM submissions
    WHERE email IS NOT NULL AND anonymised_at IS NULL GROUP BY email
  )
  SELECT s.id, s.kind, s.data,
    (s.from_account = 1 OR (s.email_confirmed_at IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.email = s.email AND u.verified_at IS NOT NULL))) AS held
  FROM submissions s LEFT JOIN last ON last.email = s.email
  WHERE s.anonymised_at IS NULL AND coalesce(last.at, s.last_activity_at, s.created_at) <= @cutoff`;

/** Must run inside the caller's transaction. */
export function applyRetention(
  db: Db,
  now: Date,
): Pick<HousekeepingCounts, 'submissionsAnonymised' | 'submissionsErased' | 'unverifiedAccounts' | 'unconfirmedSignups'> {
  const cutoffs = retentionCutoffs(now, retentionPeriods(db));
  const expired = db.prepare<{ cutoff: string }, ExpiredSubmission>(EXPIRED_SUBMISSIONS).all({ cutoff: cutoffs.submissions });
  // The key goes too: it came from the visitor's browser, and the id alone keeps the row unique.
  const anonymise = db.prepare<{ id: string; data: string; now: string }>(
    `UPDATE submissions SET email = NULL, data = @data, idempotency_key = 'anonymised:' || id, search_text = '', lost_reason = NULL, anonymised_at = @now WHERE id = @id`,
  );
  const erase = db.prepare<[string]>('DELETE FROM submissions WHERE id = ?');
  // Photos show a house and its windows: nothing of them stays with an anonymised submission.
  const dropPhotos = db.prepare<[string]>('DELETE FROM submission_photos WHERE submission_id = ?');
  // Notes and replies speak of the person: their words go, the history of statuses stays.
  const dropTexts = db.prepare<[string]>("DELETE FROM lead_events WHERE submission_id = ? AND kind IN ('note', 'reply')");
  let submissionsAnonymised = 0;
  let submissionsErased = 0;
  for (const row of expired) {
    if (row.held) {
      const data = anonymisedData(row.kind, JSON.parse(row.data) as Record<string, unknown>);
      submissionsAnonymised += anonymise.run({ id: row.id, data: JSON.stringify(data), now: now.toISOString() }).changes;
      dropPhotos.run(row.id);
      dropTexts.run(row.id);
    } else {
      submissionsErased += erase.run(row.id).changes;
    }
  }
  // Tokens and sessions go with the row (ON DELETE CASCADE); an unverified account never had a session.
  const unverifiedAccounts = db.prepare('DELETE FROM users WHERE verified_at IS NULL AND created_at <= ?').run(cutoffs.unconfirmed).changes;
  // An address typed into the signup, by its owner or by anyone, is kept as long as an unverified
  // account's; its requests and links go with it (ON DELETE CASCADE).
  const unconfirmedSignups = db.prepare('DELETE FROM newsletter_subscriptions WHERE confirmed_at IS NULL AND consent_at <= ?').run(cutoffs.unconfirmed).changes;
  return { submissionsAnonymised, submissionsErased, unverifiedAccounts, unconfirmedSignups };
}

/** One run of housekeeping, logged by its counts (never what a row held); quiet when nothing was due. */
export function runHousekeeping(db: Db, logger: Logger, now: Date = new Date()): HousekeepingCounts {
  const counts = purgeExpired(db, now);
  const changed = Object.values(counts).some((n) => n > 0);
  logger[changed ? 'info' : 'debug'](counts, 'cms housekeeping');
  return counts;
}
