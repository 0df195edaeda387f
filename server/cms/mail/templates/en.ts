import { lines } from '../plain-text';
import type { LocaleTemplates } from '../templates';

const SIGN_OFF = (company: string) => `Kind regards,\n${company}\n\nThis is an automated message; please do not reply to it.`;

export const en: LocaleTemplates = {
  verify_email: ({ company, link }) => ({
    subject: `${company}: please confirm your email address`,
    text: lines(
      'Hello,',
      `Thank you for creating an account on the ${company} website. To complete your registration, please confirm your email address by opening this link:`,
      link,
      'The link is valid for 48 hours and can only be used once.',
      'If you did not create an account, you can safely ignore this email – the account will not be activated without confirmation.',
      SIGN_OFF(company),
    ),
  }),

  registration_attempt: ({ company, loginLink, resetLink }) => ({
    subject: `${company}: someone tried to register with your email address`,
    text: lines(
      'Hello,',
      `Someone has just tried to create a new account on the ${company} website using your email address. As an account with this address already exists, no new account was created.`,
      `If this was you, you can sign in here:\n${loginLink}`,
      `If you have forgotten your password, you can set a new one here:\n${resetLink}`,
      'If this was not you, you can safely ignore this email – your account has not been changed.',
      SIGN_OFF(company),
    ),
  }),

  password_reset: ({ company, link }) => ({
    subject: `${company}: reset your password`,
    text: lines(
      'Hello,',
      `We have received a request to reset the password of your account on the ${company} website. You can set a new password using this link:`,
      link,
      'The link is valid for one hour and can only be used once.',
      'If you did not ask to reset your password, you can safely ignore this email – your password has not been changed.',
      SIGN_OFF(company),
    ),
  }),

  password_changed: ({ company, resetLink, contactEmail }) => ({
    subject: `${company}: your password has been changed`,
    text: lines(
      'Hello,',
      `The password of your account on the ${company} website has just been changed.`,
      'If you made this change, everything is in order and there is nothing more you need to do.',
      `If you did not change your password, please set a new one straight away:\n${resetLink}\nand let us know at ${contactEmail}.`,
      SIGN_OFF(company),
    ),
  }),

  login_unlock: ({ company, link, resetLink }) => ({
    subject: `${company}: failed sign-ins to your account`,
    text: lines(
      'Hello,',
      `Someone has just tried several times to sign in to your account on the ${company} website with a wrong password. To protect your account, further attempts are now being slowed down.`,
      `If it was you, this link lets you sign in at once, without waiting:\n${link}`,
      'The link is valid for one hour and can only be used once.',
      `If it was not you, nobody has signed in and you need do nothing. If your password is easy to guess, set a new one here:\n${resetLink}`,
      SIGN_OFF(company),
    ),
  }),

  staff_invitation: ({ company, link, role, until }) => ({
    subject: `${company}: invitation to the website's staff area`,
    text: lines(
      'Hello,',
      `You have been invited to the staff area of the ${company} website, to work as ${role}. Open this link to choose your name and password and to add a sign-in code to an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or similar):`,
      link,
      `The link works until ${until} and can only be used once.`,
      'If you did not expect this invitation, you can ignore this email.',
      SIGN_OFF(company),
    ),
  }),

  lead_visit_booked: ({ company, when, contactPhone, contactEmail }) => ({
    subject: `${company}: your free measuring visit`,
    text: lines(
      'Hello,',
      `We have booked the free measuring visit for your inquiry: ${when}.`,
      `If this time does not suit you, please call us on ${contactPhone} or write to ${contactEmail}. You can also follow your inquiry in your account on our website.`,
      SIGN_OFF(company),
    ),
  }),

  lead_quote_sent: ({ company, contactPhone, contactEmail }) => ({
    subject: `${company}: the quote for your inquiry`,
    text: lines(
      'Hello,',
      'We have prepared the quote for your inquiry and sent it to you.',
      `If it has not reached you, or if you have any questions, please call us on ${contactPhone} or write to ${contactEmail}.`,
      SIGN_OFF(company),
    ),
  }),

  lead_reply: ({ company, text, member }) => ({
    subject: `${company}: a reply to your inquiry`,
    text: lines('Hello,', text, `Kind regards,\n${member}\n${company}\n\nYou can reply to this email.`),
  }),
};
