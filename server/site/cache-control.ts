/**
 * The site's cache policy: how long each kind of answer stays fresh, in this process and in browsers
 * and shared caches (a CDN), and every Cache-Control the site writes. How long one screen's pages stay
 * fresh is its module's `freshness` (server/site/screens/<route name>.ts; all pages' default is
 * `FRESHNESS.page` here), one edit either way; no other module of the site writes a Cache-Control value of its own
 * (tests/unit/cache-control.test.ts holds that; the content API in server/cms/ is an app of its own).
 * Which requests share a render and may be kept is render/cache-policy.ts.
 */

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/**
 * How long a screen's anonymous page or payload stays fresh: in the process's HTML cache (HTML_CACHE_TTL_S,
 * when ops set it, stands for every screen's), at a CDN (`s-maxage`; browsers ask again every time,
 * `max-age=0`), and how long a CDN may answer an expired page while it asks for the next
 * (`stale-while-revalidate`).
 */
export interface PageFreshness {
  inProcessS: number;
  atCdnS: number;
  staleAtCdnS: number;
}

/** How long each kind of answer stays fresh, and how long a stale copy may stand in. */
export const FRESHNESS = {
  /**
   * A screen's anonymous page or payload, unless its module says otherwise (`freshness` in
   * server/site/screens/<route name>.ts, which every screen states).
   */
  page: { inProcessS: 5 * MINUTE_S, atCdnS: MINUTE_S, staleAtCdnS: 10 * MINUTE_S },
  /** The sitemap and robots.txt in the process's HTML cache. */
  seoFileInProcessS: 5 * MINUTE_S,
  /** A content API answer in the process (upstream/client.ts): fresh, then served while it is asked again, then while it fails. */
  upstreamAnswer: { freshS: MINUTE_S, staleWhileRevalidateS: 10 * MINUTE_S, staleIfErrorS: DAY_S, notFoundS: 30 },
  /** A search answer in the process (upstream/search-client.ts): never refreshed in the background, asked again after its minute. */
  searchAnswer: { freshS: MINUTE_S, staleWhileRevalidateS: 0, staleIfErrorS: 10 * MINUTE_S, notFoundS: MINUTE_S },
  /** The header box's suggestions and the FAQ filter, in browsers and CDNs. */
  searchInBrowserS: MINUTE_S,
  /** The sitemap and robots.txt. */
  seoFileS: HOUR_S,
  /** A locale redirect that is the same for everyone. */
  localeRedirectS: HOUR_S,
  /** Files of public/ (favicons, images). */
  publicFileS: HOUR_S,
  /** Hashed assets: a file at a name never changes. */
  assetS: 365 * DAY_S,
  /** `/builds/latest.json`: a deploy must show at once. */
  latestBuildS: 1,
} as const;

/** The Cache-Control of each kind of answer. */
export const CACHE_CONTROL = {
  /** Kept by no one: errors, health, metrics, endpoints that act. */
  noStore: 'no-store',
  /** One visitor's or staff member's own: account screens, posts' answers, the staff area, their files. */
  privateNoStore: 'private, no-store',
  /** A successful anonymous page or payload of a screen of the default freshness. */
  sharedPage: sharedPageCacheControl(FRESHNESS.page),
  searchAnswer: `public, max-age=${FRESHNESS.searchInBrowserS}`,
  seoFile: `public, max-age=${FRESHNESS.seoFileS}`,
  sharedRedirect: `public, max-age=${FRESHNESS.localeRedirectS}`,
  publicFile: `public, max-age=${FRESHNESS.publicFileS}`,
  /** Hashed assets, and a build's own meta file. */
  immutable: `public, max-age=${FRESHNESS.assetS}, immutable`,
  latestBuild: `public, max-age=${FRESHNESS.latestBuildS}`,
} as const;

function sharedPageCacheControl(freshness: PageFreshness): string {
  return `public, max-age=0, s-maxage=${freshness.atCdnS}, stale-while-revalidate=${freshness.staleAtCdnS}`;
}

/** Each freshness's value, made once: a page's header is the same string for every render of its screen. */
const sharedPageValues = new WeakMap<PageFreshness, string>([[FRESHNESS.page, CACHE_CONTROL.sharedPage]]);

/**
 * A rendered page or payload: shared caches may keep a successful anonymous page for as long as its
 * screen's freshness says; a private render (null: render/cache-policy.ts, `renderFreshness`) is never
 * kept, and neither are redirects and errors.
 */
export function pageCacheControl(status: number, freshness: PageFreshness | null): string {
  if (freshness === null) return CACHE_CONTROL.privateNoStore;
  if (status !== 200) return CACHE_CONTROL.noStore;
  let value = sharedPageValues.get(freshness);
  if (value === undefined) sharedPageValues.set(freshness, (value = sharedPageCacheControl(freshness)));
  return value;
}

/** An in-process cache's periods (upstream/cache.ts) from one of FRESHNESS's, in milliseconds. */
export function inProcessPeriods(periods: { freshS: number; staleWhileRevalidateS: number; staleIfErrorS: number; notFoundS: number }) {
  return {
    ttlMs: periods.freshS * 1000,
    staleWhileRevalidateMs: periods.staleWhileRevalidateS * 1000,
    staleIfErrorMs: periods.staleIfErrorS * 1000,
    notFoundTtlMs: periods.notFoundS * 1000,
  };
}
