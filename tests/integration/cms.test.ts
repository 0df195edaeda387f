import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiErrorSchema,
  articleListSchema,
  articleSchema,
  categoriesSchema,
  categoryDetailSchema,
  faqItemSchema,
  faqSchema,
  faqSearchResultsSchema,
  homeSchema,
  initSchema,
  pageSchema,
  productSchema,
  searchResultsSchema,
  settingsFromList,
  slugTargetSchema,
  type ArticleSummary,
} from '../../shared/api/contract';
import { LOCALES, type Locale } from '../../shared/locales';
import { createCmsApp } from '../../server/cms/app';
import { openDb } from '../../server/cms/db';
import { migrate } from '../../server/cms/migrations';
import { parseContent, readContentTexts } from '../../server/cms/content';
import { seedContent, storeContent } from '../../server/cms/seed';
import { startCms, type RunningCms } from '../../server/cms/server';

const CONTENT_DIR = resolve(process.cwd(), 'content');
const silent = pino({ level: 'silent' });
const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Headers; body: unknown };

async function get(cms: RunningCms, path: string): Promise<Answer> {
  // Resolved against the base URL exactly as the BFF's client does.
  const res = await fetch(new URL(path, cms.url));
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function ok<S extends z.ZodType>(cms: RunningCms, path: string, schema: S): Promise<z.infer<S>> {
  const answer = await get(cms, path);
  expect(answer.status, path).toBe(200);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new Error(`${path} does not match the contract: ${parsed.error.message}`);
  return parsed.data;
}

async function notFound(cms: RunningCms, path: string): Promise<void> {
  const answer = await get(cms, path);
  expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 404, body: { error: 'not_found' } });
}

/** The product titles of the seo group, per locale, as seo.json holds them. */
function seoTitles(contentDir = CONTENT_DIR): Record<Locale, Record<string, string>> {
  return JSON.parse(readFileSync(join(contentDir, 'seo.json'), 'utf8')) as Record<Locale, Record<string, string>>;
}

/** The seo group of every locale in one init answer, entry -> title. */
async function seoGroups(cms: RunningCms): Promise<Record<string, Record<string, string>>> {
  const init = await ok(cms, 'init?lang=en', initSchema);
  return Object.fromEntries(init.locales.map((l) => [l.code, Object.fromEntries(Object.entries(l.seo).map(([entry, { title }]) => [entry, title]))]));
}

/** Content page slugs are not listed by any endpoint; the seed file is the source. */
function pageSlugs(locale: Locale): string[] {
  const pages = JSON.parse(readFileSync(join(CONTENT_DIR, 'pages.json'), 'utf8')) as Record<Locale, { slug: string }>[];
  return pages.map((page) => page[locale].slug);
}

