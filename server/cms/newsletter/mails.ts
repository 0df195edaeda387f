import { NEWSLETTER_CONFIRM_DAYS } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import { pathTo } from '../../../shared/routes';
import { companySettings } from '../company';
import type { Db } from '../db';
import { renderFormMail } from '../mail/form-templates';
import { confirmationAllowed } from '../mail/confirmation-cap';
import type { MailQueue } from '../mail/queue';
import type { CmsStrings } from '../strings';

/**
 * The newsletter's mails, with their links on the site's public origin: the confirmation of a signup
 * (the `newsletterConfirm` screen) and every mail to a subscriber, the welcome first, which carries an
 * unsubscribe link (the `newsletterUnsubscribe` screen) in its text and in the `List-Unsubscribe`
 * headers of RFC 2369 and RFC 8058, so mail programs offer a one-click unsubscribe. Must be called
 * inside the caller's transaction; the caller makes and stores the tokens.
 */

/** Any later newsletter mail is written with its unsubscribe link and sent through `toSubscriber`. */
export type SubscriberMail = { subject: string; text: string };

/**
 * At most this many welcomes to one address per hour: a signed-in visitor switching the profile's
 * subscription on and off must not fill their own inbox (nor the company's sending reputation).
 */
export const WELCOMES_PER_HOUR = 3;

export type NewsletterMails = ReturnType<typeof newsletterMails>;

export function newsletterMails(db: Db, queue: MailQueue, siteUrl: string, strings: CmsStrings) {
  const origin = siteUrl.replace(/\/+$/, '');
  const company = companySettings(db, new URL(origin).hostname);
  const link = (route: 'newsletterConfirm' | 'newsletterUnsubscribe', lang: Locale, token: string) =>
    `${origin}${pathTo(route, lang)}?token=${encodeURIComponent(token)}`;

  /**
   * RFC 8058: a mail program POSTs `List-Unsubscribe=One-Click` to the https link, with no cookie and
   * no page; the mailto (the company's address, read by a person) is for programs that cannot.
   */
  function unsubscribeHeaders(unsubscribeLink: string): Record<string, string> {
    const { email } = company();
    const mailto = email ? `, <mailto:${email}?subject=${encodeURIComponent('unsubscribe')}>` : '';
    return { 'List-Unsubscribe': `<${unsubscribeLink}>${mailto}`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }

  /** A mail to a subscriber (the welcome, any newsletter): its unsubscribe link is already in its text. */
  function toSubscriber(to: string, template: 'newsletter_welcome', mail: SubscriberMail, unsubscribeLink: string, at: Date): void {
    queue.enqueue({ to, template, ...mail, replyTo: company().email || undefined, headers: unsubscribeHeaders(unsubscribeLink) }, at);
  }

  return {
    unsubscribeLink: (lang: Locale, token: string) => link('newsletterUnsubscribe', lang, token),

    /** Whether a confirmation went to this address's mailbox since then, under any spelling (`name+1@`, `Name@`). */
    confirmedSince: (to: string, since: Date) => queue.countSince(to, 'newsletter_confirm', since) > 0,
    /** Whether one more confirmation may go to this address's mailbox now (mail/confirmation-cap.ts). */
    confirmationAllowed: (to: string, at: Date) => confirmationAllowed(queue, to, at),

    confirmation(to: string, lang: Locale, token: string, at: Date): void {
      const mail = renderFormMail(strings, 'newsletter_confirm', lang, {
        company: company().name,
        link: link('newsletterConfirm', lang, token),
        days: NEWSLETTER_CONFIRM_DAYS,
      });
      queue.enqueue({ to, template: 'newsletter_confirm', ...mail, replyTo: company().email || undefined }, at);
    },

    toSubscriber,

    welcome(to: string, lang: Locale, unsubscribeLink: string, at: Date): void {
      if (queue.countSince(to, 'newsletter_welcome', new Date(at.getTime() - 60 * 60_000)) >= WELCOMES_PER_HOUR) return;
      const { name, email } = company();
      const mail = renderFormMail(strings, 'newsletter_welcome', lang, { company: name, contactEmail: email, unsubscribeLink });
      toSubscriber(to, 'newsletter_welcome', mail, unsubscribeLink, at);
    },
  };
}
