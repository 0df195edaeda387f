import type { Locale } from '../../../shared/locales';
import type { CmsStrings, Words } from '../strings';
import { lines } from './plain-text';

/**
 * The account mails, as plain text: the order of each one's paragraphs is here, their words in
 * `locales/{lang}/mail.json` under the mail's name (the greeting and sign-off shared by all). They
 * never quote anything a visitor typed (not even the name given at registration): whoever registers
 * may type someone else's address, and the mail must not carry their words to that inbox.
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

/** A mail's paragraphs between the greeting and the sign-off. */
type Body<T extends MailTemplate> = (t: Words, vars: MailVars[T]) => string[];

const BODIES: { [T in MailTemplate]: Body<T> } = {
  verify_email: (t, { company, link }) => [t('intro', { company }), link, t('validity'), t('notYou')],
  registration_attempt: (t, { company, loginLink, resetLink }) => [
    t('intro', { company }),
    t('signIn', { loginLink }),
    t('forgotten', { resetLink }),
    t('notYou'),
  ],
  password_reset: (t, { company, link }) => [t('intro', { company }), link, t('validity'), t('notYou')],
  password_changed: (t, { company, resetLink, contactEmail }) => [t('intro', { company }), t('ifYou'), t('notYou', { resetLink, contactEmail })],
  login_unlock: (t, { company, link, resetLink }) => [t('intro', { company }), t('unlock', { link }), t('validity'), t('notYou', { resetLink })],
  staff_invitation: (t, { company, link, role, until }) => [t('intro', { company, role }), link, t('validity', { until }), t('notExpected')],
  lead_visit_booked: (t, { when, contactPhone, contactEmail }) => [t('intro', { when }), t('change', { contactPhone, contactEmail })],
  lead_quote_sent: (t, { contactPhone, contactEmail }) => [t('intro'), t('questions', { contactPhone, contactEmail })],
  lead_reply: (_t, { text }) => [text],
};

/** A mail a person wrote and may be answered: signed by them, without the no-reply line. */
const PERSONAL: Partial<Record<MailTemplate, (t: Words, vars: MailVars[MailTemplate]) => string[]>> = {
  lead_reply: (t, vars) => [t('lead_reply.signOff', vars), t('lead_reply.answerable')],
};

export function renderMail<T extends MailTemplate>(strings: CmsStrings, template: T, locale: Locale, vars: MailVars[T]): RenderedMail {
  const t = strings.mail(locale);
  // The mail's own words are under its name.
  const own: Words = (key, values) => t(`${template}.${key}`, values);
  return {
    subject: own('subject', vars),
    // Sent from an address nobody reads: the sign-off says so.
    text: PERSONAL[template]
      ? lines(t('greeting'), ...BODIES[template](own, vars), ...PERSONAL[template](t, vars))
      : lines(t('greeting'), ...BODIES[template](own, vars), t('signOff', vars), t('automated')),
  };
}
