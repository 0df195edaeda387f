import Database from 'better-sqlite3';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../server/cms/db';
import { signPurge } from '../../server/lib/purge-signature';
import { pathTo } from '../../shared/routes';
import { firstText, startTestSite } from './helpers';

/**
 * One HTML cache entry per page (docs/decisions/0014-canonical-paths.md): other spellings of a path are
 * redirected before anything renders, query parameters a page does not read share its entry, a flood of
 * made-up addresses makes no entry, a page number no list has is a 404, and the sitemap and robots.txt
 * are kept like pages. Requests go over node:http so that paths reach the site exactly as written
 * (fetch and supertest resolve dot segments and re-encode).
 */

const SECRET = 'a-long-shared-secret-for-the-purge-webhook';
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ CACHE_PURGE_SECRET: SECRET });
});
afterAll(() => site?.stop());

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = site.server.address() as AddressInfo;
  return new Promise((done, fail) => {
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', fail);
  });
}

async function purge(paths?: string[]): Promise<void> {
  const body = JSON.stringify(paths ? { paths } : {});
  const { port } = site.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/cache/purge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Signature': signPurge(SECRET, body) },
    body,
  });
  expect(res.status).toBe(200);
}

const entries = () => site.htmlCache!.size;

/** The `n`th of the many spellings of a path: each letter as it is, in upper case or percent-encoded. */
function spelling(path: string, n: number): string {
  let i = 0;
  return path.replace(/[a-z]/g, (letter) => {
    const way = Math.floor(n / 3 ** i++) % 3;
    return way === 0 ? letter : way === 1 ? letter.toUpperCase() : `%${letter.charCodeAt(0).toString(16)}`;
  });
}

/** Runs the requests a few at a time (two cores: enough to overlap, not to time out). */
async function inBatches(paths: string[], size = 16): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < paths.length; i += size) answers.push(...(await Promise.all(paths.slice(i, i + size).map((p) => get(p)))));
  return answers;
}

const product = JSON.parse(readFileSync(resolve(process.cwd(), 'content/products.json'), 'utf8'))[0] as Record<'en' | 'sl', { slug: string }>;
const PRODUCT = pathTo('product', 'en', { slug: product.en.slug });
const FAQ = pathTo('faq', 'en');

describe('other spellings of a path', () => {
  it('are redirected (301) to the canonical path before anything renders, the query kept', async () => {
    const [first, ...rest] = product.en.slug;
    const hex = first!.charCodeAt(0).toString(16);
    const variants: [string, string][] = [
      [`/en/product/%${hex}${rest.join('')}`, PRODUCT],
      [`/en/product/%${hex.toUpperCase()}${rest.join('')}?utm_source=news&x=%C4%8D`, `${PRODUCT}?utm_source=news&x=%C4%8D`],
      [`/%65n/product/${product.en.slug}`, PRODUCT],
      [PRODUCT.toUpperCase(), PRODUCT],
      [`/EN/Product/${product.en.slug}?Q=Keep`, `${PRODUCT}?Q=Keep`],
      [PRODUCT.replaceAll('/', '//'), PRODUCT],
      [`${PRODUCT}/`, PRODUCT],
      [`/en/./product/x/../${product.en.slug}`, PRODUCT],
      [`/EN/Categories/_payload.json?a=1`, '/en/categories/_payload.json?a=1'],
      ['/en/blog?page=1', '/en/blog'],
      ['/en/blog?utm_source=x&page=1', '/en/blog?utm_source=x'],
    ];
    const before = entries();
    for (const [path, location] of variants) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.location, path).toBe(location);
      expect(res.text, path).not.toContain('<html');
    }
    // Not one of them rendered a page (an anonymous 200 render makes an entry: see below).
    expect(entries()).toBe(before);
    const canonical = await get(PRODUCT);
    expect(canonical.status).toBe(200);
    expect(entries()).toBe(before + 1);
  });

  it('spell a character outside ASCII as the links do (upper-case hex), and keep an encoded slash', async () => {
    expect((await get('/sl/izdelek/sen%c4%8dila')).headers.location).toBe('/sl/izdelek/sen%C4%8Dila');
    expect((await get('/sl/izdelek/sen%C4%8Dila')).status).toBe(404);
    const slash = await get(`/en/product/a%2f${product.en.slug}`);
    expect(slash.headers.location).toBe(`/en/product/a%2F${product.en.slug}`);
    expect((await get(`/en/product/a%2F${product.en.slug}`)).status).toBe(404);
  });
});

