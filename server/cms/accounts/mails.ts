import { pathTo } from '../../../shared/routes';
import type { Locale } from '../../../shared/locales';
import { companySettings } from '../company';
import type { Db } from '../db';
import type { MailQueue } from '../mail/queue';
import { renderMail, type MailTemplate } from '../mail/templates';
import type { CmsStrings } from '../strings';

/**
 * The mails the account flows send: builds the site links (the route table's `verifyEmail`,
 * `passwordReset` and `login` screens on the site's public origin), fills in the company from the
 * settings, and queues the result. Must be called inside the caller's transaction.
 */

/**
 * At most this many mails of one kind to one address per hour. The endpoints that send them answer
 * anyone who knows an address, so without a cap they would let a stranger flood someone's inbox.
 */
export const MAILS_PER_HOUR = 3;

export type AccountMails = ReturnType<typeof accountMails>;

export function accountMails(db: Db, queue: MailQueue, siteUrl: string, strings: CmsStrings) {
  const origin = siteUrl.replace(/\/+$/, '');
  const settings = companySettings(db, new URL(origin).hostname);

  /** Read at send time: the settings change with a content import. */
  function company(): { company: string; contactEmail: string } {
    const { name, email } = settings();
    return { company: name, contactEmail: email };
  }

  const link = (route: 'verifyEmail' | 'passwordReset' | 'login', lang: Locale, token?: string, param = 'token') =>
    `${origin}${pathTo(route, lang)}${token ? `?${param}=${encodeURIComponent(token)}` : ''}`;

  return {
    /** False when this address has had enough mails of this kind in the last hour. */
    allowed(to: string, template: MailTemplate, now: Date, perHour = MAILS_PER_HOUR): boolean {
      return queue.countSince(to, template, new Date(now.getTime() - 60 * 60_000)) < perHour;
    },
    verifyEmail(to: string, lang: Locale, token: string, now: Date): void {
      const mail = renderMail(strings, 'verify_email', lang, { company: company().company, link: link('verifyEmail', lang, token) });
      queue.enqueue({ to, template: 'verify_email', ...mail }, now);
    },
    registrationAttempt(to: string, lang: Locale, now: Date): void {
      const mail = renderMail(strings, 'registration_attempt', lang, {
        company: company().company,
        loginLink: link('login', lang),
        resetLink: link('passwordReset', lang),
      });
      queue.enqueue({ to, template: 'registration_attempt', ...mail }, now);
    },
    passwordReset(to: string, lang: Locale, token: string, now: Date): void {
      const mail = renderMail(strings, 'password_reset', lang, { company: company().company, link: link('passwordReset', lang, token) });
      queue.enqueue({ to, template: 'password_reset', ...mail }, now);
    },
    /** The login page with an unlock token (`?unlock=`): its form carries it, and its sign-in passes the limits. */
    loginUnlock(to: string, lang: Locale, token: string, now: Date): void {
      const mail = renderMail(strings, 'login_unlock', lang, {
        company: company().company,
        link: link('login', lang, token, 'unlock'),
        resetLink: link('passwordReset', lang),
      });
      queue.enqueue({ to, template: 'login_unlock', ...mail }, now);
    },
    passwordChanged(to: string, lang: Locale, now: Date): void {
      const mail = renderMail(strings, 'password_changed', lang, { ...company(), resetLink: link('passwordReset', lang) });
      queue.enqueue({ to, template: 'password_changed', ...mail }, now);
    },
  };
}
