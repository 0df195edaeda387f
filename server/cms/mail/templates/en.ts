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
};
