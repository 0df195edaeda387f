import { SLUG_PATTERN } from '../../../shared/page-data';
import { parseListPage } from '../../../shared/pagination';
import { pathTo } from '../../../shared/routes';
import { FRESHNESS } from '../cache-control';
import { bySlugs, sameScreen } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, notFound, routeCheckFailed, type ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `blog` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/blog.ts; its page: client/pages/blog-list.tsx.
 */
export default {
  async loader(args, locale) {
    const { api, t } = args.context;
    const categorySlug = args.params.category;
    if (categorySlug !== undefined && !SLUG_PATTERN.test(categorySlug)) routeCheckFailed(args.request);
    const init = await load(args.request, () => api.init(locale));
    const category = categorySlug ? init.articleCategories.find((c) => c.slug === categorySlug) : null;
    if (category === undefined) notFound(args.request);
    // A number the site never writes (or the upstream would refuse) is a 404 without asking for the list.
    const page = parseListPage(new URL(args.request.url).searchParams.get('page'));
    if (page === null) notFound(args.request);
    const list = await load(args.request, () => api.articles(locale, { category: category?.slug, page }));
    const pages = Math.max(1, Math.ceil(list.total / list.perPage));
    if (page > pages) notFound(args.request);
    const alternates = category ? bySlugs('blog', category.slugs, 'category') : sameScreen('blog');
    return {
      list,
      category,
      meta: {
        title: category?.title ?? t('blog.title'),
        description: category?.description ?? t('blog.description'),
        // Each page of the list is a page of its own (its own canonical), in every locale.
        alternates: page === 1 ? alternates : Object.fromEntries(Object.entries(alternates).map(([l, path]) => [l, `${path}?page=${page}`])),
        breadcrumb: category
          ? breadcrumb(t, locale, { title: t('blog.title'), path: pathTo('blog', locale) }, { title: category.title })
          : breadcrumb(t, locale, { title: t('blog.title') }),
      },
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'blog'>;
