import type { ScreenModule } from '../routing/loaders';
import { meta, tokenOf, useToken } from '../routing/newsletter-screens';

/**
 * The server's half of the `newsletterUnsubscribe` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/newsletterUnsubscribe.ts; its page: client/pages/newsletter-unsubscribe.tsx.
 */
export default {
  async loader(args, locale) {
    return { token: tokenOf(args.request), meta: meta(args, locale, 'newsletterUnsubscribe') };
  },

  action: (args, locale) => useToken(args, 'newsletterUnsubscribe', (token) => args.context.account.unsubscribeNewsletter(locale, token)),

  freshness: null,
} satisfies ScreenModule<'newsletterUnsubscribe'>;
