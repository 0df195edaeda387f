import { Router } from 'express';
import type { SearchSuggestions } from '../../shared/api/bff';
import type { SearchResults } from '../../shared/api/contract';
import { isLocale, type Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import type { ContentApi } from '../upstream/content-api';

/**
 * `GET /api/search?lang=&q=`: suggestions for the header search box. The upstream search results,
 * at most a few per section (FAQ answers one of them), reduced to what a suggestion shows (a title) and
 * where it leads (a path built from the route table here, so the browser never assembles one from
 * content); when nothing is found, the spelling to suggest and its search page.
 *
 *   200 SearchSuggestions            (an empty or blank q gives empty sections, without asking upstream)
 *   400 { error: 'bad_request' }     (lang missing or not a site locale, q not a single value)
 *   503 { error: 'upstream_unavailable' }
 *
 * The answer's type and schema (the browser parses it) are in shared/api/bff.ts.
 */

/** Suggestions per section; the search page shows the rest. */
export const SUGGESTIONS_PER_SECTION = 5;
/** The same bound as the search page's loader. */
export const MAX_QUERY_LENGTH = 200;

export function toSuggestions(locale: Locale, query: string, results: SearchResults | null): SearchSuggestions {
  const first = <T>(list: T[] | undefined) => (list ?? []).slice(0, SUGGESTIONS_PER_SECTION);
  const searchPathOf = (q: string) => (q ? `${pathTo('search', locale)}?${new URLSearchParams({ q })}` : pathTo('search', locale));
  const suggestion = results?.suggestion;
  return {
    query,
    searchPath: searchPathOf(query),
    didYouMean: suggestion ? { query: suggestion, path: searchPathOf(suggestion) } : null,
    sections: {
      products: first(results?.products).map((p) => ({ id: `product-${p.id}`, title: p.title, path: pathTo('product', locale, { slug: p.slug }) })),
      // A category lives at its bare slug (the `slug` screen), as on the category cards.
      categories: first(results?.categories).map((c) => ({ id: `category-${c.id}`, title: c.title, path: pathTo('slug', locale, { slug: c.slug }) })),
      articles: first(results?.articles).map((a) => ({
        id: `article-${a.id}`,
        title: a.title,
        path: pathTo('blogArticle', locale, { category: a.category.slug, slug: a.slug }),
      })),
      pages: first(results?.pages).map((p) => ({
        id: `page-${p.key}`,
        title: p.title,
        path: p.key === 'b2b' ? pathTo('b2b', locale) : pathTo('page', locale, { slug: p.slug }),
      })),
      faq: first(results?.faq).map((f) => ({ id: `faq-${f.id}`, title: f.question, path: pathTo('faqItem', locale, { slug: f.slug }) })),
    },
  };
}

export function searchApi({ api }: { api: Pick<ContentApi, 'search'> }): Router {
  const router = Router();
  router.get('/api/search', async (req, res, next) => {
    const { lang, q = '' } = req.query;
    if (!isLocale(lang) || typeof q !== 'string') {
      res.status(400).setHeader('Cache-Control', 'no-store').json({ error: 'bad_request' });
      return;
    }
    const query = q.trim().slice(0, MAX_QUERY_LENGTH);
    let results: SearchResults | null = null;
    if (query) {
      try {
        results = await api.search(lang, query, SUGGESTIONS_PER_SECTION);
      } catch (error) {
        if (error instanceof UpstreamNotFound) {
          results = null;
        } else if (error instanceof UpstreamError) {
          res.status(503).setHeader('Cache-Control', 'no-store').setHeader('Retry-After', '5').json({ error: 'upstream_unavailable' });
          return;
        } else {
          next(error);
          return;
        }
      }
    }
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(toSuggestions(lang, query, results));
  });
  return router;
}
