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
};

export type MailTemplate = keyof MailVars;

export type RenderedMail = { subject: string; text: string };

/** A mail's paragraphs between the greeting and the sign-off. */
type Body<T extends MailTemplate> = (t: Words, vars: MailVars[T]) => string[];

const BODIES: { [T in MailTemplate]: Body<T> } = {
  verify_email: (t, { company, link }) => [t('intro', { company }), link, t('validity'), t('notYou')],
  registration_attempt: (t, { company, loginLink, resetLink }) => [t('intro', { company }), t('signIn', { loginLink }), t('forgotten', { resetLink }), t('notYou')],
  password_reset: (t, { company, link }) => [t('intro', { company }), link, t('validity'), t('notYou')],
  password_changed: (t, { company, resetLink, contactEmail }) => [t('intro', { company }), t('ifYou'), t('notYou', { resetLink, contactEmail })],
  login_unlock: (t, { company, link, resetLink }) => [t('intro', { company }), t('unlock', { link }), t('validity'), t('notYou', { resetLink })],
};

export function renderMail<T extends MailTemplate>(strings: CmsStrings, template: T, locale: Locale, vars: MailVars[T]): RenderedMail {
  const t = strings.mail(locale);
  // The mail's own words are under its name.
  const own: Words = (key, values) => t(`${template}.${key}`, values);
  return {
    subject: own('subject', vars),
    // Sent from an address nobody reads: the sign-off says so.
    text: lines(t('greeting'), ...BODIES[template](own, vars), t('signOff', vars), t('automated')),
  };
}
