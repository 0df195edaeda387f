import { pathLocale } from './request-locale';

/**
 * What may be rendered once for everyone and kept: the one place that says which requests share a
 * render and the HTML cache, which answers may be stored, and what shared caches are told.
 */

/** The session cookie marks a visitor whose answers are never taken from or put into the cache. */
const SESSION = /(?:^|;\s*)sid=/;

export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !SESSION.test(cookieHeader ?? '');
}

/**
 * Free-form query strings (searches, tracking parameters) would let anyone fill the cache with one-off
 * pages and push out the real ones: only list pages are shared with a query.
 */
const SHARED_QUERY = /^page=\d{1,4}$/;

/**
 * A request every visitor gets the same answer to, so one render serves all who ask at once and the
 * HTML cache may answer it: a read by an anonymous visitor, under a locale prefix (elsewhere a 404
 * takes the visitor's locale cookie), with no query or only a page number. Its render sees no cookie.
 */
export function isSharedRequest(method: string | undefined, url: string, cookieHeader: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const q = url.indexOf('?');
  if (q !== -1 && !SHARED_QUERY.test(url.slice(q + 1))) return false;
  return pathLocale(q === -1 ? url : url.slice(0, q)) !== null && isAnonymous(cookieHeader);
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
