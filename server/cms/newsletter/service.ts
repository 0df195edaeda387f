import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { NEWSLETTER_CONFIRM_DAYS, type NewsletterState } from '../../../shared/api/contract';
import type { NewsletterForm } from '../../../shared/forms/newsletter';
import type { Locale } from '../../../shared/locales';
import { newToken, tokenHash } from '../accounts/tokens';
import type { Db } from '../db';
import type { NewsletterMails } from './mails';
import { isActive, newsletterStore, type SubscriptionRow } from './store';

/**
 * The newsletter's consent, double opt-in (docs/decisions/0023-newsletter-consent.md):
 * - a signup stores the address as not yet subscribed and mails it a confirmation link, at most one
 *   per hour however often the address is typed in, except right after an unsubscribe (its
 *   confirmation is spent: a new one is what the visitor asks for); never more than the per-address
 *   cap of confirmations (mail/confirmation-cap.ts); an address already subscribed gets nothing. The
 *   answer never differs, so the form cannot tell whether an address is known.
 * - confirming (a POST from the page the link opens) subscribes it and sends the welcome, the first
 *   mail with an unsubscribe link; unsubscribing is a POST with that link's token.
 * - a signed-in, verified account subscribes its own address at once: it proved the address already.
 * Each step runs in one IMMEDIATE transaction with its mails. Logs carry ids, never addresses.
 */

export const CONFIRM_TOKEN_MS = NEWSLETTER_CONFIRM_DAYS * 24 * 60 * 60_000;
/** A second confirmation mail to an address waits this long after the one before, unless it unsubscribed since. */
export const CONFIRMATION_INTERVAL_MS = 60 * 60_000;

export type SignupAck = { id: string; created: boolean };
export type TokenOutcome = 'done' | 'invalid_token';
/** `already`: a confirmation link used again while its address is still subscribed. */
export type ConfirmOutcome = TokenOutcome | 'already';

export type NewsletterService = ReturnType<typeof newsletterService>;

