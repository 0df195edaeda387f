import type { ResetLinkState } from '../api/contract';
import { ACCOUNT, defineScreen } from './define';

/**
 * With a token from the mail: the new-password form, or, when `link` says the link can set no password
 * (spent, unknown or expired), that and a new link at once; without: the request form. `link` is null
 * without a token, or when the content API could not tell (the form then, its post tells).
 */
export type PasswordResetData = { token: string | null; link: ResetLinkState | null };

/** A new password: asked for by mail, then set with the mail's link (`?token=`). */
export default defineScreen<PasswordResetData>()({
  path: '/password-reset',
  page: 'account-password-reset',
  traits: { ...ACCOUNT, query: { token: 'input' } },
  namespaces: ['account'],
});
