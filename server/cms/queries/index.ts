import type { Home, Init, SearchResults } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import type { CmsStrings } from '../strings';
import { articleQueries } from './articles';
import { catalogQueries } from './catalog';
import { faqQueries } from './faq';
import { searchQueries } from './search';
import { siteQueries } from './site';
import { sitemapQueries } from './sitemap';

export type { ArticleListQuery } from './articles';

/** Newest articles on the home page. */
const HOME_LATEST_ARTICLES = 3;

/** One function per endpoint of the contract; undefined means the entity does not exist. */
export type ContentQueries = ReturnType<typeof contentQueries>;

export function contentQueries(db: Db, strings: CmsStrings) {
  const site = siteQueries(db, strings);
  const catalog = catalogQueries(db);
  const articles = articleQueries(db);
  const faq = faqQueries(db);
  const search = searchQueries(db);

  return {
    init(locale: Locale): Init {
      return {
        locales: site.locales(),
        settings: site.settings(),
        menus: site.menus(locale),
        languages: site.languages(locale),
        categories: catalog.categories(locale),
        articleCategories: articles.categories(locale),
        notification: site.notification(locale),
      };
    },
    home(locale: Locale): Home | undefined {
      const home = site.home(locale);
      const latest = articles.list(locale, { page: 1, perPage: HOME_LATEST_ARTICLES });
      return home && { ...home, latestArticles: latest?.items ?? [] };
    },
    page: site.page,
    product: catalog.product,
    categories: catalog.categoriesWithProducts,
    category: catalog.category,
    slugTarget: catalog.slugTarget,
    articles: articles.list,
    article: articles.article,
    faq: faq.faq,
    faqItem: faq.item,
    sitemap: sitemapQueries(db).sitemap,
    search(locale: Locale, query: string): SearchResults {
      const hits = search.find(locale, query);
      return {
        query,
        articles: articles.byIds(locale, hits.article),
        products: catalog.productsByIds(locale, hits.product),
        categories: catalog.categoriesByIds(locale, hits.category),
        pages: hits.pages,
      };
    },
  };
}
