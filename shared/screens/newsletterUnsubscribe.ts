import { ACCOUNT, defineScreen } from './define';

/** The token of the mail's link (null when the address carries none of the right shape). */
export type NewsletterUnsubscribeData = { token: string | null };

/**
 * The unsubscribe link of every mail to a subscriber (`?token=`): a page with one button, and the
 * address mail programs post `List-Unsubscribe=One-Click` to (RFC 8058).
 */
export default defineScreen<NewsletterUnsubscribeData>()({
  path: { sl: '/e-novice/odjava', en: '/newsletter/unsubscribe', de: '/newsletter/abmelden' },
  page: 'newsletter-unsubscribe',
  // One visitor's link: never cached, indexed or listed; the post is the button's or a mail program's.
  traits: { ...ACCOUNT, query: { token: 'input' }, crossSitePost: true },
  namespaces: ['account'],
});