export function newsletterService({ db, mails, logger, now = () => new Date() }: { db: Db; mails: NewsletterMails; logger: Logger; now?: () => Date }) {
  const store = newsletterStore(db);
  const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();

  /** The welcome, with the first unsubscribe link of this subscription. */
  function welcome(row: SubscriptionRow, lang: Locale, at: Date): void {
    const token = newToken();
    store.addToken({ hash: tokenHash(token), subscriptionId: row.id, kind: 'unsubscribe', expiresAt: null }, at.toISOString());
    mails.welcome(row.email, lang, mails.unsubscribeLink(lang, token), at);
  }

  /** A token of this kind that may still be used: unknown, spent and expired tokens are all the same "invalid". */
  function liveToken(token: string, kind: 'confirm' | 'unsubscribe', at: Date) {
    const hash = tokenHash(token);
    const row = store.tokenByHash(hash);
    if (!row || row.kind !== kind) return undefined;
    if (row.expires_at !== null && Date.parse(row.expires_at) <= at.getTime()) return undefined;
    return { hash, row };
  }

  return {
    /** The id a key was first answered with, if it was seen before. */
    knownKey: (key: string) => store.subscriptionIdByKey(key),

    /**
     * A signup from the site's forms. Every new key is `created` (201) whatever the address's state,
     * and the same key again answers its first id.
     */
    signup(lang: Locale, key: string, form: NewsletterForm, { spam = false }: { spam?: boolean } = {}): SignupAck {
      return inTransaction(() => {
        const known = store.subscriptionIdByKey(key);
        if (known !== undefined) return { id: known, created: false };
        const at = now();
        const stamp = at.toISOString();
        let row = store.byEmail(form.email);
        if (!row) {
          store.add({ id: randomUUID(), email: form.email, locale: lang }, stamp);
          row = store.byEmail(form.email)!;
        } else if (!isActive(row)) {
          store.signedUpAgain(row.id, lang, stamp);
        }
        store.addRequest(key, row.id, stamp);
        if (isActive(row)) return { id: row.id, created: true };
        // Judged spam: kept unconfirmed (erased with the other unconfirmed signups), no mail to the address.
        if (spam) {
          logger.info({ subscriptionId: row.id, locale: lang }, 'newsletter signup judged spam: no confirmation');
          return { id: row.id, created: true };
        }
        // One confirmation an hour to one mailbox (`name+1@`, `name+2@` are signups of their own, one
        // inbox) while it waits for its click; an unsubscribe since spent it, and a signup now wants a new one.
        const since = new Date(at.getTime() - CONFIRMATION_INTERVAL_MS);
        const last = store.lastConfirmationAt(row.id);
        const unsubscribedSince = row.unsubscribed_at !== null && (last === undefined || Date.parse(row.unsubscribed_at) >= Date.parse(last));
        const waiting = !unsubscribedSince && ((last !== undefined && Date.parse(last) > since.getTime()) || mails.confirmedSince(form.email, since));
        if (waiting || !mails.confirmationAllowed(form.email, at)) return { id: row.id, created: true };
        const token = newToken();
        store.addToken(
          { hash: tokenHash(token), subscriptionId: row.id, kind: 'confirm', expiresAt: new Date(at.getTime() + CONFIRM_TOKEN_MS).toISOString() },
          stamp,
        );
        mails.confirmation(form.email, lang, token, at);
        logger.info({ subscriptionId: row.id, locale: lang }, 'newsletter confirmation sent');
        return { id: row.id, created: true };
      });
    },

    /**
     * The owner pressed the button on the confirmation page: subscribed, welcomed, every other confirmation
     * link spent. A spent link (this one, or another of the same signup) of an address subscribed now says
     * so; one spent by an unsubscribe is as invalid as an unknown one, so it never undoes that "no".
     */
    confirm(token: string): ConfirmOutcome {
      return inTransaction(() => {
        const at = now();
        const live = liveToken(token, 'confirm', at);
        if (!live) return 'invalid_token';
        const row = store.byId(live.row.subscription_id)!;
        if (live.row.used_at !== null) return isActive(row) ? 'already' : 'invalid_token';
        const stamp = at.toISOString();
        store.useToken(live.hash, stamp);
        store.spendConfirmTokens(row.id, stamp);
        store.confirm(row.id, stamp);
        welcome(row, row.locale, at);
        logger.info({ subscriptionId: row.id }, 'newsletter subscription confirmed');
        return 'done';
      });
    },

    /**
     * The one-click POST or the page's button. The same link works again (a mail program may post
     * twice) and does nothing more; it never subscribes, and says nothing about the address.
     */
    unsubscribe(token: string): TokenOutcome {
      return inTransaction(() => {
        const at = now();
        const live = liveToken(token, 'unsubscribe', at);
        if (!live) return 'invalid_token';
        const id = live.row.subscription_id;
        const stamp = at.toISOString();
        if (live.row.used_at === null) store.useToken(live.hash, stamp);
        store.unsubscribe(id, stamp);
        // A confirmation link still in the inbox must not undo what was just asked.
        store.spendConfirmTokens(id, stamp);
        logger.info({ subscriptionId: id }, 'newsletter unsubscribed');
        return 'done';
      });
    },

    /** Whether a (verified) account's own address is subscribed now. */
    stateOf(email: string): NewsletterState {
      const row = store.byEmail(email);
      return { subscribed: row !== undefined && isActive(row) };
    },

    /** The profile's switch, for a verified account's own address: no confirmation mail, it proved the address. */
    setState(email: string, lang: Locale, subscribed: boolean): NewsletterState {
      return inTransaction(() => {
        const at = now();
        const stamp = at.toISOString();
        const row = store.byEmail(email);
        if (subscribed) {
          if (row && isActive(row)) return { subscribed: true };
          if (row) store.subscribeAtOnce(row.id, lang, stamp);
          else store.add({ id: randomUUID(), email, locale: lang }, stamp, stamp);
          const current = store.byEmail(email)!;
          store.spendConfirmTokens(current.id, stamp);
          welcome(current, lang, at);
          logger.info({ subscriptionId: current.id }, 'newsletter subscribed from the profile');
          return { subscribed: true };
        }
        // A signup still waiting for confirmation is ended too: its link must not subscribe after this "no".
        if (row) {
          store.unsubscribe(row.id, stamp);
          store.spendConfirmTokens(row.id, stamp);
          logger.info({ subscriptionId: row.id }, 'newsletter unsubscribed from the profile');
        }
        return { subscribed: false };
      });
    },
  };
}
