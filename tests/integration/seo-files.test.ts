import express from 'express';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { renderSlots } from '../../server/site/render/render-slots';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALE_ISO, LOCALES, type Locale } from '../../shared/locales';
import { pathTo, type RouteName } from '../../shared/routes';
import { startCms, type RunningCms } from '../../server/cms/server';
import { answerPage } from '../../server/site/render/answer-page';
import { seoFiles, sitemapXml } from '../../server/site/render/seo-files';
import { createUpstreamClient } from '../../server/site/upstream/client';
import { contentApi } from '../../server/site/upstream/content-api';
import { startTestSite } from './helpers';

/**
 * `/sitemap.xml` and `/robots.txt`: on the whole site (the router mounted in server/site/app.ts), and on a
 * bare app with the router alone in front of the real embedded content API (also for the outage case).
 */

const ORIGIN = 'https://www.shading.example';
const CONTENT_DIR = resolve(process.cwd(), 'content');
const silent = pino({ level: 'silent' });

type Seeded = Record<Locale, { slug: string }>;
const seed = <T>(file: string): T => JSON.parse(readFileSync(join(CONTENT_DIR, file), 'utf8')) as T;
const products = seed<Seeded[]>('products.json');
const articleCategories = seed<(Seeded & { key: string })[]>('article-categories.json');
const articles = seed<(Seeded & { category: string; publishedAt: string })[]>('articles.json');

const ACCOUNT_ROUTES: RouteName[] = ['login', 'register', 'verify', 'passwordReset', 'profile', 'verifyEmail', 'accountDelete'];
const ACCOUNT_PATHS = ACCOUNT_ROUTES.flatMap((name) => LOCALES.map((l) => pathTo(name, l)));
const SEARCH_PATHS = LOCALES.map((l) => pathTo('search', l));
const HREFLANGS = [...LOCALES.map((l) => LOCALE_ISO[l]), 'x-default'];

type UrlEntry = { loc: string; lastmod: string | null; alternates: Record<string, string> };

const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);

/**
 * A small well-formedness check: an XML declaration, then only tags and text; every tag closed in
 * order under a single root; no `<` in text and no `&` that is not one of the five XML entities.
 */
function assertWellFormed(xml: string): void {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  expect(xml.startsWith(declaration)).toBe(true);
  const body = xml.slice(declaration.length).trim();
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  const stack: string[] = [];
  let roots = 0;
  let match: RegExpExecArray | null;
  let at = 0;
  while ((match = token.exec(body))) {
    at = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = match;
    const raw = text ?? attributes ?? '';
    expect(raw.replace(/&(amp|lt|gt|quot|apos);/g, ''), raw).not.toMatch(/&/);
    if (text !== undefined) {
      if (stack.length === 0) expect(text.trim(), 'text outside the root').toBe('');
      continue;
    }
    if (closing) {
      expect(stack.pop(), `</${name}>`).toBe(name);
    } else if (!selfClosing) {
      if (stack.length === 0) roots += 1;
      stack.push(name!);
    } else if (stack.length === 0) roots += 1;
  }
  expect(at, 'unparseable input').toBe(body.length);
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

function parseUrls(xml: string): UrlEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, inner]) => ({
    loc: unescape(/<loc>([^<]*)<\/loc>/.exec(inner!)![1]!),
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(inner!)?.[1] ?? null,
    alternates: Object.fromEntries(
      [...inner!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [lang!, unescape(href!)]),
    ),
  }));
}

