import { ACCOUNT, defineScreen } from './define';

/** `deleted`: the account is gone and the visitor signed out (the confirmation after the post). */
export type AccountDeleteData = { deleted: boolean };

/** Deleting the account, the password asked again; `?deleted=1` is its confirmation, signed out. */
export default defineScreen<AccountDeleteData>()({
  path: '/user/delete',
  page: 'account-delete',
  traits: { ...ACCOUNT, query: { deleted: 'input' } },
  namespaces: ['account'],
});
