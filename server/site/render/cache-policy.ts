import type { StaticHandlerContext } from 'react-router';
import { pagePathOf } from '../../../shared/document';
import { matchRoute, queryParamsOf } from '../../../shared/route-match';
import { parseRouteId, ROUTE_TRAITS } from '../../../shared/routes';
import { pathLocale } from '../../../shared/locales';
import { FRESHNESS, type PageFreshness } from '../cache-control';
import { SCREEN_MODULES } from '../screens/all';
import { hasDraftCookie } from '../drafts/cookie';
import { cookiesOf, type Cookies } from '../request/cookies';
import { hasSessionCookie, readSession } from '../request/session-cookie';
import { SEO_FILES } from './seo-files';
import { previewTokenOf } from '../routing/loader-context';

/**
 * What may be rendered once for everyone and kept: the one place that says which requests share a
 * render and the HTML cache (and under which key), which renders are one visitor's own, which answers
 * may be stored. What browsers and shared caches are told is server/site/cache-control.ts.
 */

/**
 * The key of a request every visitor gets the same answer to, so one render serves all who ask for the
 * key at once and the HTML cache may answer it; null when it is rendered for its visitor alone. Shared:
 * a read by an anonymous visitor (no session cookie, no inquiry draft: whose page shows what they typed) of a page or payload under a locale prefix
 * (elsewhere a 404 takes the visitor's locale cookie), or of an SEO file, whose `pageCacheKey` is not
 * null (no free input). The key is the URL the shared render renders: the path and the query
 * parameters the screen reads, so a request with tracking parameters shares the page's render and
 * entry. The render sees no cookie.
 */
export function sharedRequestKey(method: string | undefined, url: string, cookies: Cookies): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || hasSessionCookie(cookies) || hasDraftCookie(cookies)) return null;
  // A preview link renders a draft for the editor alone.
  if (previewTokenOf(url)) return null;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (pathLocale(path) === null && !SEO_FILES.has(path)) return null;
  return pageCacheKey(url);
}

/**
 * The HTML cache's key of a request URL, which is also the URL its shared render renders: its path,
 * and of its query only the parameters its screen reads (its `query` trait in shared/routes.ts), by
 * name in a stable order and in one encoding. Null when the page may not be kept: it carries free
 * input (a search), which would let a client make endless entries.
 *
 * So `?utm_source=x`, `?gclid=...` and the like share the page's one entry and render, and a client
 * can only make as many entries as there are pages: the path is canonical by the time anything renders
 * (every other spelling is redirected first), and the one parameter kept, a list's page, is a 404
 * outside the list.
 * Cheap when there is no query (every link of the site but a list's pages): the URL is the key.
 */
export function pageCacheKey(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const path = url.slice(0, q);
  const read = queryParamsOf(path);
  if (!read) return path;
  const query = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  for (const name of Object.keys(read).sort()) {
    const value = query.get(name);
    if (value === null) continue;
    if (read[name] === 'input') return null;
    kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Whether a render is one visitor's own: the answer to a post, or a page whose screen is private
 * (always, or, for a form filled in with their details, when the visitor has a session or a draft).
 */
export function isPrivateRender(request: Request, context: StaticHandlerContext): boolean {
  if (request.method === 'POST' || previewTokenOf(request)) return true;
  return context.matches.some(({ route }) => {
    const name = parseRouteId(route.id)?.name;
    const trait = name && ROUTE_TRAITS[name].private;
    const cookies = cookiesOf(request);
    return trait === true || (trait === 'signedIn' && (readSession(cookies) !== null || hasDraftCookie(cookies)));
  });
}

/**
 * How long a render may be kept, and by whom (server/site/cache-control.ts, `pageCacheControl`): its screen's
 * freshness, or null when the render is one visitor's own (`isPrivateRender` says so).
 */
export function renderFreshness(context: StaticHandlerContext, isPrivate: boolean): PageFreshness | null {
  if (isPrivate) return null;
  const match = context.matches.findLast(({ route }) => parseRouteId(route.id) !== null);
  // The 404 route is no screen; it is never kept (its status is not a 200).
  return match ? SCREEN_MODULES[parseRouteId(match.route.id)!.name].freshness : FRESHNESS.page;
}

/**
 * How long the HTML cache keeps the entry of a shared key fresh: its screen's time in the process, or
 * the SEO files' for the sitemap and robots.txt; `HTML_CACHE_TTL_S` when ops set it, for every entry alike.
 */
export function inProcessFreshMs(setting: number | undefined): (sharedKey: string) => number {
  if (setting !== undefined) return () => setting * 1000;
  return (sharedKey) => {
    const q = sharedKey.indexOf('?');
    const route = matchRoute(pagePathOf(q === -1 ? sharedKey : sharedKey.slice(0, q)));
    const freshness = route && SCREEN_MODULES[route.name].freshness;
    return (freshness ? freshness.inProcessS : FRESHNESS.seoFileInProcessS) * 1000;
  };
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
