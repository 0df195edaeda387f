import { ACCOUNT, defineScreen } from './define';

/** `unlock`: the token of an unlock link (`?unlock=`), which the login form carries. */
export type LoginData = { unlock: string | null };

/** Signing in. */
export default defineScreen<LoginData>()({
  path: '/login',
  page: 'account-login',
  traits: { ...ACCOUNT, query: { unlock: 'input' } },
  namespaces: ['account'],
});
