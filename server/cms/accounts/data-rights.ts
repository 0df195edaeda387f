import type { AccountExport } from '../../../shared/api/contract';
import { visitorStatus, type LeadStatus } from '../../../shared/api/staff';
import type { Db } from '../db';
import { leadTexts } from '../leads/texts';
import { retentionPeriods } from '../retention';
import type { UserRow } from './store';
import { limitKeys } from './tokens';

/**
 * What the content API holds about an account, across its tables: the export a visitor downloads, and
 * the erasure when they delete the account (docs/decisions/0024-data-rights.md says, table by table,
 * what goes and what stays).
 */

type SubmissionRow = {
  id: string;
  kind: 'inquiry' | 'service';
  locale: string;
  status: LeadStatus;
  data: string;
  created_at: string;
  last_activity_at: string | null;
  visit_at: string | null;
  signed_in: 0 | 1;
};

type SubscriptionRow = { email: string; locale: string; created_at: string; consent_at: string; confirmed_at: string | null; unsubscribed_at: string | null };

export function dataRights(db: Db) {
  // The same submissions the account lists: every one held under its (verified) address and not yet
  // anonymised, sent signed in or not (the right of access covers what the company holds under the
  // address), each marked which; docs/decisions/0044-submissions-before-the-account.md.
  const submissions = db.prepare<[string], SubmissionRow>(
    `SELECT id, kind, locale, status, data, created_at, last_activity_at, visit_at, email_confirmed_at IS NOT NULL AS signed_in FROM submissions
     WHERE email = ? AND anonymised_at IS NULL ORDER BY created_at DESC, rowid DESC`,
  );
  const texts = leadTexts(db);
  const subscription = db.prepare<[string], SubscriptionRow>(
    'SELECT email, locale, created_at, consent_at, confirmed_at, unsubscribed_at FROM newsletter_subscriptions WHERE email = ?',
  );
  const sessions = db.prepare<{ userId: number; now: string }, { created_at: string; expires_at: string }>(
    'SELECT created_at, expires_at FROM sessions WHERE user_id = @userId AND expires_at > @now ORDER BY created_at',
  );

  const markFromAccount = db.prepare<[string]>(
    'UPDATE submissions SET from_account = 1 WHERE email = ? AND email_confirmed_at IS NOT NULL AND anonymised_at IS NULL',
  );
  const deleteSubscription = db.prepare<[string]>('DELETE FROM newsletter_subscriptions WHERE email = ?');
  const deleteMail = db.prepare<[string]>('DELETE FROM outgoing_mail WHERE recipient = ? COLLATE NOCASE');
  // The counter of the account's address; those of an address with a client address are keyed by both and go within a day.
  const deleteLimits = db.prepare<[string]>('DELETE FROM login_limits WHERE key = ?');
  const deleteUser = db.prepare<[number]>('DELETE FROM users WHERE id = ?');

  return {
    exportOf(user: UserRow, now: Date): AccountExport {
      const periods = retentionPeriods(db);
      const newsletter = user.verified_at === null ? undefined : subscription.get(user.email);
      return {
        exportedAt: now.toISOString(),
        account: {
          id: user.id,
          email: user.email,
          name: user.name,
          phone: user.phone,
          streetAddress: user.street_address,
          postalCode: user.postal_code,
          town: user.town,
          locale: user.locale,
          registeredAt: user.created_at,
          verifiedAt: user.verified_at,
        },
        sessions: sessions.all({ userId: user.id, now: now.toISOString() }).map((s) => ({ startedAt: s.created_at, expiresAt: s.expires_at })),
        submissions: (user.verified_at === null ? [] : submissions.all(user.email)).map((s) => ({
          id: s.id,
          kind: s.kind,
          locale: s.locale,
          status: visitorStatus(s.status),
          receivedAt: s.created_at,
          lastActivityAt: s.last_activity_at ?? s.created_at,
          data: JSON.parse(s.data) as Record<string, unknown>,
          visitAt: s.visit_at,
          sentSignedIn: s.signed_in === 1,
          replies: texts(s.id, 'reply'),
          notes: texts(s.id, 'note'),
        })),
        newsletter: newsletter
          ? {
              email: newsletter.email,
              locale: newsletter.locale,
              signedUpAt: newsletter.created_at,
              consentAt: newsletter.consent_at,
              confirmedAt: newsletter.confirmed_at,
              unsubscribedAt: newsletter.unsubscribed_at,
            }
          : null,
        retention: { submissionMonths: periods.submissionMonths, unconfirmedDays: periods.unconfirmedDays },
      };
    },

    /**
     * Erases an account now: the account row (its sessions and tokens with it), the newsletter
     * subscription of its address, every queued or sent mail to it and its login counter. Its
     * submissions stay with the company until their retention period ends, marked so that housekeeping
     * then anonymises them rather than erases them. Must run inside the caller's transaction.
     */
    eraseAccount(user: UserRow): void {
      if (user.verified_at !== null) markFromAccount.run(user.email);
      deleteSubscription.run(user.email);
      deleteMail.run(user.email);
      deleteLimits.run(limitKeys(user.email, '').account);
      deleteUser.run(user.id);
    },
  };
}
