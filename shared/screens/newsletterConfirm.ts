import { ACCOUNT, defineScreen } from './define';

/** The token of the mail's link (null when the address carries none of the right shape). */
export type NewsletterConfirmData = { token: string | null };

/** The link in a signup's confirmation mail (`?token=`): a page with one button that subscribes. */
export default defineScreen<NewsletterConfirmData>()({
  path: { sl: '/e-novice/potrditev', en: '/newsletter/confirm', de: '/newsletter/bestaetigen' },
  page: 'newsletter-confirm',
  // One visitor's link: never cached, indexed or listed; the post is the button's.
  traits: { ...ACCOUNT, query: { token: 'input' } },
  namespaces: ['account'],
});
