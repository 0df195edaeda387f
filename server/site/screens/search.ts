import { FRESHNESS } from '../cache-control';
import { sameScreen } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, type ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `search` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/search.ts; its page: client/pages/search.tsx.
 */
export default {
  async loader(args, locale) {
    const query = (new URL(args.request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
    const { t, api } = args.context;
    const results = query ? await load(args.request, () => api.search(locale, query)) : null;
    return {
      query,
      results,
      meta: {
        title: t('search.title'),
        description: t('search.description'),
        alternates: sameScreen('search'),
        breadcrumb: breadcrumb(t, locale, { title: t('search.title') }),
      },
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'search'>;
