import type * as c from '../api/contract';
import { ACCOUNT, defineScreen } from './define';

/** `submissions`: null when they could not be loaded (the rest of the profile still works). */
export type ProfileData = { user: c.AccountUser; submissions: c.AccountSubmission[] | null; newsletter: c.NewsletterState | null };

/** The signed-in visitor's account: details, password, newsletter, submissions. */
export default defineScreen<ProfileData>()({
  path: '/user/profile',
  page: 'account-profile',
  traits: ACCOUNT,
  // The list of the visitor's submissions names their products as the inquiry does.
  namespaces: ['account', 'forms'],
});
