import { LOCALES } from '../../../shared/locales';
import { pathTo } from '../../../shared/routes';
import { absoluteUrl, articleLd } from '../../../shared/structured-data';
import { FRESHNESS } from '../cache-control';
import { breadcrumb } from '../routing/breadcrumb';
import { load, notFound, type ScreenModule, slugParam } from '../routing/loaders';

/**
 * The server's half of the `blogArticle` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/blogArticle.ts; its page: client/pages/blog-article.tsx.
 */
export default {
  async loader(args, locale) {
    const slug = slugParam(args);
    const category = slugParam(args, 'category');
    const { t } = args.context;
    const article = await load(args.request, () => args.context.api.article(locale, slug));
    if (article.category.slug !== category) notFound(args.request);
    return {
      article,
      meta: {
        ...article.seo,
        alternates: Object.fromEntries(LOCALES.map((l) => [l, pathTo('blogArticle', l, { category: article.category.slugs[l], slug: article.slugs[l] })])),
        breadcrumb: breadcrumb(
          t,
          locale,
          { title: t('blog.title'), path: pathTo('blog', locale) },
          { title: article.category.title, path: pathTo('blog', locale, { category: article.category.slug }) },
          { title: article.title },
        ),
        image: article.image,
        type: 'article',
        publishedAt: article.publishedAt,
      },
      about: (site, url) => [articleLd(article, site, url, absoluteUrl(site.origin, '/favicon.svg'))],
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'blogArticle'>;
