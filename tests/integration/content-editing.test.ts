import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditPageSchema } from '../../shared/api/staff';
import { contentEntitySchema, contentListSchema, contentPreviewSchema, contentRedirectSchema, type ContentEntity } from '../../shared/api/staff-content';
import { parseContent } from '../../server/cms/content';
import { contentTexts, exportContent } from '../../server/cms/content-export';
import { openDb } from '../../server/cms/db';
import { migrate } from '../../server/cms/migrations';
import { readContentVersion, storeContent } from '../../server/cms/seed';
import { startCms, type RunningCms } from '../../server/cms/server';
import { verifyPurge } from '../../server/lib/purge-signature';
import { acceptAndEnrol, inviteFromCommandLine, tokenOf } from '../support/staff';
import { until } from '../support/until';
import { firstText, startTestSite } from './helpers';

/**
 * Editing the content (shared/api/staff-content.ts) end to end: an editor's draft in the seed's
 * format, its preview through the real site (uncached, noindex), publishing (the site's signed purge
 * webhook told exactly the pages it changed, the site showing it), a renamed slug answered with a 301,
 * a broken link and a redirect loop refused, revisions restored, and a publish at a time on a clock
 * the test moves. The content API stands alone; its webhook reaches the site through a relay here
 * that records each call.
 */

const CONTENT_DIR = resolve(process.cwd(), 'content');
const SECRET = 'a-long-shared-secret-for-the-purge-webhook';
const PASSWORD = 'a long staff password';
const PRODUCT = 'predokenske-rolete';
const EN_PATH = '/en/product/surface-mounted-roller-shutters';

