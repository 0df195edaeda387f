import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { SearchSuggestions } from '../../../shared/api/bff';
import type { SearchResults } from '../../../shared/api/contract';
import { PAYLOAD_SUFFIX } from '../../../shared/document';
import { isLocale, LOCALES, type Locale } from '../../../shared/locales';
import { pathTo } from '../../../shared/routes';
import { admissionQueue, afterPause } from '../http/admission-queue';
import { clientRateLimit } from '../http/client-rate-limit';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import { FAQ_SEARCH_API_PATH } from './faq-search';
import type { ContentApi } from '../upstream/content-api';
import { CACHE_CONTROL } from '../cache-control';

/**
 * `GET /api/search?lang=&q=`: suggestions for the header search box. The upstream search results,
 * at most a few per section (FAQ answers one of them), reduced to what a suggestion shows (a title) and
 * where it leads (a path built from the route table here, so the browser never assembles one from
 * content); when nothing is found, the spelling to suggest and its search page.
 *
 *   200 SearchSuggestions            (an empty or blank q gives empty sections, without asking upstream)
 *   400 { error: 'bad_request' }     (lang missing or not a site locale, q not a single value)
 *   429 { error: 'rate_limited' }     (the client's searches over SEARCH_RATE_LIMIT_MAX a minute: searchGuard)
 *   503 { error: 'upstream_unavailable' }   (with Retry-After; also when too many searches wait: server/site/upstream/search-client.ts)
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

export const SEARCH_API_PATH = '/api/search';
/** The search screen in every locale, page and payload: its renders are never cached and each asks the upstream's search. */
export const SEARCH_SCREEN_PATHS = LOCALES.flatMap((locale) => [pathTo('search', locale), pathTo('search', locale) + PAYLOAD_SUFFIX]);
/** The searches the guard counts: the suggestions, the FAQ filter as one types, the search screens. */
const API_PATHS = new Set([SEARCH_API_PATH, FAQ_SEARCH_API_PATH]);
const GUARDED = new Set([...API_PATHS, ...SEARCH_SCREEN_PATHS]);

/** Search screens rendered at once, and how many may wait: one more is shed (a render is a few ms of the one core). */
export const SEARCH_RENDERS_AT_ONCE = 2;
export const SEARCH_RENDERS_WAITING = 8;
/** Seconds a search shed by its upstream queue is told to wait: the queue empties within milliseconds. */
const SHED_RETRY_AFTER_S = '2';

/** A search: a read of the suggestions or of a search screen with words to look for. */
const isSearch = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && GUARDED.has(req.path) && typeof req.query.q === 'string' && req.query.q.trim() !== '';

export interface SearchGuardOptions {
  /** Searches one client may make in a minute. */
  limit: number;
  /** Where they are counted: shared by the replicas (PostgreSQL), or unset: this process. */
  store?: Store;
  /** Answers a search screen refused (429, 503) without rendering the layout: the site's static error page, not cached. */
  sendError: (req: Request, res: Response, status: number) => void;
  onRateLimited: () => void;
  onShed: () => void;
  logger: Logger;
}

/**
 * What keeps searches from starving the site (docs/decisions/0035-search-mail-shutdown-proxy-heap.md): a
 * per-client budget of searches a minute (429 with `Retry-After` over it, like the form limit, and
 * shared by the replicas the same way), and a queue of search screens to render that sheds at once
 * (503 with `Retry-After`) when it is long. Refusals are the cheapest answers the site has: a static
 * error page or a line of JSON after a pause (`REFUSAL_PAUSE_MS`, server/site/http/admission-queue.ts), nothing rendered, nothing asked upstream. The suggestions' own queue is
 * their upstream search's (server/site/upstream/search-client.ts), which their short cache answers before.
 */
export function searchGuard({ limit, store, sendError, onRateLimited, onShed, logger }: SearchGuardOptions): RequestHandler[] {
  const rateLimit = clientRateLimit({
    windowMs: 60_000,
    limit,
    store,
    skip: (req) => !isSearch(req),
    refuse: (req, res) => {
      onRateLimited();
      afterPause(res, () => {
        if (API_PATHS.has(req.path)) res.status(429).setHeader('Cache-Control', CACHE_CONTROL.noStore).json({ error: 'rate_limited' });
        else sendError(req, res, 429);
      });
    },
    logger,
  });
  const renderQueue = admissionQueue({
    applies: (req) => !API_PATHS.has(req.path) && isSearch(req),
    running: SEARCH_RENDERS_AT_ONCE,
    waiting: SEARCH_RENDERS_WAITING,
    refuse: (req, res) => sendError(req, res, 503),
    onShed,
  });
  return [rateLimit, renderQueue];
}

export function searchApi({ api, onShed }: { api: Pick<ContentApi, 'search'>; onShed: () => void }): Router {
  const router = Router();
  router.get(SEARCH_API_PATH, async (req, res, next) => {
    const { lang, q = '' } = req.query;
    if (!isLocale(lang) || typeof q !== 'string') {
      res.status(400).setHeader('Cache-Control', CACHE_CONTROL.noStore).json({ error: 'bad_request' });
      return;
    }
    const query = q.trim().slice(0, MAX_QUERY_LENGTH);
    let results: SearchResults | null = null;
    if (query) {
      try {
        // Only the hits the box shows: a keystroke's answer costs the content API, the JSON both ways and
        // its check a fraction of the search page's ten a section (decision 0037).
        results = await api.search(lang, query, SUGGESTIONS_PER_SECTION);
      } catch (error) {
        if (error instanceof UpstreamNotFound) {
          results = null;
        } else if (error instanceof UpstreamError) {
          const unavailable = () =>
            res
              .status(503)
              .setHeader('Cache-Control', CACHE_CONTROL.noStore)
              .setHeader('Retry-After', error.kind === 'shed' ? SHED_RETRY_AFTER_S : '5')
              .json({ error: 'upstream_unavailable' });
          if (error.kind !== 'shed') return void unavailable();
          onShed();
          afterPause(res, unavailable);
          return;
        } else {
          next(error);
          return;
        }
      }
    }
    res.setHeader('Cache-Control', CACHE_CONTROL.searchAnswer);
    res.json(toSuggestions(lang, query, results));
  });
  return router;
}
