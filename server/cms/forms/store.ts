import type { AccountSubmission } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';

/** The form tables (submissions, newsletter_subscriptions, newsletter_requests): every statement, nothing else. */

export type SubmissionKind = 'inquiry' | 'service';

export type NewSubmission = {
  id: string;
  key: string;
  kind: SubmissionKind;
  locale: Locale;
  data: unknown;
  email: string | null;
  /** When the address was shown to be the poster's (a grant of its verified account); null otherwise. */
  emailConfirmedAt: string | null;
};

export type SubscriptionRow = { id: string; email: string; locale: Locale; unsubscribed_at: string | null };

/**
 * The most an account lists. Matching is by address, so an address that sends many (a company's own,
 * used for tests) must not make one page load unbounded.
 */
export const ACCOUNT_SUBMISSIONS_LIMIT = 200;

export type FormStore = ReturnType<typeof formStore>;

export function formStore(db: Db) {
  const submissionByKey = db.prepare<[string], { id: string }>('SELECT id FROM submissions WHERE idempotency_key = ?');
  const insertSubmission = db.prepare<{
    id: string; key: string; kind: SubmissionKind; locale: Locale; data: string; email: string | null; emailConfirmedAt: string | null; now: string;
  }>(
    `INSERT INTO submissions (id, idempotency_key, kind, locale, data, email, email_confirmed_at, created_at)
     VALUES (@id, @key, @kind, @locale, @data, @email, @emailConfirmedAt, @now)`,
  );
  const submissionsOf = db.prepare<
    { email: string; limit: number },
    { id: string; kind: SubmissionKind; offer_type: string | null; status: AccountSubmission['status']; created_at: string }
  >(
    `SELECT id, kind, json_extract(data, '$.offerType') AS offer_type, status, created_at FROM submissions
     WHERE email = @email AND email_confirmed_at IS NOT NULL
     ORDER BY created_at DESC, rowid DESC LIMIT @limit`,
  );

  const requestByKey = db.prepare<[string], { subscription_id: string }>('SELECT subscription_id FROM newsletter_requests WHERE idempotency_key = ?');
  const insertRequest = db.prepare<{ key: string; subscriptionId: string; now: string }>(
    'INSERT INTO newsletter_requests (idempotency_key, subscription_id, created_at) VALUES (@key, @subscriptionId, @now)',
  );
  const subscriptionByEmail = db.prepare<[string], SubscriptionRow>(
    'SELECT id, email, locale, unsubscribed_at FROM newsletter_subscriptions WHERE email = ?',
  );
  const insertSubscription = db.prepare<{ id: string; email: string; locale: Locale; now: string }>(
    `INSERT INTO newsletter_subscriptions (id, email, locale, consent_at, created_at) VALUES (@id, @email, @locale, @now, @now)`,
  );
  const resubscribe = db.prepare<{ id: string; locale: Locale; now: string }>(
    'UPDATE newsletter_subscriptions SET locale = @locale, consent_at = @now, unsubscribed_at = NULL WHERE id = @id',
  );

  return {
    /** The id stored under an idempotency key, if any (an inquiry's or a service request's). */
    submissionIdByKey: (key: string) => submissionByKey.get(key)?.id,
    addSubmission: (submission: NewSubmission, now: string) =>
      void insertSubmission.run({ ...submission, data: JSON.stringify(submission.data), now }),
    /** An address's inquiries and service requests whose address was confirmed for them, newest first. */
    submissionsOf: (email: string): AccountSubmission[] =>
      submissionsOf.all({ email, limit: ACCOUNT_SUBMISSIONS_LIMIT }).map((row) => ({
        id: row.id,
        kind: row.kind,
        offerType: row.kind === 'inquiry' ? row.offer_type : null,
        status: row.status,
        createdAt: row.created_at,
      })),

    /** The subscription a newsletter post with this key reached, if the key was seen before. */
    subscriptionIdByKey: (key: string) => requestByKey.get(key)?.subscription_id,
    addRequest: (key: string, subscriptionId: string, now: string) => void insertRequest.run({ key, subscriptionId, now }),
    subscriptionByEmail: (email: string) => subscriptionByEmail.get(email),
    addSubscription: (subscription: { id: string; email: string; locale: Locale }, now: string) => void insertSubscription.run({ ...subscription, now }),
    /** A new consent from an address that had unsubscribed: the same row, active again. */
    resubscribe: (id: string, locale: Locale, now: string) => void resubscribe.run({ id, locale, now }),
  };
}