describe('query strings', () => {
  it('that the page does not read share its one cache entry', async () => {
    const before = entries();
    const first = await get('/en/categories?utm_source=a');
    expect(first.status).toBe(200);
    expect(first.headers.age).toBeUndefined();
    expect(entries()).toBe(before + 1);
    for (const path of ['/en/categories?gclid=b&utm_medium=c', '/en/categories?page=7', '/en/categories?q=x', '/en/categories']) {
      const res = await get(path);
      expect(res.headers.age, path).toBeDefined();
      expect(res.headers.etag, path).toBe(first.headers.etag);
    }
    expect(entries()).toBe(before + 1);
  });

  it('that the page reads make its key, in one spelling and order; payloads alike', async () => {
    const first = await get('/en/blog?utm_source=a&page=2');
    expect(first.status).toBe(200);
    const before = entries();
    for (const path of ['/en/blog?page=2', '/en/blog?page=%32&fbclid=z', '/en/blog?pag%65=2']) expect((await get(path)).headers.age, path).toBeDefined();
    expect((await get('/en/blog')).headers.etag).not.toBe(first.headers.etag);
    await get('/en/categories/_payload.json?utm_source=a');
    expect((await get('/en/categories/_payload.json?utm_source=b')).headers.age).toBeDefined();
    expect(entries()).toBe(before + 2);
  });

  it('that are free input (a search, the FAQ filter) make no entry at all', async () => {
    const before = entries();
    for (const path of ['/en/search?q=awning', `${FAQ}?q=motor`, '/en/inquiry?sent=1']) {
      expect((await get(path)).status, path).toBe(200);
      expect((await get(path)).headers.age, path).toBeUndefined();
    }
    expect(entries()).toBe(before);
  });
});

describe('a flood of made-up addresses', () => {
  it('makes no cache entry: entries are bounded by the real pages', async () => {
    await inBatches(['/en/categories', '/en/blog', PRODUCT, FAQ, '/en/search']);
    const before = entries();
    const paths = Array.from({ length: 40 }, (_, i) => [
      `/en/no-such-page-${i}`,
      `/en/product/no-such-product-${i}`,
      `/en/x/${i}/y`,
      `/fr/${i}`,
      `/en/no-such-page-${i}/_payload.json`,
      spelling('/en/categories', i + 1),
      spelling(PRODUCT, i + 1),
      `/en/categories/${'/'.repeat(i % 3)}?i=${i}`,
      `/en/categories?utm_source=${i}`,
      `${PRODUCT}?ref=${i}`,
      `/en/blog?page=${1000 + i}`,
      `/en/blog?page=0${i}`,
      `/en/search?q=flood-${i}`,
      `${FAQ}?q=${i}`,
    ]).flat();
    const answers = await inBatches(paths);
    for (const [i, res] of answers.entries()) expect(res.status, paths[i]).toBeLessThan(500);
    expect(answers.filter((res) => res.status === 404).length).toBeGreaterThanOrEqual(40 * 7);
    expect(entries()).toBe(before);
  }, 60_000);
});

describe('a page number no list has', () => {
  it('is a 404 page like any page outside 1..pages, never a 503', async () => {
    expect((await get('/en/blog?page=2')).status).toBe(200);
    for (const page of ['99999999999999999999', '1000001', '3', '0', '-1', 'abc', '1.5', '02', '2.0', '+2', '1e1', '']) {
      const res = await get(`/en/blog?page=${page}`);
      expect(res.status, page).toBe(404);
      expect(firstText(res.text, 'h1'), page).toBe('Page not found');
      expect(res.headers['cache-control'], page).toBe('no-store');
      const payload = await get(`/en/blog/_payload.json?page=${encodeURIComponent(page)}`);
      expect(payload.status, page).toBe(404);
    }
    expect((await get('/sl/blog?page=99999999999999999999')).status).toBe(404);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('are made once, served like cached pages, and made again after a purge', async () => {
    const made = await get('/sitemap.xml');
    expect(made.status).toBe(200);
    expect(made.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(made.headers.age).toBeUndefined();
    const size = entries();

    const again = await get('/sitemap.xml?any=query');
    expect(again.headers.age).toBeDefined();
    expect(again.headers.etag).toBe(made.headers.etag);
    expect(again.text).toBe(made.text);
    expect((await get('/sitemap.xml', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await get('/sitemap.xml', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/sitemap.xml', { 'If-None-Match': String(made.headers.etag) })).status).toBe(304);
    // A case or slash variant is no file of ours: no entry of its own.
    expect((await get('/SITEMAP.XML')).status).not.toBe(200);
    expect((await get('/sitemap.xml/')).status).not.toBe(200);
    expect(entries()).toBe(size);

    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect((await get('/robots.txt')).headers.age).toBeDefined();

    // The content changes: the kept sitemap is served until the content system says so.
    const db = new Database(join(site.dataDir, DB_FILE));
    try {
      db.prepare("UPDATE pages SET updated_at = '2031-02-03'").run();
    } finally {
      db.close();
    }
    expect((await get('/sitemap.xml')).text).toBe(made.text);
    await purge([PRODUCT]);
    const remade = await get('/sitemap.xml');
    expect(remade.headers.age).toBeUndefined();
    expect(remade.text).toContain('<lastmod>2031-02-03</lastmod>');
    expect(remade.headers.etag).not.toBe(made.headers.etag);
    expect((await get('/sitemap.xml')).headers.age).toBeDefined();
    // robots.txt has nothing from content: a purge of pages keeps it, a purge of everything does not.
    expect((await get('/robots.txt')).headers.age).toBeDefined();
    await purge();
    expect((await get('/robots.txt')).headers.age).toBeUndefined();
  });
});
