import { ACCOUNT, defineScreen } from './define';

export type VerifyEmailData = { token: string | null };

/** The link of the verification mail (`?token=`). */
export default defineScreen<VerifyEmailData>()({
  path: '/verify-email',
  page: 'account-verify-email',
  traits: { ...ACCOUNT, query: { token: 'input' } },
  namespaces: ['account'],
});
