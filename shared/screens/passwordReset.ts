import { ACCOUNT, defineScreen } from './define';

/** With a token from the mail: the new-password form; without: the request form. */
export type PasswordResetData = { token: string | null };

/** A new password: asked for by mail, then set with the mail's link (`?token=`). */
export default defineScreen<PasswordResetData>()({
  path: '/password-reset',
  page: 'account-password-reset',
  traits: { ...ACCOUNT, query: { token: 'input' } },
  namespaces: ['account'],
});
