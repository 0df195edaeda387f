import * as c from '../../../shared/api/contract';
import { redirectAnswerSchema } from '../../../shared/api/staff-content';
import type { Locale } from '../../../shared/locales';
import type { UpstreamClient } from './client';

/** The content endpoints of the contract, typed: what loaders call. Searches go through `searches` (its own cache and queue). */
export function contentApi(client: UpstreamClient, searches: UpstreamClient = client) {
  const seg = encodeURIComponent;
  // The last init each locale had, for as long as the process lives: the error pages show the company's
  // phone and email from it when the upstream is down and the cache's stale copy has run out.
  const lastInit = new Map<Locale, c.Init>();
  return {
    init: async (lang: Locale) => {
      const init = await client.get('init', c.initSchema, { lang });
      lastInit.set(lang, init);
      return init;
    },
    /** The last init read for the locale, if any was. */
    lastInit: (lang: Locale): c.Init | undefined => lastInit.get(lang),
    home: (lang: Locale) => client.get('home', c.homeSchema, { lang }),
    page: (lang: Locale, slug: string) => client.get(`pages/${seg(slug)}`, c.pageSchema, { lang }),
    product: (lang: Locale, slug: string) => client.get(`products/${seg(slug)}`, c.productSchema, { lang }),
    categories: (lang: Locale) => client.get('categories', c.categoriesSchema, { lang }),
    category: (lang: Locale, slug: string) => client.get(`categories/${seg(slug)}`, c.categoryDetailSchema, { lang }),
    bySlug: (lang: Locale, slug: string) => client.get(`slugs/${seg(slug)}`, c.slugTargetSchema, { lang }),
    articles: (lang: Locale, query: { category?: string; page?: number; perPage?: number }) => client.get('articles', c.articleListSchema, { lang, ...query }),
    article: (lang: Locale, slug: string) => client.get(`articles/${seg(slug)}`, c.articleSchema, { lang }),
    faq: (lang: Locale) => client.get('faq', c.faqSchema, { lang }),
    faqItem: (lang: Locale, slug: string) => client.get(`faq/${seg(slug)}`, c.faqItemSchema, { lang }),
    /** `perSection`: at most that many hits a section (the header's suggestions); the search page takes the content API's default. */
    search: (lang: Locale, q: string, perSection?: number) => searches.get('search', c.searchResultsSchema, perSection ? { lang, q, perSection } : { lang, q }),
    faqSearch: (lang: Locale, q: string) => searches.get('search/faq', c.faqSearchResultsSchema, { lang, q }),
    /** Where an old address of a renamed page now is; UpstreamNotFound when it is no redirect. */
    redirect: (path: string) => client.get('redirects', redirectAnswerSchema, { path }),
    /** Every content entity in every locale (one answer, no lang). */
    sitemap: () => client.get('sitemap', c.sitemapSchema),
  };
}

export type ContentApi = ReturnType<typeof contentApi>;
