import { MAX_FAQ_QUERY } from '../../../shared/search/faq-items';
import { FRESHNESS } from '../cache-control';
import { sameScreen } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, type ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `faq` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/faq.ts; its page: client/pages/faq.tsx.
 */
export default {
  async loader(args, locale) {
    const { t, api } = args.context;
    const query = (new URL(args.request.url).searchParams.get('q') ?? '').slice(0, MAX_FAQ_QUERY);
    // The filter is the site search's engine, in the content API (the page filters as the visitor types through /api/faq-search).
    const [faq, found] = await Promise.all([
      load(args.request, () => api.faq(locale)),
      query.trim() ? load(args.request, () => api.faqSearch(locale, query.trim())) : null,
    ]);
    const filter = found && { query, ids: found.ids, suggestion: found.suggestion };
    // No FAQPage here: the list shows questions only, and structured data must describe what the page
    // shows. Each FAQ item page carries its own question and answer.
    return {
      faq,
      filter,
      meta: {
        title: t('faq.title'),
        description: t('faq.description'),
        alternates: sameScreen('faq'),
        breadcrumb: breadcrumb(t, locale, { title: t('faq.title') }),
      },
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'faq'>;
