import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';

/** The newsletter tables (newsletter_subscriptions, newsletter_requests, newsletter_tokens): every statement, nothing else. */

export type SubscriptionRow = {
  id: string;
  email: string;
  locale: Locale;
  consent_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
};

export type NewsletterTokenKind = 'confirm' | 'unsubscribe';

export type TokenRow = { subscription_id: string; kind: NewsletterTokenKind; expires_at: string | null; used_at: string | null };

/** Subscribed: confirmed by the address's owner and not unsubscribed since. */
export const isActive = (row: Pick<SubscriptionRow, 'confirmed_at' | 'unsubscribed_at'>) => row.confirmed_at !== null && row.unsubscribed_at === null;

export type NewsletterStore = ReturnType<typeof newsletterStore>;

export function newsletterStore(db: Db) {
  const requestByKey = db.prepare<[string], { subscription_id: string }>('SELECT subscription_id FROM newsletter_requests WHERE idempotency_key = ?');
  const insertRequest = db.prepare<{ key: string; subscriptionId: string; now: string }>(
    'INSERT INTO newsletter_requests (idempotency_key, subscription_id, created_at) VALUES (@key, @subscriptionId, @now)',
  );
  const columns = 'id, email, locale, consent_at, confirmed_at, unsubscribed_at';
  const byEmail = db.prepare<[string], SubscriptionRow>(`SELECT ${columns} FROM newsletter_subscriptions WHERE email = ?`);
  const byId = db.prepare<[string], SubscriptionRow>(`SELECT ${columns} FROM newsletter_subscriptions WHERE id = ?`);
  const insert = db.prepare<{ id: string; email: string; locale: Locale; now: string; confirmedAt: string | null }>(
    `INSERT INTO newsletter_subscriptions (id, email, locale, consent_at, created_at, confirmed_at) VALUES (@id, @email, @locale, @now, @now, @confirmedAt)`,
  );
  const signedUpAgain = db.prepare<{ id: string; locale: Locale; now: string }>(
    'UPDATE newsletter_subscriptions SET locale = @locale, consent_at = @now WHERE id = @id',
  );
  const confirm = db.prepare<{ id: string; now: string }>('UPDATE newsletter_subscriptions SET confirmed_at = @now, unsubscribed_at = NULL WHERE id = @id');
  const subscribeAtOnce = db.prepare<{ id: string; locale: Locale; now: string }>(
    'UPDATE newsletter_subscriptions SET locale = @locale, consent_at = @now, confirmed_at = @now, unsubscribed_at = NULL WHERE id = @id',
  );
  const unsubscribe = db.prepare<{ id: string; now: string }>(
    'UPDATE newsletter_subscriptions SET unsubscribed_at = @now WHERE id = @id AND unsubscribed_at IS NULL',
  );

  const insertToken = db.prepare<{ hash: string; subscriptionId: string; kind: NewsletterTokenKind; now: string; expiresAt: string | null }>(
    `INSERT INTO newsletter_tokens (token_hash, subscription_id, kind, created_at, expires_at) VALUES (@hash, @subscriptionId, @kind, @now, @expiresAt)`,
  );
  const tokenByHash = db.prepare<[string], TokenRow>('SELECT subscription_id, kind, expires_at, used_at FROM newsletter_tokens WHERE token_hash = ?');
  const useToken = db.prepare<{ hash: string; now: string }>('UPDATE newsletter_tokens SET used_at = @now WHERE token_hash = @hash');
  const spendConfirmTokens = db.prepare<{ id: string; now: string }>(
    `UPDATE newsletter_tokens SET used_at = @now WHERE subscription_id = @id AND kind = 'confirm' AND used_at IS NULL`,
  );
  const lastConfirmToken = db.prepare<[string], { created_at: string }>(
    `SELECT created_at FROM newsletter_tokens WHERE subscription_id = ? AND kind = 'confirm' ORDER BY created_at DESC LIMIT 1`,
  );

  return {
    /** The subscription a newsletter post with this key reached, if the key was seen before. */
    subscriptionIdByKey: (key: string) => requestByKey.get(key)?.subscription_id,
    addRequest: (key: string, subscriptionId: string, now: string) => void insertRequest.run({ key, subscriptionId, now }),
    byEmail: (email: string) => byEmail.get(email),
    byId: (id: string) => byId.get(id),
    /** A new row: a signup waiting for confirmation, or (`confirmedAt`) an account's own address. */
    add: (row: { id: string; email: string; locale: Locale }, now: string, confirmedAt: string | null = null) => void insert.run({ ...row, now, confirmedAt }),
    /** A new signup for an address not subscribed now: its language, and the moment the pending consent was given. */
    signedUpAgain: (id: string, locale: Locale, now: string) => void signedUpAgain.run({ id, locale, now }),
    confirm: (id: string, now: string) => void confirm.run({ id, now }),
    /** A consent given and confirmed at once (a verified account's own address). */
    subscribeAtOnce: (id: string, locale: Locale, now: string) => void subscribeAtOnce.run({ id, locale, now }),
    unsubscribe: (id: string, now: string) => void unsubscribe.run({ id, now }),

    addToken: (token: { hash: string; subscriptionId: string; kind: NewsletterTokenKind; expiresAt: string | null }, now: string) =>
      void insertToken.run({ ...token, now }),
    tokenByHash: (hash: string) => tokenByHash.get(hash),
    useToken: (hash: string, now: string) => void useToken.run({ hash, now }),
    /** No confirmation link of this subscription works any more (it was confirmed, or unsubscribed). */
    spendConfirmTokens: (id: string, now: string) => void spendConfirmTokens.run({ id, now }),
    /** When the newest confirmation link of this subscription was mailed. */
    lastConfirmationAt: (id: string) => lastConfirmToken.get(id)?.created_at,
  };
}
