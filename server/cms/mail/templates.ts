import type { Locale } from '../../../shared/locales';
import { de } from './templates/de';
import { en } from './templates/en';
import { sl } from './templates/sl';

/**
 * The account mails, written per locale (templates/sl.ts, en.ts, de.ts) as plain text. They never
 * quote anything a visitor typed (not even the name given at registration): whoever registers may
 * type someone else's address, and the mail must not carry their words to that inbox.
 */

export type MailVars = {
  /** After registering: the link that confirms the address. */
  verify_email: { company: string; link: string };
  /** Someone registered with an address that already has an account. */
  registration_attempt: { company: string; loginLink: string; resetLink: string };
  password_reset: { company: string; link: string };
  /** After a password reset or change; `resetLink` is the reset page without a token. */
  password_changed: { company: string; resetLink: string; contactEmail: string };
  /** Failed sign-ins on the account: `link` is the login page with a single-use unlock token. */
  login_unlock: { company: string; link: string; resetLink: string };
};

export type MailTemplate = keyof MailVars;

export type RenderedMail = { subject: string; text: string };

export type LocaleTemplates = { [T in MailTemplate]: (vars: MailVars[T]) => RenderedMail };

const TEMPLATES: Record<Locale, LocaleTemplates> = { sl, en, de };

export function renderMail<T extends MailTemplate>(template: T, locale: Locale, vars: MailVars[T]): RenderedMail {
  return TEMPLATES[locale][template](vars);
}