describe('embedded content API', () => {
  let cms: RunningCms;

  beforeAll(async () => {
    cms = await startCms({ dataDir: tempDir('cms-data'), port: 0, contentDir: CONTENT_DIR, logger: silent });
  });
  afterAll(() => cms.close());

  it('listens on loopback and answers with no-store and a content version', async () => {
    expect(cms.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const answer = await get(cms, 'init?lang=sl');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-version')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers /healthz from its open database, for a container health check', async () => {
    const answer = await get(cms, 'healthz');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-version')).toMatch(/^[0-9a-f]{16}$/);
  });

  describe.each(LOCALES)('in %s', (lang) => {
    it('init: locales with seo groups, typed settings, menus, languages, categories, notification', async () => {
      const init = await ok(cms, `init?lang=${lang}`, initSchema);
      expect(init.locales.map((l) => [l.code, l.file])).toEqual(LOCALES.map((code) => [code, `${code}.json`]));
      for (const locale of init.locales) expect(Object.keys(locale.seo).length).toBeGreaterThan(0);
      expect(init.languages.map((l) => l.code)).toEqual([...LOCALES]);
      const settings = settingsFromList(init.settings);
      expect(typeof settings.founded_year).toBe('number');
      expect(Array.isArray(settings.opening_hours)).toBe(true);
      expect(init.menus.length).toBeGreaterThan(0);
      expect(init.categories.length).toBeGreaterThan(0);
      const orders = init.categories.map((c) => c.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(init.articleCategories.length).toBeGreaterThan(0);
      for (const category of [...init.categories, ...init.articleCategories]) expect(category.slug).toBe(category.slugs[lang]);
    });

    it('init: seo product titles from seo.json, every other seo entry from settings', async () => {
      const init = await ok(cms, `init?lang=${lang}`, initSchema);
      const settings = settingsFromList(init.settings);
      const titles = seoTitles();
      for (const locale of init.locales) {
        const seo = Object.fromEntries(Object.entries(locale.seo).map(([entry, { title }]) => [entry, title]));
        // Written out from the shipped settings.json so a change of the derivation shows up here.
        expect(seo).toEqual({
          ...titles[locale.code],
          street_address_seo: settings.street_address,
          address_locality_seo: settings.town,
          postal_code_seo: settings.postal_code,
          address_country_seo: settings.country,
          telephone_seo: settings.company_phone,
          website_url_seo: settings.website_url,
          latitude_seo: String(settings.latitude),
          longitude_seo: String(settings.longitude),
          monday_seo: 'SI Mo 07:00-17:00, AT Mo 09:00-16:00',
          tuesday_seo: 'SI Tu 07:00-17:00, AT Tu 09:00-16:00',
          wednesday_seo: 'We 07:00-17:00',
          thursday_seo: 'Th 07:00-17:00',
          friday_seo: 'SI Fr 07:00-17:00, AT Fr 09:00-16:00',
        });
        expect(seo).toMatchObject({ address_country_seo: 'SI', telephone_seo: '+386 2 870 54 20', latitude_seo: '46.5452' });
      }
      expect(titles.sl.awnings_seo).toBe('Tende');
      expect(titles.de.awnings_seo).toBe('Markisen');
    });

    it('home: hero, ctas and the three newest articles', async () => {
      const home = await ok(cms, `home?lang=${lang}`, homeSchema);
      const newest = await ok(cms, `articles?lang=${lang}&perPage=3`, articleListSchema);
      expect(home.latestArticles.map((a) => a.id)).toEqual(newest.items.map((a) => a.id));
      expect(home.latestArticles).toHaveLength(Math.min(3, newest.total));
    });

    it('categories, each category, each product and the shared slug route', async () => {
      const categories = await ok(cms, `categories?lang=${lang}`, categoriesSchema);
      expect(categories.length).toBeGreaterThan(0);
      for (const category of categories) {
        const detail = await ok(cms, `categories/${category.slug}?lang=${lang}`, categoryDetailSchema);
        expect(detail.id).toBe(category.id);
        expect(detail.products.map((p) => p.id)).toEqual(category.products.map((p) => p.id));
        const target = await ok(cms, `slugs/${category.slug}?lang=${lang}`, slugTargetSchema);
        expect(target.type === 'category' && target.category.id).toBe(category.id);

        for (const summary of category.products) {
          const product = await ok(cms, `products/${summary.slug}?lang=${lang}`, productSchema);
          expect(product.id).toBe(summary.id);
          expect(product.category.id).toBe(category.id);
          expect(product.slug).toBe(product.slugs[lang]);
          const byProductSlug = await ok(cms, `slugs/${summary.slug}?lang=${lang}`, slugTargetSchema);
          expect(byProductSlug.type === 'product' && byProductSlug.product.id).toBe(summary.id);
        }
      }
    });

    it('articles: every page newest first, each article with related, each category filter', async () => {
      const first = await ok(cms, `articles?lang=${lang}`, articleListSchema);
      expect(first.perPage).toBe(10);
      expect(first.page).toBe(1);
      const all: ArticleSummary[] = [];
      for (let page = 1; all.length < first.total; page++) {
        const list = await ok(cms, `articles?lang=${lang}&perPage=5&page=${page}`, articleListSchema);
        expect(list.total).toBe(first.total);
        expect(list.items.length).toBeGreaterThan(0);
        all.push(...list.items);
      }
      const dates = all.map((a) => a.publishedAt);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(new Set(all.map((a) => a.id)).size).toBe(first.total);

      for (const summary of all) {
        const article = await ok(cms, `articles/${summary.slug}?lang=${lang}`, articleSchema);
        expect(article.id).toBe(summary.id);
        expect(article.related.map((r) => r.id)).not.toContain(article.id);
      }

      const init = await ok(cms, `init?lang=${lang}`, initSchema);
      let filteredTotal = 0;
      for (const category of init.articleCategories) {
        const list = await ok(cms, `articles?lang=${lang}&category=${category.slug}&perPage=50`, articleListSchema);
        expect(list.items.every((a) => a.category.id === category.id)).toBe(true);
        expect(list.items).toHaveLength(list.total);
        filteredTotal += list.total;
      }
      expect(filteredTotal).toBe(first.total);
    });

    it('faq and each faq item', async () => {
      const faq = await ok(cms, `faq?lang=${lang}`, faqSchema);
      expect(faq.categories.length).toBeGreaterThan(0);
      for (const category of faq.categories) {
        for (const summary of category.items) {
          const item = await ok(cms, `faq/${summary.slug}?lang=${lang}`, faqItemSchema);
          expect(item.id).toBe(summary.id);
          expect(item.category.id).toBe(category.id);
        }
      }
    });

    it('content pages by their slug in this locale', async () => {
      const slugs = pageSlugs(lang);
      expect(slugs.length).toBeGreaterThan(0);
      for (const slug of slugs) {
        const page = await ok(cms, `pages/${slug}?lang=${lang}`, pageSchema);
        expect(page.slug).toBe(slug);
        expect(Number.isNaN(Date.parse(page.updatedAt))).toBe(false);
      }
    });

    it('search: finds a product by the start of its title, in sections', async () => {
      const [family] = await ok(cms, `categories?lang=${lang}`, categoriesSchema);
      const product = family!.products[0]!;
      const word = product.title.split(/\s+/).find((w) => w.length >= 5)!;
      const results = await ok(cms, `search?lang=${lang}&q=${encodeURIComponent(word.slice(0, 4))}`, searchResultsSchema);
      expect(results.query).toBe(word.slice(0, 4));
      expect(results.products.map((p) => p.id)).toContain(product.id);
      for (const section of [results.articles, results.products, results.categories, results.pages]) {
        expect(section.length).toBeLessThanOrEqual(10);
      }
      const page = await ok(cms, `search?lang=${lang}&q=${encodeURIComponent(pageSlugs(lang)[0]!.split('-')[0]!)}`, searchResultsSchema);
      expect(page.pages.length).toBeGreaterThan(0);
      expect(page.pages.every((p) => p.excerpt.length > 0)).toBe(true);
    });

    it('missing entities are 404 not_found', async () => {
      for (const path of ['pages', 'products', 'categories', 'slugs', 'articles', 'faq']) {
        await notFound(cms, `${path}/no-such-slug?lang=${lang}`);
      }
      await notFound(cms, `articles?lang=${lang}&category=no-such-category`);
    });
  });

  it('looks slugs up in the requested locale only', async () => {
    const sl = await ok(cms, 'categories?lang=sl', categoriesSchema);
    const product = sl.flatMap((c) => c.products).find((p) => p.slugs.sl !== p.slugs.en);
    expect(product, 'a product whose sl and en slugs differ').toBeDefined();
    await notFound(cms, `products/${product!.slugs.sl}?lang=en`);
    const en = await ok(cms, `products/${product!.slugs.en}?lang=en`, productSchema);
    expect(en.id).toBe(product!.id);
    expect(en.slugs).toEqual(product!.slugs);
  });

  it('needs lang to be sl, en or de on every endpoint', async () => {
    const init = await ok(cms, 'init?lang=sl', initSchema);
    const anArticle = (await ok(cms, 'articles?lang=sl&perPage=1', articleListSchema)).items[0]!;
    const paths = [
      'init?',
      'home?',
      'categories?',
      'articles?',
      'faq?',
      'search?q=rolete&',
      `categories/${init.categories[0]!.slug}?`,
      `slugs/${init.categories[0]!.slug}?`,
      `articles/${anArticle.slug}?`,
      `pages/${pageSlugs('sl')[0]}?`,
    ];
    for (const path of paths) {
      for (const query of ['', 'lang=fr', 'lang=SL', 'lang=', 'lang=sl&lang=en']) {
        const answer = await get(cms, `${path}${query}`);
        expect({ path, query, status: answer.status, body: answer.body }).toEqual({
          path,
          query,
          status: 400,
          body: { error: 'bad_request' },
        });
      }
    }
  });

  it('search folds diacritics and takes German typed without umlauts', async () => {
    const sl = await ok(cms, 'search?lang=sl&q=sencila', searchResultsSchema);
    expect(sl.categories.some((c) => c.title.toLowerCase().includes('senčila'))).toBe(true);
    const de = await ok(cms, 'search?lang=de&q=rolllaeden', searchResultsSchema);
    expect(de.categories.some((c) => c.title === 'Rollläden')).toBe(true);
    const both = await ok(cms, 'search?lang=de&q=Rolllaeden%20Winter', searchResultsSchema);
    expect(both.articles.length).toBeGreaterThan(0);
    const none = await ok(cms, 'search?lang=de&q=Xyzzyq', searchResultsSchema);
    expect([...none.articles, ...none.products, ...none.categories, ...none.pages, ...none.faq]).toEqual([]);
    expect(none.suggestion).toBeNull();
  });

  it('search suggests the closest spelling when nothing is found, and only then', async () => {
    const typo = await ok(cms, 'search?lang=sl&q=tnda', searchResultsSchema);
    expect([...typo.articles, ...typo.products, ...typo.categories, ...typo.pages, ...typo.faq]).toEqual([]);
    expect(typo.suggestion).toBe('tenda');
    expect((await ok(cms, 'search?lang=sl&q=tenda', searchResultsSchema)).suggestion).toBeNull();
  });

  it('search answers FAQ answers in a section of their own, with the passage that matched', async () => {
    const results = await ok(cms, 'search?lang=en&q=frozen', searchResultsSchema);
    const frozen = results.faq.find((item) => /freezes/.test(item.question));
    expect(frozen?.question).toMatch(/freezes in winter/);
    expect(frozen?.excerpt.length).toBeGreaterThan(0);
  });

  it('search/faq answers the FAQ items a filter of the FAQ list keeps', async () => {
    const faq = await ok(cms, 'faq?lang=de', faqSchema);
    const questionOf = new Map(faq.categories.flatMap((c) => c.items).map((item) => [item.id, item.question]));
    const kept = await ok(cms, 'search/faq?lang=de&q=angefroren', faqSearchResultsSchema);
    expect(kept.ids.map((id) => questionOf.get(id))).toEqual(['Was tun, wenn der Rollladen im Winter angefroren ist?']);
    // Two letters swapped, and a word the site never uses beside it.
    const warranty = ['Wie lange gilt die Garantie?', 'Was deckt die Garantie nicht ab?', 'Wie mache ich einen Garantieanspruch geltend?'];
    const typo = await ok(cms, 'search/faq?lang=de&q=Garantei%20Xyzzyq', faqSearchResultsSchema);
    expect(typo.ids.map((id) => questionOf.get(id)).sort()).toEqual(warranty.sort());
    expect(typo.suggestion).toBeNull();
    const none = await ok(cms, 'search/faq?lang=de&q=Mtor', faqSearchResultsSchema);
    expect(none).toEqual({ query: 'Mtor', ids: [], suggestion: 'motor' });
    expect((await get(cms, 'search/faq?lang=de')).status).toBe(400);
  });

  it('search reads any input as words, never as query syntax', async () => {
    for (const q of ['"', 'OR', 'NEAR(', '*', 'a AND', ') (', '   ', '']) {
      const results = await ok(cms, `search?lang=en&q=${encodeURIComponent(q)}`, searchResultsSchema);
      expect(results.query).toBe(q.trim());
    }
    const empty = await ok(cms, 'search?lang=en&q=', searchResultsSchema);
    expect(empty).toEqual({ query: '', articles: [], products: [], categories: [], pages: [], faq: [], suggestion: null });
    expect((await get(cms, `search?lang=en&q=${'x'.repeat(201)}`)).status).toBe(400);
    const two = await ok(cms, 'search?lang=sl&q=rolete&perSection=2', searchResultsSchema);
    for (const section of [two.articles, two.products, two.categories, two.pages, two.faq]) expect(section.length).toBeLessThanOrEqual(2);
    expect(two.products).toHaveLength(2);
    for (const perSection of ['0', '11', 'x']) expect((await get(cms, `search?lang=sl&q=rolete&perSection=${perSection}`)).status, perSection).toBe(400);
    expect((await get(cms, 'search?lang=en')).status).toBe(400);
  });

  it('answers unknown paths and methods with 404 JSON', async () => {
    await notFound(cms, 'no-such-endpoint?lang=sl');
    await notFound(cms, 'pages?lang=sl');
    const post = await fetch(new URL('init?lang=sl', cms.url), { method: 'POST' });
    expect(post.status).toBe(404);
    expect(apiErrorSchema.parse(await post.json())).toEqual({ error: 'not_found' });
  });

  it('answers a malformed path with 400 JSON', async () => {
    const answer = await get(cms, 'pages/%E0%A4%A?lang=sl');
    expect(answer).toMatchObject({ status: 400, body: { error: 'bad_request' } });
  });

  describe('pagination', () => {
    let total: number;
    beforeAll(async () => {
      total = (await ok(cms, 'articles?lang=en', articleListSchema)).total;
    });

    it('serves the last item on the last page of one', async () => {
      const all = await ok(cms, 'articles?lang=en&perPage=50', articleListSchema);
      const last = await ok(cms, `articles?lang=en&perPage=1&page=${total}`, articleListSchema);
      expect(last.items.map((a) => a.id)).toEqual([all.items.at(-1)!.id]);
    });

    it('returns an empty page past the end with the real total', async () => {
      const past = await ok(cms, `articles?lang=en&perPage=1&page=${total + 1}`, articleListSchema);
      expect(past).toEqual({ items: [], total, page: total + 1, perPage: 1 });
      const far = await ok(cms, 'articles?lang=en&page=999999', articleListSchema);
      expect(far.items).toEqual([]);
      expect(far.total).toBe(total);
    });

    it('serves at most 50 per page', async () => {
      const big = await ok(cms, 'articles?lang=en&perPage=500', articleListSchema);
      expect(big.perPage).toBe(50);
      expect(big.items).toHaveLength(Math.min(50, total));
    });

    it('refuses pages and sizes that are not positive whole numbers', async () => {
      for (const query of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=', 'perPage=0', 'perPage=-5', 'perPage=x', 'page=10000000']) {
        const answer = await get(cms, `articles?lang=en&${query}`);
        expect({ query, status: answer.status, body: answer.body }).toEqual({ query, status: 400, body: { error: 'bad_request' } });
      }
    });
  });
});

describe('content import', () => {
  const logLines: { msg: string; version?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  const start = (dataDir: string, contentDir: string) => startCms({ dataDir, port: 0, contentDir, logger });

  it('seeds an empty database once, then keeps its content across restarts with a changed seed', async () => {
    const contentDir = tempDir('cms-content');
    cpSync(CONTENT_DIR, contentDir, { recursive: true });
    const dataDir = tempDir('cms-data');

    let cms = await start(dataDir, contentDir);
    const before = await get(cms, 'categories?lang=en');
    const [category] = categoriesSchema.parse(before.body);
    await cms.close();
    expect(logLines.at(-1)?.msg).toBe('cms content seeded');

    const file = join(contentDir, 'categories.json');
    const seed = JSON.parse(readFileSync(file, 'utf8')) as { en: { title: string } }[];
    seed[0]!.en.title = 'A title changed by the test';
    writeFileSync(file, JSON.stringify(seed, null, 2));

    cms = await start(dataDir, contentDir);
    const after = await get(cms, 'categories?lang=en');
    expect(categoriesSchema.parse(after.body)[0]).toEqual(category);
    expect(after.headers.get('x-content-version')).toBe(before.headers.get('x-content-version'));
    await cms.close();
    expect(logLines.at(-1)?.msg).toBe('cms content kept');
  });

  it('derives the seo address and opening hours from the stored settings after they change', async () => {
    const contentDir = tempDir('cms-content');
    cpSync(CONTENT_DIR, contentDir, { recursive: true });
    const dataDir = tempDir('cms-data');

    const cms = await start(dataDir, contentDir);
    const before = await seoGroups(cms);
    for (const locale of LOCALES) {
      expect(before[locale]!.monday_seo).toBe('SI Mo 07:00-17:00, AT Mo 09:00-16:00');
      expect(before[locale]!.wednesday_seo).toBe('We 07:00-17:00');
    }

    // Slovenia opens later on Mondays, Austria no longer on Mondays but on Wednesdays; the showroom moves.
    const file = join(contentDir, 'settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as {
      street_address: string;
      latitude: number;
      opening_hours: { country: string; days: string[]; opens: string }[];
    };
    settings.opening_hours.unshift({ ...settings.opening_hours[0]!, days: ['Mo'], opens: '08:00' });
    settings.opening_hours[1]!.days = settings.opening_hours[1]!.days.filter((day) => day !== 'Mo');
    settings.opening_hours[2]!.days = ['We'];
    settings.street_address = 'Prešernova ulica 1';
    settings.latitude = 46.5;
    writeFileSync(file, JSON.stringify(settings, null, 2));
    // Stored as a publish stores it, while the content API runs.
    const db = openDb(dataDir);
    const content = parseContent(contentDir, readContentTexts(contentDir));
    db.transaction(() => storeContent(db, content, new Date()))();
    db.close();

    const after = await seoGroups(cms);
    await cms.close();
    const titles = seoTitles(contentDir);
    for (const locale of LOCALES) {
      expect(after[locale]).toMatchObject({
        ...titles[locale],
        monday_seo: 'Mo 08:00-17:00',
        tuesday_seo: 'Tu 07:00-17:00',
        wednesday_seo: 'SI We 07:00-17:00, AT We 09:00-16:00',
        friday_seo: 'Fr 07:00-17:00',
        street_address_seo: 'Prešernova ulica 1',
        latitude_seo: '46.5',
      });
    }
  });

  it('refuses to start on a seo.json entry that settings hold', async () => {
    const contentDir = tempDir('cms-content');
    cpSync(CONTENT_DIR, contentDir, { recursive: true });
    const file = join(contentDir, 'seo.json');
    const seo = seoTitles(contentDir);
    seo.sl.monday_seo = 'Mo 07:00-17:00';
    writeFileSync(file, JSON.stringify(seo));
    await expect(start(tempDir('cms-data'), contentDir)).rejects.toThrow(
      'seo.json: sl.monday_seo: "monday_seo" is derived from settings (settings.json "opening_hours")',
    );
  });

  it('refuses to start on invalid content, naming the file and field', async () => {
    const contentDir = tempDir('cms-content');
    cpSync(CONTENT_DIR, contentDir, { recursive: true });
    const file = join(contentDir, 'products.json');
    const seed = JSON.parse(readFileSync(file, 'utf8')) as { key: string; de: { slug: string } }[];
    seed[0]!.de.slug = 'Not A Slug';
    writeFileSync(file, JSON.stringify(seed));
    await expect(start(tempDir('cms-data'), contentDir)).rejects.toThrow(`products.json: [0].de.slug (key "${seed[0]!.key}")`);
  });

  it('answers an internal failure with 500 JSON and no stack trace', async () => {
    const db = openDb(tempDir('cms-data'));
    migrate(db);
    seedContent(db, CONTENT_DIR);
    const app = createCmsApp(db, { logger: silent });
    db.exec('DROP TABLE home_translations');
    const res = await request(app).get('/home?lang=sl');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'internal_error' });
    expect(res.text).not.toMatch(/home_translations|at .*\.ts/);
    db.close();
  });
});

describe('the mail’s sender', () => {
  it('warns at start when mail would go by SMTP from localhost: no MAIL_FROM and no domain of the site’s', async () => {
    const warnings = async (siteUrl: string, mail: { smtpUrl?: string; from?: string }) => {
      const lines: { level: number; msg: string }[] = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const cms = await startCms({ dataDir: tempDir('cms-sender'), port: 0, contentDir: CONTENT_DIR, logger, siteUrl, mail });
      await cms.close();
      return lines.map((line) => line.msg).filter((msg) => msg.includes('MAIL_FROM'));
    };
    const smtpUrl = 'smtp://127.0.0.1:2525';
    expect(await warnings('http://localhost:3000', { smtpUrl })).toEqual([
      'MAIL_FROM and PUBLIC_URL are unset: mail goes from a no-reply address at localhost, which mail servers refuse',
    ]);
    expect(await warnings('https://www.sencila.test', { smtpUrl })).toEqual([]);
    expect(await warnings('http://localhost:3000', { smtpUrl, from: 'Senčila <no-reply@sencila.test>' })).toEqual([]);
    // Mail written to files goes nowhere: no warning.
    expect(await warnings('http://localhost:3000', {})).toEqual([]);
  });
});
