import { FRESHNESS } from '../cache-control';
import { sameScreen } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `contact` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/contact.ts; its page: client/pages/contact.tsx.
 */
export default {
  // The showrooms and contacts are the layout's settings; the screen adds only its meta.
  async loader(args, locale) {
    const { t } = args.context;
    return {
      meta: {
        title: t('contact.title'),
        description: t('contact.description'),
        alternates: sameScreen('contact'),
        breadcrumb: breadcrumb(t, locale, { title: t('contact.title') }),
      },
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'contact'>;
