import { FRESHNESS } from '../cache-control';
import { sameScreen } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, type ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `categories` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/categories.ts; its page: client/pages/categories.tsx.
 */
export default {
  async loader(args, locale) {
    const { t } = args.context;
    const categories = await load(args.request, () => args.context.api.categories(locale));
    return {
      categories: categories.map(({ products: _, ...category }) => category),
      products: Object.fromEntries(categories.map((c) => [c.id, c.products])),
      meta: {
        title: t('categories.title'),
        description: t('categories.description'),
        alternates: sameScreen('categories'),
        breadcrumb: breadcrumb(t, locale, { title: t('categories.title') }),
      },
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'categories'>;
