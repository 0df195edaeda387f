import { Router } from 'express';
import type { FaqFilter } from '../../../shared/api/bff';
import { isLocale } from '../../../shared/locales';
import { MAX_FAQ_QUERY } from '../../../shared/search/faq-items';
import { UpstreamError } from '../upstream/client';
import type { ContentApi } from '../upstream/content-api';
import { CACHE_CONTROL } from '../cache-control';

/**
 * `GET /api/faq-search?lang=&q=`: the FAQ list's filter as the visitor types, by the site search's
 * engine in the content API (the FAQ page's loader asks the same for an address with `?q=`).
 *
 *   200 FaqFilter                    (an empty or blank q keeps every item: ids empty, the page shows all)
 *   400 { error: 'bad_request' }     (lang missing or not a site locale, q not a single value)
 *   503 { error: 'upstream_unavailable' }
 */
export const FAQ_SEARCH_API_PATH = '/api/faq-search';

export function faqSearchApi({ api }: { api: Pick<ContentApi, 'faqSearch'> }): Router {
  const router = Router();
  router.get(FAQ_SEARCH_API_PATH, async (req, res, next) => {
    const { lang, q = '' } = req.query;
    if (!isLocale(lang) || typeof q !== 'string') {
      res.status(400).setHeader('Cache-Control', CACHE_CONTROL.noStore).json({ error: 'bad_request' });
      return;
    }
    const query = q.trim().slice(0, MAX_FAQ_QUERY);
    let answer: FaqFilter = { query, ids: [], suggestion: null };
    if (query) {
      try {
        answer = await api.faqSearch(lang, query);
      } catch (error) {
        if (!(error instanceof UpstreamError)) return next(error);
        res.status(503).setHeader('Cache-Control', CACHE_CONTROL.noStore).setHeader('Retry-After', '5').json({ error: 'upstream_unavailable' });
        return;
      }
    }
    res.setHeader('Cache-Control', CACHE_CONTROL.searchAnswer);
    res.json(answer);
  });
  return router;
}
