import type { FaqSearchResults, Home, Init, SearchResults } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { searchEngine } from '../search/engine';
import type { CmsStrings } from '../strings';
import { articleQueries } from './articles';
import { catalogQueries } from './catalog';
import { faqQueries } from './faq';
import { siteQueries } from './site';
import { sitemapQueries } from './sitemap';

export type { ArticleListQuery } from './articles';

/** Newest articles on the home page. */
const HOME_LATEST_ARTICLES = 3;

/** One function per endpoint of the contract; undefined means the entity does not exist. */
export type ContentQueries = ReturnType<typeof contentQueries>;

/**
 * `now`: the clock articles come out by (tests move it). `readAt`: the time articles, lists and the
 * sitemap are read at, later than now in a preview of an article dated later; the search index, built
 * once for every reader, keeps to `now`.
 */
export function contentQueries(db: Db, strings: CmsStrings, now: () => Date = () => new Date(), readAt: () => Date = now) {
  const site = siteQueries(db, strings);
  const catalog = catalogQueries(db);
  const articles = articleQueries(db, readAt);
  const faq = faqQueries(db);
  const engine = searchEngine(db, now);

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
      const home = site.home(locale, now());
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
    sitemap: sitemapQueries(db, readAt).sitemap,
    search(locale: Locale, query: string, perSection?: number): SearchResults {
      const { sections, suggestion } = engine.search(locale, query, perSection);
      const ids = (kind: keyof typeof sections) => sections[kind].map((hit) => hit.entityId);
      const excerpts = (kind: 'page' | 'faq') => new Map(sections[kind].map((hit) => [hit.entityId, hit.excerpt]));
      const pageExcerpts = excerpts('page');
      const faqExcerpts = excerpts('faq');
      return {
        query,
        articles: articles.byIds(locale, ids('article')),
        products: catalog.productsByIds(locale, ids('product')),
        categories: catalog.categoriesByIds(locale, ids('category')),
        pages: site.pagesByIds(locale, ids('page')).map(({ key, slug, title, id }) => ({ key, slug, title, excerpt: pageExcerpts.get(id)! })),
        faq: faq.itemsByIds(locale, ids('faq')).map((item) => ({ ...item, excerpt: faqExcerpts.get(item.id)! })),
        suggestion,
      };
    },
    faqSearch(locale: Locale, query: string): FaqSearchResults {
      return { query, ...engine.faq(locale, query) };
    },
    /** Builds the search index of every locale now; how long it took, in ms. */
    rebuildSearchIndex: () => engine.rebuild(),
  };
}
