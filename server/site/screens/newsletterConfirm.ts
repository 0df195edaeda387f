import type { ScreenModule } from '../routing/loaders';
import { meta, tokenOf, useToken } from '../routing/newsletter-screens';

/**
 * The server's half of the `newsletterConfirm` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/newsletterConfirm.ts; its page: client/pages/newsletter-confirm.tsx.
 */
export default {
  async loader(args, locale) {
    return { token: tokenOf(args.request), meta: meta(args, locale, 'newsletterConfirm') };
  },

  action: (args, locale) => useToken(args, 'newsletterConfirm', (token) => args.context.account.confirmNewsletter(locale, token)),

  freshness: null,
} satisfies ScreenModule<'newsletterConfirm'>;
