import { Router, type Request, type Response } from 'express';
import type { SitemapEntry } from '../../shared/api/contract';
import { DEFAULT_LOCALE, LOCALE_ISO, LOCALES, type Locale } from '../../shared/locales';
import { ACCOUNT_ROUTES, pathTo, ROUTE_NAMES, routePattern, type RouteName, type RouteParams } from '../../shared/routes';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import type { ContentApi } from '../upstream/content-api';

/**
 * `GET /sitemap.xml` and `GET /robots.txt` (HEAD too), outside the locale prefix.
 *
 * The sitemap lists every indexable page in every locale, each `<url>` with its hreflang alternates
 * (the three locales and x-default, the default locale's page), as in the page heads: the static
 * screens of the route table plus every entry of the upstream `sitemap`. Every path is built from the
 * route table with `pathTo` (parameters percent-encoded) and every URL is XML-escaped. With no upstream
 * answer (and no cached copy of one) it is a 503: a partial sitemap would tell crawlers pages are gone.
 * One file holds at most 50,000 URLs; this catalogue is a few hundred, so no sitemap index is needed.
 *
 * Both are sent like pages (`send`): kept in the HTML cache, compressed once, with an ETag, and answered
 * from there until they expire or a purge drops them (every purge drops the sitemap: it lists every
 * page). So the sitemap is made again only when the content may have changed, not on every request.
 */

export interface SeoFilesOptions {
  api: Pick<ContentApi, 'sitemap'>;
  /** The site's public origin, without a trailing slash: `https://www.example.si`. */
  origin: string;
  /** Sends a finished file the way a page is sent (server/render/render-page.tsx `sendFinished`). */
  send: (req: Request, res: Response, body: Buffer) => Promise<void>;
}

/** The sitemap's address: exact (a case or slash variant is no file of ours, so it can make no cache entry). */
export const SITEMAP_PATH = '/sitemap.xml';

const CACHE_CONTROL = 'public, max-age=3600';

/** Screens that are never indexed (the search page is `noindex`), besides the account screens. */
const NOT_INDEXED: ReadonlySet<RouteName> = new Set(['search']);

/** A page in every locale: its path per locale and its last modification day. */
interface SitemapPage {
  paths: Record<Locale, string>;
  lastmod: string | null;
}

/** Route-table screens without a required parameter, not private and not `noindex`: home, blog, b2b, FAQ, categories. */
export function staticScreens(): RouteName[] {
  return ROUTE_NAMES.filter(
    (name) => !ACCOUNT_ROUTES.has(name) && !NOT_INDEXED.has(name) && LOCALES.every((l) => !/:\w+(?!\w|\?)/.test(routePattern(name, l))),
  );
}

function entryPaths(entry: SitemapEntry): Record<Locale, string> {
  const params = (locale: Locale): RouteParams => ({
    ...('params' in entry ? entry.params[locale] : {}),
    ...(entry.slugs ? { slug: entry.slugs[locale] } : {}),
  });
  return Object.fromEntries(LOCALES.map((l) => [l, pathTo(entry.route, l, params(l))])) as Record<Locale, string>;
}

/**
 * The pages of the sitemap: the static screens, then the upstream entries. A page listed twice (the
 * `b2b` screen is a static screen and the business-customer page's entry) is listed once, with the
 * later of the two dates.
 */
export function sitemapPages(entries: readonly SitemapEntry[]): SitemapPage[] {
  const pages = new Map<string, SitemapPage>();
  const add = (paths: Record<Locale, string>, lastmod: string | null) => {
    const key = paths[DEFAULT_LOCALE];
    const known = pages.get(key);
    if (!known) pages.set(key, { paths, lastmod });
    else if (lastmod && (!known.lastmod || lastmod > known.lastmod)) known.lastmod = lastmod;
  };
  for (const name of staticScreens()) add(Object.fromEntries(LOCALES.map((l) => [l, pathTo(name, l)])) as Record<Locale, string>, null);
  for (const entry of entries) add(entryPaths(entry), entry.updatedAt);
  return [...pages.values()];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
}

/** A sitemaps.org urlset: one `<url>` per page and locale, each with all the page's alternates. */
export function sitemapXml(pages: readonly SitemapPage[], origin: string): string {
  const url = (path: string) => escapeXml(`${origin}${path}`);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const alternates = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_ISO[l]}" href="${url(page.paths[l])}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(page.paths[DEFAULT_LOCALE])}"/>`,
    ];
    for (const locale of LOCALES) {
      lines.push(
        '<url>',
        `<loc>${url(page.paths[locale])}</loc>`,
        ...(page.lastmod ? [`<lastmod>${escapeXml(page.lastmod)}</lastmod>`] : []),
        ...alternates,
        '</url>',
      );
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * Everything may be crawled but the account screens (private, in every locale), the browser's JSON
 * endpoints and page payloads (data, not pages). An account path is matched exactly (`$`) or with a
 * query (`?token=`), so a category slug that merely starts with the same word (`/sl/login-...`) stays
 * crawlable; `*` and `$` are part of RFC 9309.
 */
export function robotsTxt(origin: string): string {
  const accountPaths = [...ACCOUNT_ROUTES].flatMap((name) => LOCALES.map((l) => pathTo(name, l)));
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /*/_payload.json',
    ...accountPaths.flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}?`]),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function unavailable(res: Response): void {
  res.status(503).setHeader('Cache-Control', 'no-store').setHeader('Retry-After', '30').type('text/plain; charset=utf-8').send('Sitemap temporarily unavailable\n');
}

export function seoFiles({ api, origin, send }: SeoFilesOptions): Router {
  const base = origin.replace(/\/+$/, '');
  const robots = Buffer.from(robotsTxt(base));
  const router = Router({ caseSensitive: true, strict: true });

  // Express answers HEAD with a GET route's headers and no body.
  router.get(SITEMAP_PATH, async (req, res, next) => {
    let entries: SitemapEntry[];
    try {
      ({ entries } = await api.sitemap());
    } catch (error) {
      if (error instanceof UpstreamError || error instanceof UpstreamNotFound) return unavailable(res);
      return next(error);
    }
    let xml: string;
    try {
      xml = sitemapXml(sitemapPages(entries), base);
    } catch (error) {
      // pathTo refused an entry (a parameter missing): the upstream broke the contract.
      return next(error);
    }
    res.status(200).setHeader('Cache-Control', CACHE_CONTROL).type('application/xml; charset=utf-8');
    await send(req, res, Buffer.from(xml)).catch(next);
  });

  router.get('/robots.txt', async (req, res, next) => {
    res.status(200).setHeader('Cache-Control', CACHE_CONTROL).type('text/plain; charset=utf-8');
    await send(req, res, robots).catch(next);
  });

  return router;
}
