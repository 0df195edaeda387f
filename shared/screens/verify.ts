import { ACCOUNT, defineScreen } from './define';

export type VerifyData = object;

/** Asking for the verification mail again. */
export default defineScreen<VerifyData>()({
  path: '/verify',
  page: 'account-verify',
  traits: ACCOUNT,
  namespaces: ['account'],
});
