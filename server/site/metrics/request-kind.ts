import { PAYLOAD_SUFFIX } from '../../../shared/document';
import { pathLocale } from '../../../shared/locales';
import { FAQ_SEARCH_API_PATH } from '../bff/faq-search';
import { SEARCH_API_PATH, SEARCH_SCREEN_PATHS } from '../bff/search';
import { SEO_FILES } from '../render/seo-files';

/**
 * What a request is, as the request metrics count it: a few kinds fixed here, whatever the path or
 * query, so no client can make a label of its own. Read from the raw request line before anything
 * else runs (a cached page is answered in microseconds): string tests only, no route matching.
 */
export const REQUEST_KINDS = ['page', 'payload', 'form_post', 'search', 'asset', 'seo', 'rum', 'api', 'health', 'metrics', 'other'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/**
 * `page` and `payload`: a read of a page or its data under a locale prefix (a 404 there too);
 * `form_post`: a post to either; `search`: the search screen and the header's suggestions;
 * `asset`: hashed build files; `seo`: sitemap.xml and robots.txt; `rum`: web-vitals reports;
 * `api`: the other JSON endpoints and the build files; `health`: /healthz and /readyz;
 * `other`: files of public/, the bare `/` and any unknown address.
 */
export function requestKind(method: string | undefined, url: string): RequestKind {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (pathLocale(path) !== null) {
    if (method === 'POST') return 'form_post';
    if (SEARCH_SCREEN_PATHS.includes(path)) return 'search';
    return path.endsWith(PAYLOAD_SUFFIX) ? 'payload' : 'page';
  }
  if (path.startsWith('/assets/')) return 'asset';
  if (SEO_FILES.has(path)) return 'seo';
  if (path === SEARCH_API_PATH || path === FAQ_SEARCH_API_PATH) return 'search';
  if (path === '/api/rum' || path.startsWith('/api/rum/')) return 'rum';
  if (path.startsWith('/api/') || path.startsWith('/builds/')) return 'api';
  if (path === '/healthz' || path === '/readyz') return 'health';
  if (path === '/metrics') return 'metrics';
  return 'other';
}
