import { ADMIN_PREFIX } from '../../../shared/admin/routes';
import { Router, type Request, type Response } from 'express';
import type { SitemapEntry } from '../../../shared/api/contract';
import { DEFAULT_LOCALE, LOCALE_ISO, LOCALES, type Locale } from '../../../shared/locales';
import { pathTo, ROUTE_NAMES, ROUTE_TRAITS, routePattern, type RouteName, type RouteParams } from '../../../shared/routes';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import type { ContentApi } from '../upstream/content-api';
import type { RenderedPage } from './rendered-page';
import { CACHE_CONTROL } from '../cache-control';

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
 * Both are answered like pages (`answer`): one render for everyone who asks at once, kept in the HTML
 * cache (compressed once, with an ETag) and answered from there; an expired copy is answered while one
 * render in the background replaces it, and a purge drops them and makes them again (every purge drops
 * the sitemap: it lists every page). So the sitemap is made again only when the content may have
 * changed, not on every request.
 */

export interface SeoFileSource {
  api: Pick<ContentApi, 'sitemap'>;
  /** The site's public origin: `https://www.example.si` (a trailing slash is left out). */
  origin: string;
}

export interface SeoFilesOptions extends SeoFileSource {
  /** Answers a file the way a page is answered (`answerPage`, answer-page.ts). */
  answer: (req: Request, res: Response, make: () => Promise<RenderedPage>) => Promise<void>;
}

/** The sitemap's address, which every purge drops (server/site/purge/webhook.ts). */
export const SITEMAP_PATH = '/sitemap.xml';

/** A page in every locale: its path per locale and its last modification day. */
interface SitemapPage {
  paths: Record<Locale, string>;
  lastmod: string | null;
}

/** The sitemap's screens whose path needs no parameter: listed as they are, not from the content API's entries. */
export function staticScreens(): RouteName[] {
  return ROUTE_NAMES.filter((name) => ROUTE_TRAITS[name].inSitemap && LOCALES.every((l) => !/:\w+(?!\w|\?)/.test(routePattern(name, l))));
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
 * Everything may be crawled but the screens that are always private (the account's, in every
 * locale, and the staff area), the browser's JSON endpoints and page payloads (data, not pages). A private path is matched
 * exactly (`$`) or with a query (`?token=`), so a category slug that merely starts with the same word
 * (`/sl/login-...`) stays crawlable; `*` and `$` are part of RFC 9309.
 */
export function robotsTxt(origin: string): string {
  const privatePaths = ROUTE_NAMES.filter((name) => ROUTE_TRAITS[name].private === true).flatMap((name) => LOCALES.map((l) => pathTo(name, l)));
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${ADMIN_PREFIX}`,
    'Disallow: /*/_payload.json',
    ...privatePaths.flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}?`]),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const withoutTrailingSlash = (origin: string) => origin.replace(/\/+$/, '');

/** A file of ours, as a render: the same for every visitor, so it is kept like a page. */
function file(type: string, text: string): RenderedPage {
  return {
    status: 200,
    headers: [
      ['content-type', type],
      ['cache-control', CACHE_CONTROL.seoFile],
    ],
    body: Buffer.from(text),
    shareable: true,
    errors: [],
  };
}

async function sitemapFile({ api, origin }: SeoFileSource): Promise<RenderedPage> {
  let entries: SitemapEntry[];
  try {
    ({ entries } = await api.sitemap());
  } catch (error) {
    if (!(error instanceof UpstreamError || error instanceof UpstreamNotFound)) throw error;
    const headers: [string, string][] = [
      ['content-type', 'text/plain; charset=utf-8'],
      ['cache-control', CACHE_CONTROL.noStore],
      ['retry-after', '30'],
    ];
    return { status: 503, headers, body: Buffer.from('Sitemap temporarily unavailable\n'), shareable: false, errors: [] };
  }
  // pathTo throws when an entry lacks a parameter: the upstream broke the contract (a 500).
  return file('application/xml; charset=utf-8', sitemapXml(sitemapPages(entries), withoutTrailingSlash(origin)));
}

async function robotsFile({ origin }: SeoFileSource): Promise<RenderedPage> {
  return file('text/plain; charset=utf-8', robotsTxt(withoutTrailingSlash(origin)));
}

/**
 * The SEO files by their exact address (case-sensitive, no trailing slash: any other spelling is no
 * file of ours, so it can make no cache entry), each made afresh from the content. A shared render of
 * one of these addresses makes the file instead of a page (anonymous-render.ts).
 */
export const SEO_FILES: ReadonlyMap<string, (source: SeoFileSource) => Promise<RenderedPage>> = new Map([
  [SITEMAP_PATH, sitemapFile],
  ['/robots.txt', robotsFile],
]);

export function seoFiles({ answer, ...source }: SeoFilesOptions): Router {
  const router = Router({ caseSensitive: true, strict: true });
  // Express answers HEAD with a GET route's headers and no body.
  for (const [path, make] of SEO_FILES) router.get(path, (req, res) => answer(req, res, () => make(source)));
  return router;
}
