import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  articleListSchema,
  categoriesSchema,
  faqSchema,
  initSchema,
  pageSchema,
  sitemapSchema,
  type Sitemap,
  type SitemapEntry,
  type Slugs,
} from '../../shared/api/contract';
import { LOCALES } from '../../shared/locales';
import { LEGAL_PAGE_SLUGS } from '../../shared/routes';
import { startCms, type RunningCms } from '../../server/cms/server';

/** `GET sitemap` of the embedded content API, checked against the content API's own other answers. */

const dataDir = mkdtempSync(join(tmpdir(), 'cms-sitemap-'));
let cms: RunningCms;
let sitemap: Sitemap;

async function ok<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  const res = await fetch(new URL(path, cms.url));
  expect(res.status, path).toBe(200);
  return schema.parse(await res.json());
}

const byRoute = <R extends SitemapEntry['route']>(route: R) => sitemap.entries.filter((e): e is SitemapEntry & { route: R } => e.route === route);
const key = (slugs: Slugs | null) => JSON.stringify(slugs);

beforeAll(async () => {
  cms = await startCms({ dataDir, port: 0, contentDir: resolve(process.cwd(), 'content'), logger: pino({ level: 'silent' }) });
  sitemap = await ok('sitemap', sitemapSchema);
});

afterAll(async () => {
  await cms?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET sitemap (embedded content API)', () => {
  it('answers the contract, uncacheable and with the content version, the same whatever lang is given', async () => {
    const res = await fetch(new URL('sitemap?lang=de', cms.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-version')).toMatch(/^[0-9a-f]{16}$/);
    expect(sitemapSchema.parse(await res.json())).toEqual(sitemap);
  });

  it('lists every product and every product category (on its bare slug), with slugs in all three locales', async () => {
    const categories = await ok('categories?lang=sl', categoriesSchema);
    const products = categories.flatMap((c) => c.products);
    expect(products.length).toBeGreaterThanOrEqual(9);
    expect(
      byRoute('product')
        .map((e) => key(e.slugs))
        .sort(),
    ).toEqual(products.map((p) => key(p.slugs)).sort());
    expect(
      byRoute('slug')
        .map((e) => key(e.slugs))
        .sort(),
    ).toEqual(categories.map((c) => key(c.slugs)).sort());
    for (const entry of [...byRoute('product'), ...byRoute('slug')]) {
      for (const l of LOCALES) expect(entry.slugs[l]).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.updatedAt).toBeNull();
    }
  });

  it('lists every article with its category slug per locale, dated by publication', async () => {
    const all = await ok('articles?lang=en&perPage=50', articleListSchema);
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(all.items).toHaveLength(all.total);
    const entries = byRoute('blogArticle');
    expect(entries).toHaveLength(all.total);
    for (const article of all.items) {
      const entry = entries.find((e) => e.slugs.en === article.slugs.en);
      expect(entry, article.slug).toBeDefined();
      expect(entry!.slugs).toEqual(article.slugs);
      expect(entry!.params).toEqual(Object.fromEntries(LOCALES.map((l) => [l, { category: article.category.slugs[l] }])));
      expect(entry!.updatedAt).toBe(article.publishedAt.slice(0, 10));
    }
  });

  it('lists every article category as its blog list, dated by its newest article', async () => {
    const init = await ok('init?lang=sl', initSchema);
    const entries = byRoute('blog');
    expect(entries).toHaveLength(init.articleCategories.length);
    for (const category of init.articleCategories) {
      const entry = entries.find((e) => e.params.sl.category === category.slugs.sl);
      expect(entry, category.slug).toBeDefined();
      expect(entry!.slugs).toBeNull();
      expect(entry!.params).toEqual({ sl: { category: category.slugs.sl }, en: { category: category.slugs.en }, de: { category: category.slugs.de } });
      const newest = await ok(`articles?lang=sl&category=${category.slug}&perPage=1`, articleListSchema);
      expect(entry!.updatedAt).toBe(newest.items[0]?.publishedAt.slice(0, 10) ?? null);
    }
  });

  it('lists every FAQ item', async () => {
    const faq = await ok('faq?lang=de', faqSchema);
    const items = faq.categories.flatMap((c) => c.items);
    expect(items.length).toBeGreaterThan(0);
    expect(
      byRoute('faqItem')
        .map((e) => key(e.slugs))
        .sort(),
    ).toEqual(items.map((i) => key(i.slugs)).sort());
  });

  it('lists the legal pages on `page` and the business-customer page on its own `b2b` screen, dated', async () => {
    const pages = byRoute('page');
    for (const slugs of Object.values(LEGAL_PAGE_SLUGS)) {
      const entry = pages.find((e) => e.slugs.sl === slugs.sl);
      expect(entry?.slugs).toEqual(slugs);
      const page = await ok(`pages/${slugs.en}?lang=en`, pageSchema);
      expect(entry!.updatedAt).toBe(page.updatedAt.slice(0, 10));
    }
    expect(pages.some((e) => e.slugs.sl === 'b2b')).toBe(false);
    const b2b = byRoute('b2b');
    expect(b2b).toHaveLength(1);
    expect(b2b[0]!.slugs).toBeNull();
    expect(b2b[0]!.updatedAt).toBe((await ok('pages/b2b?lang=sl', pageSchema)).updatedAt.slice(0, 10));
  });

  it('dates are calendar days or null, and no static screen is listed', () => {
    for (const entry of sitemap.entries) {
      if (entry.updatedAt !== null) expect(entry.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(sitemap.entries.map((e) => e.route))).toEqual(new Set(['page', 'b2b', 'slug', 'product', 'blog', 'blogArticle', 'faqItem']));
  });
});
