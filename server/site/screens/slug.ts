import { pathTo } from '../../../shared/routes';
import { FRESHNESS } from '../cache-control';
import { bySlugs } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, slugParam, type ScreenModule } from '../routing/loaders';
import { productMeta } from './product';

/**
 * The server's half of the `slug` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/slug.ts; its page: client/pages/slug.tsx.
 */
export default {
  async loader(args, locale) {
    const slug = slugParam(args);
    const { t } = args.context;
    const target = await load(args.request, () => args.context.api.bySlug(locale, slug));
    // A product here is also at its own product address, which is the canonical one.
    if (target.type === 'product') return { target, ...productMeta(t, locale, target.product) };
    const { category } = target;
    return {
      target,
      meta: {
        ...category.seo,
        alternates: bySlugs('slug', category.slugs),
        breadcrumb: breadcrumb(t, locale, { title: t('categories.title'), path: pathTo('categories', locale) }, { title: category.title }),
        image: category.image,
      },
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'slug'>;
