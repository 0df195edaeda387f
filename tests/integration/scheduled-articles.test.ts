import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { articleListSchema, articleSchema, homeSchema, NEXT_CHANGE_HEADER, searchResultsSchema, sitemapSchema } from '../../shared/api/contract';
import { LOCALES } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { parseContent } from '../../server/cms/content';
import { contentTexts, exportContent } from '../../server/cms/content-export';
import type { Content } from '../../server/cms/content-schema';
import { openDb } from '../../server/cms/db';
import { publicationInstant } from '../../server/cms/publication';
import { storeContent } from '../../server/cms/seed';
import { startCms, type RunningCms } from '../../server/cms/server';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * Issue 30, point 3's rule: an article dated in the future appears nowhere (lists, the home page,
 * related articles, the sitemap, search, its own page) until its `publishedAt`, then everywhere without
 * a deploy or a purge, through the content API's clock (`now`) and the site's caches.
 */

const KEY = 'roller-garage-doors';
/** Named as related by this one, which must not show it before its time. */
const NAMES_IT = 'troubleshooting-motors';
/** A date alone: from midnight in Slovenia, 23:00 UTC the day before in winter. */
const DATE = '2026-12-01';
const OUT_AT = Date.parse('2026-11-30T23:00:00.000Z');

const silent = pino({ level: 'silent' });
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let cms: RunningCms | undefined;
afterEach(async () => {
  await cms?.close();
  cms = undefined;
});

/** A content API whose clock reads `clock()`, with the article moved to DATE as an editor would schedule it. */
async function scheduled(clock: () => number): Promise<{ cms: RunningCms; article: Content['articles'][number]; content: Content }> {
  const dataDir = tempDir('scheduled');
  cms = await startCms({ dataDir, port: 0, logger: silent, now: () => new Date(clock()) });
  const db = openDb(dataDir);
  const content = exportContent(db);
  const article = content.articles.find((a) => a.key === KEY)!;
  article.publishedAt = DATE;
  db.transaction(() => storeContent(db, parseContent('scheduled', contentTexts(content)), new Date()))();
  db.close();
  return { cms, article, content };
}

const articleOf = (content: Content, key: string) => content.articles.find((a) => a.key === key)!;

/** The article's own path on the site. */
function pathOf(content: Content, key: string, locale: 'sl'): string {
  const article = articleOf(content, key);
  const category = content.articleCategories.find((c) => c.key === article.category)!;
  return pathTo('blogArticle', locale, { category: category[locale].slug, slug: article[locale].slug });
}

async function get(cms: RunningCms, path: string) {
  const res = await fetch(new URL(path, cms.url));
  return { status: res.status, nextChange: res.headers.get(NEXT_CHANGE_HEADER), body: (await res.json()) as unknown };
}

describe('an article dated in the future', () => {
  it("comes out at midnight of its date in the company's time zone", () => {
    expect(publicationInstant('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(publicationInstant('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(publicationInstant('2026-12-01T07:30:00.000Z').toISOString()).toBe('2026-12-01T07:30:00.000Z');
  });

  it('appears nowhere in the content API until its time, then everywhere', async () => {
    let clock = OUT_AT - 60_000;
    const { cms, article, content } = await scheduled(() => clock);

    /** Where the article shows, in every locale. */
    const seen = async () => {
      const places = new Set<string>();
      for (const locale of LOCALES) {
        const { slug, title } = article[locale];
        const list = articleListSchema.parse((await get(cms, `articles?lang=${locale}&perPage=50`)).body);
        if (list.items.some((a) => a.slug === slug)) places.add(`list ${locale}`);
        const home = homeSchema.parse((await get(cms, `home?lang=${locale}`)).body);
        if (home.latestArticles.some((a) => a.slug === slug)) places.add(`home ${locale}`);
        const own = await get(cms, `articles/${slug}?lang=${locale}`);
        if (own.status === 200) places.add(`page ${locale}`);
        const naming = articleSchema.parse((await get(cms, `articles/${articleOf(content, NAMES_IT)[locale].slug}?lang=${locale}`)).body);
        if (naming.related.some((a) => a.slug === slug)) places.add(`related ${locale}`);
        const search = searchResultsSchema.parse((await get(cms, `search?lang=${locale}&q=${encodeURIComponent(title)}`)).body);
        if (search.articles.some((a) => a.slug === slug)) places.add(`search ${locale}`);
      }
      const sitemap = sitemapSchema.parse((await get(cms, 'sitemap')).body);
      if (sitemap.entries.some((e) => e.route === 'blogArticle' && e.key === KEY)) places.add('sitemap');
      return [...places];
    };
    const listTotal = async () => articleListSchema.parse((await get(cms, 'articles?lang=sl')).body).total;

    const before = await listTotal();
    expect(await seen()).toEqual([]);
    expect((await get(cms, 'init?lang=sl')).nextChange).toBe('60000');

    clock = OUT_AT - 1;
    expect(await seen()).toEqual([]);

    clock = OUT_AT;
    const everywhere = LOCALES.flatMap((l) => [`list ${l}`, `home ${l}`, `page ${l}`, `related ${l}`, `search ${l}`]).concat('sitemap');
    expect((await seen()).sort()).toEqual(everywhere.sort());
    expect(await listTotal()).toBe(before + 1);
    expect((await get(cms, 'init?lang=sl')).nextChange).toBeNull();
  });

  it("appears on the site's cached pages at its time, without a purge", async () => {
    // The content API's clock runs as time does, from LEAD before the article is out once the site is up:
    // time for the few requests below, even on a busy machine.
    const LEAD = 8_000;
    let offset = 0;
    const clock = () => Date.now() + offset;
    const { cms, article, content } = await scheduled(clock);
    const site = await startTestSite({ UPSTREAM_URL: cms.url });
    offset = OUT_AT - LEAD - Date.now();
    try {
      const title = article.sl.title;
      const blog = pathTo('blog', 'sl');
      const home = pathTo('index', 'sl');
      const first = await request(site.server).get(blog);
      expect(first.status).toBe(200);
      expect(first.text).not.toContain(title);
      const cached = await request(site.server).get(blog);
      expect(cached.headers['x-cache']).toBe('HIT');
      expect((await request(site.server).get(home)).text).not.toContain(title);
      const own = pathOf(content, KEY, 'sl');
      expect((await request(site.server).get(own)).status).toBe(404);

      // Never before its time (by the content API's clock), and on the cached list as soon as it is out.
      await until(
        'the blog list shows the article',
        async () => {
          const text = (await request(site.server).get(blog)).text;
          const shown = text.includes(title);
          if (shown) expect(clock()).toBeGreaterThanOrEqual(OUT_AT);
          return shown;
        },
        LEAD + 20_000,
      );
      expect((await request(site.server).get(home)).text).toContain(title);
      expect((await request(site.server).get(own)).status).toBe(200);
      expect((await request(site.server).get('/sitemap.xml')).text).toContain(own);
    } finally {
      await site.stop();
    }
  });
});