let dataDir: string;
let cms: RunningCms;
let site: Awaited<ReturnType<typeof startTestSite>>;
let relay: http.Server;
let clock = Date.now();
let token: string;
const purges: string[][] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'content-editing-'));
  // The webhook's receiver: checks the signature as the site does, records the paths, passes the call on.
  relay = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', async () => {
      expect(verifyPurge(SECRET, req.headers['x-signature'] as string, body)).not.toBeNull();
      purges.push((JSON.parse(body) as { paths?: string[] }).paths ?? []);
      const passed = await fetch(new URL('/api/cache/purge', site.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': req.headers['x-signature'] as string },
        body,
      });
      res.writeHead(passed.status).end(await passed.text());
    });
  });
  await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
  const purgeUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/`;
  cms = await startCms({
    dataDir,
    port: 0,
    contentDir: CONTENT_DIR,
    logger: pino({ level: 'silent' }),
    purgeWebhook: { url: purgeUrl, secret: SECRET },
    scheduleTickMs: 100,
    now: () => new Date(clock),
  });
  site = await startTestSite({ UPSTREAM_URL: cms.url, CACHE_PURGE_SECRET: SECRET });
  const link = await inviteFromCommandLine(dataDir, 'editor@sencila.test', 'editor');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(new URL(path, cms.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  token = (await acceptAndEnrol(post, tokenOf(link), 'Edita Urednik', PASSWORD, new Date(clock))).token;
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await cms?.close();
  relay?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const res = await fetch(new URL(path, cms.url), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const entity = async (kind: string, key: string) => contentEntitySchema.parse((await call('GET', `staff/content/${kind}/${key}`)).body);
type Product = Record<string, unknown> & Record<'sl' | 'en' | 'de', Record<string, unknown>>;
const titled = (product: Product, titles: [string, string, string], slugs: Partial<Record<'sl' | 'en' | 'de', string>> = {}): Product => ({
  ...product,
  sl: { ...product.sl, title: titles[0], ...(slugs.sl ? { slug: slugs.sl } : {}) },
  en: { ...product.en, title: titles[1], ...(slugs.en ? { slug: slugs.en } : {}) },
  de: { ...product.de, title: titles[2], ...(slugs.de ? { slug: slugs.de } : {}) },
});
const siteTitle = async (path: string) => firstText((await request(site.server).get(path)).text, 'h1');

describe('editing a product', () => {
  let original: Product;

  it('lists every product for an editor, and refuses a call without a staff session', async () => {
    const list = contentListSchema.parse((await call('GET', 'staff/content/products')).body);
    expect(list.items.find((x) => x.key === PRODUCT)?.titles.en).toBe('Surface-mounted roller shutters');
    expect((await fetch(new URL('staff/content/products', cms.url))).status).toBe(401);
    original = (await entity('products', PRODUCT)).published as Product;
  });

  it('keeps an edit as a draft: the site shows the published title until it is published, a preview link shows the draft, uncached and noindex', async () => {
    expect(await siteTitle(EN_PATH)).toBe('Surface-mounted roller shutters');
    const saved = await call('PUT', `staff/content/products/${PRODUCT}/draft`, { json: titled(original, ['Rolete A', 'Shutters A', 'Rollläden A']) });
    expect(saved.status).toBe(200);
    expect(await siteTitle(EN_PATH)).toBe('Surface-mounted roller shutters');

    const { token: preview } = contentPreviewSchema.parse((await call('POST', `staff/content/products/${PRODUCT}/preview`)).body);
    const page = await request(site.server).get(`${EN_PATH}?preview=${preview}`);
    expect(page.status).toBe(200);
    expect(firstText(page.text, 'h1')).toBe('Shutters A');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    // The draft stayed a draft: nobody else sees it, in the site or its content API.
    expect(await siteTitle(EN_PATH)).toBe('Surface-mounted roller shutters');
    expect(await siteTitle('/sl/izdelek/predokenske-rolete')).toBe('Predokenske rolete');
    // A token that is not one shows nothing.
    expect((await request(site.server).get(`${EN_PATH}?preview=${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('publishes: the webhook names exactly the changed pages in every locale, and the site shows the new titles', async () => {
    purges.length = 0;
    const published = await call('POST', `staff/content/products/${PRODUCT}/publish`);
    expect(published.status).toBe(200);
    await until('the purge was sent', () => purges.length === 1);
    expect(purges[0]!.sort()).toEqual(
      [
        '/sl/izdelek/predokenske-rolete',
        '/en/product/surface-mounted-roller-shutters',
        '/de/produkt/vorbaurolllaeden',
        '/sl/rolete',
        '/en/roller-shutters',
        '/de/rolllaeden',
        '/sl/kategorije',
        '/en/categories',
        '/de/kategorien',
        '/sl',
        '/en',
        '/de',
        '/sl/iskanje',
        '/en/search',
        '/de/suche',
      ].sort(),
    );
    await until('the site shows it', async () => (await siteTitle(EN_PATH)) === 'Shutters A');
    expect(await siteTitle('/de/produkt/vorbaurolllaeden')).toBe('Rollläden A');
    const after = await entity('products', PRODUCT);
    expect(after.draft).toBeNull();
    expect(after.revisions[0]).toMatchObject({ action: 'publish', by: 'Edita Urednik' });
  });

  it("answers a renamed product's old address with a 301 to the new one", async () => {
    const current = (await entity('products', PRODUCT)).published as Product;
    expect(
      (await call('PUT', `staff/content/products/${PRODUCT}/draft`, { json: titled(current, ['Rolete A', 'Shutters A', 'Rollläden A'], { en: 'shutters-a' }) }))
        .status,
    ).toBe(200);
    expect((await call('POST', `staff/content/products/${PRODUCT}/publish`)).status).toBe(200);
    const old = await request(site.server).get(EN_PATH);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/en/product/shutters-a');
    expect(await siteTitle('/en/product/shutters-a')).toBe('Shutters A');
    const redirects = contentRedirectSchema.array().parse((await call('GET', 'staff/redirects')).body);
    expect(redirects.map((r) => [r.from, r.to])).toContainEqual([EN_PATH, '/en/product/shutters-a']);
  });

  it('refuses a draft with a link the seed import would refuse, saying where', async () => {
    const current = (await entity('products', PRODUCT)).published as Product;
    const body = [...(current.en.body as unknown[]), { type: 'link', text: 'Elsewhere', link: { route: 'product', params: { slug: 'no-such-product' } } }];
    const refused = await call('PUT', `staff/content/products/${PRODUCT}/draft`, { json: { ...current, en: { ...current.en, body } } });
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([expect.stringContaining('no product has the en slug "no-such-product"')]);
    expect((await entity('products', PRODUCT)).draft).toBeNull();
  });

  it('refuses a redirect away from a live page, or one that would go round in a loop', async () => {
    const live = await call('POST', 'staff/redirects', { from: '/en/product/shutters-a', to: '/en/categories' });
    expect(live.body.problems).toContain('redirects.errors.live');
    const loop = await call('POST', 'staff/redirects', { from: '/en/product/shutters-a-old', to: EN_PATH });
    expect(loop.status).toBe(200);
    const round = await call('POST', 'staff/redirects', { from: '/en/product/shutters-a', to: '/en/product/shutters-a-old' });
    expect(round.status).toBe(400);
    const back = await call('POST', 'staff/redirects', { from: '/en/product/shutters-b', to: '/en/product/shutters-b' });
    expect(back.status).toBe(400);
    const outside = await call('POST', 'staff/redirects', { from: '/nowhere', to: '/en/categories' });
    expect([outside.status, outside.body.fields]).toEqual([400, { from: 'redirects.errors.path' }]);
    // JSON only, as every staff endpoint with a body: a form post is refused unread.
    const form = await fetch(new URL('staff/redirects', cms.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'from=%2Fen%2Fx&to=%2Fen%2Fcategories',
    });
    expect(form.status).toBe(415);
  });

  it('restores an earlier revision as the draft, and publishing it brings the old address back', async () => {
    const before = await entity('products', PRODUCT);
    const first = before.revisions.at(-1)!;
    const restored = await call('POST', `staff/content/products/${PRODUCT}/restore`, { revision: first.id });
    expect(restored.status).toBe(200);
    expect(((restored.body as ContentEntity).draft?.json as Product).en.slug).toBe('surface-mounted-roller-shutters');
    expect((await call('POST', `staff/content/products/${PRODUCT}/publish`)).status).toBe(200);
    expect(await siteTitle(EN_PATH)).toBe('Shutters A');
    const moved = await request(site.server).get('/en/product/shutters-a');
    expect([moved.status, moved.headers.location]).toEqual([301, EN_PATH]);
  });

  it("publishes a draft at its time on the content API's clock, and not before", async () => {
    const current = (await entity('products', PRODUCT)).published as Product;
    // Twenty minutes on: within the editor's session, which thirty idle minutes would end.
    const at = new Date(clock + 20 * 60_000).toISOString();
    const scheduled = await call('PUT', `staff/content/products/${PRODUCT}/draft`, {
      json: titled(current, ['Rolete B', 'Shutters B', 'Rollläden B']),
      publishAt: at,
    });
    expect(scheduled.status).toBe(200);
    expect((await entity('products', PRODUCT)).draft?.publishAt).toBe(at);
    expect(await siteTitle(EN_PATH)).toBe('Shutters A');
    clock += 20 * 60_000;
    await until('the scheduled draft is published', async () => (await entity('products', PRODUCT)).draft === null);
    expect((await entity('products', PRODUCT)).revisions[0]).toMatchObject({ action: 'scheduled' });
    await until('the site shows it', async () => (await siteTitle(EN_PATH)) === 'Shutters B');
  });

  it('is in a content export as published, and an import of that export into an empty database shows it', async () => {
    const live = openDb(dataDir);
    const copyDir = mkdtempSync(join(tmpdir(), 'content-editing-copy-'));
    const copy = openDb(copyDir);
    try {
      const exported = exportContent(live);
      const product = exported.products.find((p) => p.key === PRODUCT)!;
      expect([product.sl.title, product.en.title, product.de.title]).toEqual(['Rolete B', 'Shutters B', 'Rollläden B']);
      migrate(copy);
      copy.transaction(() => storeContent(copy, parseContent('the export', contentTexts(exported)), new Date(clock)))();
      expect(contentTexts(exportContent(copy))).toEqual(contentTexts(exported));
      expect(readContentVersion(copy)).toBe(readContentVersion(live));
    } finally {
      live.close();
      copy.close();
      rmSync(copyDir, { recursive: true, force: true });
    }
  });

  it('audits every step', async () => {
    const owner = await inviteFromCommandLine(dataDir, 'owner@sencila.test', 'owner');
    const post = async (path: string, body: unknown) => {
      const res = await fetch(new URL(path, cms.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    clock += 61_000;
    const ownerToken = (await acceptAndEnrol(post, tokenOf(owner), 'Olga Lastnik', PASSWORD, new Date(clock))).token;
    const res = await fetch(new URL('staff/audit', cms.url), { headers: { authorization: `Bearer ${ownerToken}` } });
    const actions = staffAuditPageSchema.parse(await res.json()).items.map((x) => x.action);
    for (const action of ['content_draft', 'content_preview', 'content_publish', 'content_schedule', 'content_restore', 'redirect_added'] as const)
      expect(actions).toContain(action);
  });

  it('publishes a scheduled draft whose author was deleted since, under their name', async () => {
    const current = (await entity('products', PRODUCT)).published as Product;
    const at = new Date(clock + 10 * 60_000).toISOString();
    expect(
      (await call('PUT', `staff/content/products/${PRODUCT}/draft`, { json: titled(current, ['Rolete C', 'Shutters C', 'Rollläden C']), publishAt: at }))
        .status,
    ).toBe(200);
    // What deleting the member leaves behind (ON DELETE SET NULL).
    const db = openDb(dataDir);
    try {
      db.prepare('UPDATE content_drafts SET member_id = NULL WHERE key = ?').run(PRODUCT);
    } finally {
      db.close();
    }
    clock += 10 * 60_000;
    await until('the scheduled draft is published', async () => (await entity('products', PRODUCT)).draft === null);
    await until('the site shows it', async () => (await siteTitle(EN_PATH)) === 'Shutters C');
    const written = openDb(dataDir);
    try {
      expect(written.prepare('SELECT member_id, member_name, action FROM content_revisions ORDER BY id DESC LIMIT 1').get()).toEqual({
        member_id: null,
        member_name: 'Edita Urednik',
        action: 'scheduled',
      });
      expect(written.prepare("SELECT member_id, member_name FROM staff_audit WHERE action = 'content_publish' ORDER BY id DESC LIMIT 1").get()).toEqual({
        member_id: null,
        member_name: 'Edita Urednik',
      });
    } finally {
      written.close();
    }
  });
});

describe('previewing an article dated later', () => {
  it('shows it as the site will on its date, while the site and its search go on without it', async () => {
    const [first] = contentListSchema.parse((await call('GET', 'staff/content/articles')).body).items;
    const article = (await entity('articles', first!.key)).published as Product;
    const later = new Date(clock + 30 * 24 * 3600_000).toISOString().slice(0, 10);
    const draft = { ...titled(article, ['Članek pozneje', 'An article for later', 'Ein Artikel für später']), publishedAt: later };
    expect((await call('PUT', `staff/content/articles/${first!.key}/draft`, { json: draft })).status).toBe(200);

    const preview = contentPreviewSchema.parse((await call('POST', `staff/content/articles/${first!.key}/preview`)).body);
    const page = await request(site.server).get(`${preview.paths.en}?preview=${preview.token}`);
    expect(page.status).toBe(200);
    expect(firstText(page.text, 'h1')).toBe('An article for later');

    expect(await siteTitle(preview.paths.en)).toBe(first!.titles.en);
    const search = await request(site.server).get(`/api/search?${new URLSearchParams({ lang: 'en', q: 'article for later' })}`);
    expect(JSON.stringify(search.body)).not.toContain('An article for later');
    expect((await call('POST', `staff/content/articles/${first!.key}/discard`)).status).toBe(200);
  });
});
