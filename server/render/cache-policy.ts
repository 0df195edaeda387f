import { SEO_FILES } from '../http/seo-files';
import { pageCacheKey } from './page-cache-key';
import { pathLocale } from './request-locale';

/**
 * What may be rendered once for everyone and kept: the one place that says which requests share a
 * render and the HTML cache (and under which key), which answers may be stored, and what shared caches
 * are told.
 */

/** The session cookie marks a visitor whose answers are never taken from or put into the cache. */
const SESSION = /(?:^|;\s*)sid=/;

function isAnonymous(cookieHeader: string | undefined): boolean {
  return !SESSION.test(cookieHeader ?? '');
}

/**
 * The key of a request every visitor gets the same answer to, so one render serves all who ask for the
 * key at once and the HTML cache may answer it; null when it is rendered for its visitor alone. Shared:
 * a read by an anonymous visitor of a page or payload under a locale prefix (elsewhere a 404 takes the
 * visitor's locale cookie), or of an SEO file, whose `pageCacheKey` is not null (no free input). The key
 * is the URL the shared render renders: the path and the query parameters the screen reads, so a
 * request with tracking parameters shares the page's render and entry. The render sees no cookie.
 */
export function sharedRequestKey(method: string | undefined, url: string, cookieHeader: string | undefined): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || !isAnonymous(cookieHeader)) return null;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (pathLocale(path) === null && !SEO_FILES.has(path)) return null;
  return pageCacheKey(url);
}

/** What `isStorable` reads of a finished render. */
export interface StorableFacts {
  status: number;
  /** Nothing in it belongs to one visitor (not an account screen, no visitor's details, no redirect). */
  shareable: boolean;
  headers: readonly (readonly [string, string])[];
}

/** A shared render the HTML cache may keep: a 200 that is the same for everyone and sets no cookie. */
export function isStorable(page: StorableFacts): boolean {
  return page.status === 200 && page.shareable && !page.headers.some(([name]) => name === 'set-cookie');
}

/**
 * Cache policy of a rendered page for browsers and CDNs: shared caches may keep successful anonymous
 * pages briefly; account screens and answers to a post are private and never kept.
 */
export function pageCacheControl(status: number, isPrivate: boolean): string {
  if (isPrivate) return 'private, no-store';
  return status === 200 ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=600' : 'no-store';
}
