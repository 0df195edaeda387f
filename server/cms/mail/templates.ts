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
  /** An owner invited the address to the staff area: `link` joins (single-use), `role` in words, `until` when it stops working. */
  staff_invitation: { company: string; link: string; role: string; until: string };
  /** The company booked the free measuring visit of the visitor's lead; `when` is its local date and time in words. */
  lead_visit_booked: { company: string; when: string; contactPhone: string; contactEmail: string };
  /** The company sent the quote for the visitor's lead. */
  lead_quote_sent: { company: string; contactPhone: string; contactEmail: string };
  /** A member of staff answered the visitor's lead: their words, their name; Reply-To is the member. */
  lead_reply: { company: string; text: string; member: string };
};

export type MailTemplate = keyof MailVars;

export type RenderedMail = { subject: string; text: string };

export type LocaleTemplates = { [T in MailTemplate]: (vars: MailVars[T]) => RenderedMail };

const TEMPLATES: Record<Locale, LocaleTemplates> = { sl, en, de };

export function renderMail<T extends MailTemplate>(template: T, locale: Locale, vars: MailVars[T]): RenderedMail {
  return TEMPLATES[locale][template](vars);
}
