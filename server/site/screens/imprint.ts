import { FRESHNESS } from '../cache-control';
import { sameScreen } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `imprint` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/imprint.ts; its page: client/pages/imprint.tsx.
 */
export default {
  // Its facts are the layout's settings (the company's register data); the screen adds only its meta.
  async loader(args, locale) {
    const { t } = args.context;
    return {
      meta: {
        title: t('imprint.title'),
        description: t('imprint.description'),
        alternates: sameScreen('imprint'),
        breadcrumb: breadcrumb(t, locale, { title: t('imprint.title') }),
      },
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'imprint'>;