/** RFC 9309 matching: the longest matching rule wins, Allow on a tie; `*` any characters, `$` the end. */
function robotsAllow(robots: string, path: string): boolean {
  let best = { length: -1, allow: true };
  for (const [, kind, pattern] of robots.matchAll(/^(Allow|Disallow):[ \t]*(\S*)$/gm)) {
    if (!pattern) continue;
    const source = pattern
      .replace(/[.+?^{}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\\?\$$/, '$');
    if (!new RegExp(`^${source}`).test(path)) continue;
    const allow = kind === 'Allow';
    if (pattern.length > best.length || (pattern.length === best.length && allow)) best = { length: pattern.length, allow };
  }
  return best.allow;
}

type Target = { server: Server; stop(): Promise<void> };

/** The router alone on a bare app, in front of the real content API over HTTP (as the site uses it). */
async function bareApp(upstreamUrl: string, stopUpstream: () => Promise<void> = async () => {}): Promise<Target> {
  const api = contentApi(createUpstreamClient({ baseUrl: upstreamUrl, timeoutMs: 2_000 }));
  const app = express();
  // Sent as the site sends them, without an HTML cache.
  app.use(seoFiles({ api, origin: `${ORIGIN}/`, answer: (req, res, make) => answerPage(req, res, { logger: silent, renderSlots: renderSlots() }, make) }));
  const server = createServer(app);
  return { server, stop: stopUpstream };
}

async function withCms(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seo-files-'));
  const cms: RunningCms = await startCms({ dataDir, port: 0, contentDir: CONTENT_DIR, logger: silent });
  return bareApp(cms.url, async () => {
    await cms.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

async function wholeSite(): Promise<Target> {
  const site = await startTestSite({ PUBLIC_URL: ORIGIN });
  return { server: site.server, stop: () => site.stop() };
}

describe.each([
  ['the site (router mounted in server/site/app.ts)', wholeSite],
  ['the router before the real content API', withCms],
])('sitemap.xml and robots.txt on %s', (_, start) => {
  let target: Target;
  let xml: string;
  let urls: UrlEntry[];

  beforeAll(async () => {
    target = await start();
    const res = await request(target.server).get('/sitemap.xml');
    xml = res.text;
    urls = parseUrls(xml);
  });
  afterAll(() => target?.stop());

  it('serves the sitemap as cacheable XML, and HEAD with the same headers', async () => {
    const res = await request(target.server).get('/sitemap.xml');
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const head = await request(target.server).head('/sitemap.xml');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.text ?? '').toBe('');
  });

  it('is a well-formed sitemaps.org urlset with the xhtml namespace', () => {
    assertWellFormed(xml);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(urls.length).toBeGreaterThan(100);
    expect(new Set(urls.map((u) => u.loc)).size, 'each URL once').toBe(urls.length);
  });

  it('gives every URL absolute alternates in the three locales and x-default, itself among them', () => {
    for (const url of urls) {
      expect(url.loc.startsWith(`${ORIGIN}/`), url.loc).toBe(true);
      expect(Object.keys(url.alternates).sort()).toEqual([...HREFLANGS].sort());
      expect(Object.values(url.alternates)).toContain(url.loc);
      expect(url.alternates['x-default']).toBe(url.alternates[LOCALE_ISO[DEFAULT_LOCALE]]);
      // The alternates of a page form one group: each of them lists the same set.
      for (const href of Object.values(url.alternates)) {
        expect(urls.find((u) => u.loc === href)?.alternates, href).toEqual(url.alternates);
      }
    }
  });

  it('lists every product in all three locales, each pointing to its translations', () => {
    expect(products.length).toBeGreaterThanOrEqual(9);
    for (const product of products) {
      const expected = Object.fromEntries(LOCALES.map((l) => [LOCALE_ISO[l], `${ORIGIN}${pathTo('product', l, { slug: product[l].slug })}`]));
      for (const l of LOCALES) {
        const url = urls.find((u) => u.loc === expected[LOCALE_ISO[l]]);
        expect(url, expected[LOCALE_ISO[l]]).toBeDefined();
        expect(url!.alternates).toEqual({ ...expected, 'x-default': expected[LOCALE_ISO[DEFAULT_LOCALE]] });
      }
    }
  });

  it('lists the static screens, articles with their category per locale, and article categories', () => {
    const locs = new Set(urls.map((u) => u.loc));
    for (const l of LOCALES) {
      for (const screen of ['index', 'blog', 'b2b', 'faq', 'categories'] as const) expect(locs, `${screen} ${l}`).toContain(`${ORIGIN}${pathTo(screen, l)}`);
      for (const category of articleCategories) expect(locs).toContain(`${ORIGIN}${pathTo('blog', l, { category: category[l].slug })}`);
    }
    for (const article of articles) {
      const category = articleCategories.find((c) => c.key === article.category)!;
      for (const l of LOCALES) {
        const url = urls.find((u) => u.loc === `${ORIGIN}${pathTo('blogArticle', l, { category: category[l].slug, slug: article[l].slug })}`);
        expect(url, `${article[l].slug} ${l}`).toBeDefined();
        expect(url!.lastmod).toBe(article.publishedAt);
      }
    }
    // The business-customer page is on its own screen, never at its content-page address.
    expect([...locs].filter((loc) => loc.endsWith('/b2b'))).toEqual(LOCALES.map((l) => `${ORIGIN}${pathTo('b2b', l)}`));
  });

  it('has no account, search or unfilled-parameter URL, and lastmod only as a calendar day', () => {
    for (const url of urls) {
      const paths = [url.loc, ...Object.values(url.alternates)].map((href) => new URL(href).pathname);
      for (const path of paths) {
        expect(ACCOUNT_PATHS).not.toContain(path);
        expect(SEARCH_PATHS).not.toContain(path);
        expect(path).not.toMatch(/\/:|undefined|\/$/);
      }
      if (url.lastmod !== null) expect(url.lastmod).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
    }
    expect(urls.filter((u) => u.lastmod).length).toBeGreaterThan(0);
  });

  it('serves robots.txt: everything but account screens, /api/ and page payloads; the sitemap named', async () => {
    const res = await request(target.server).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const robots = res.text;
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ACCOUNT_PATHS) {
      expect(robots).toContain(`Disallow: ${path}$`);
      expect(robotsAllow(robots, path), path).toBe(false);
      expect(robotsAllow(robots, `${path}?token=abc`), `${path}?token=`).toBe(false);
    }
    for (const path of ['/api/search?lang=sl&q=x', '/sl/_payload.json', `${pathTo('product', 'en', { slug: products[0]!.en.slug })}/_payload.json`]) {
      expect(robotsAllow(robots, path), path).toBe(false);
    }
    // Every page of the sitemap may be crawled, and so may a slug that only starts like an account path.
    for (const url of urls) expect(robotsAllow(robots, new URL(url.loc).pathname), url.loc).toBe(true);
    for (const path of ['/sl/login-pomoc', '/en/registered-trademarks', '/sl/iskanje?q=rolete', '/sitemap.xml']) {
      expect(robotsAllow(robots, path), path).toBe(true);
    }
  });
});

describe('sitemap.xml on the site', () => {
  it('lists only pages the site answers with 200 (no redirect, no 404)', async () => {
    const site = await wholeSite();
    try {
      const urls = parseUrls((await request(site.server).get('/sitemap.xml')).text);
      expect(urls.length).toBeGreaterThan(100);
      const paths = urls.map((u) => new URL(u.loc).pathname);
      for (let i = 0; i < paths.length; i += 16) {
        const answers = await Promise.all(
          paths.slice(i, i + 16).map((path) =>
            request(site.server)
              .get(path)
              .then((res) => [path, res.status]),
          ),
        );
        for (const [path, status] of answers) expect(status, String(path)).toBe(200);
      }
    } finally {
      await site.stop();
    }
  }, 120_000);
});

describe('sitemap.xml without an upstream', () => {
  it('is a 503, not cached, while robots.txt is still served', async () => {
    // A port that was free a moment ago: connections are refused.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((done) => closed.close(() => done()));
    const target = await bareApp(`http://127.0.0.1:${port}/`);
    const res = await request(target.server).get('/sitemap.xml');
    expect(res.status).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBeDefined();
    expect((await request(target.server).get('/robots.txt')).status).toBe(200);
  });
});

describe('sitemapXml', () => {
  it('escapes what it writes', () => {
    const paths = { sl: "/sl/stran/a'b%26c", en: '/en/page/a&b', de: '/de/seite/<x>' };
    const xml = sitemapXml([{ paths, lastmod: '2025-01-02' }], 'https://example.com/?a=1&b="2"');
    assertWellFormed(xml);
    expect(xml).toContain('<loc>https://example.com/?a=1&amp;b=&quot;2&quot;/sl/stran/a&apos;b%26c</loc>');
    expect(xml).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;/de/seite/&lt;x&gt;"');
    expect(parseUrls(xml).map((u) => u.loc)).toEqual(LOCALES.map((l) => `https://example.com/?a=1&b="2"${paths[l]}`));
  });
});
