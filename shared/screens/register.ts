import { ACCOUNT, defineScreen } from './define';

export type RegisterData = object;

/** Making an account. */
export default defineScreen<RegisterData>()({
  path: '/register',
  page: 'account-register',
  traits: ACCOUNT,
  namespaces: ['account'],
});
