import { SEARCH_RENDERS_AT_ONCE, SEARCH_RENDERS_WAITING } from '../../server/site/bff/search';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPurge } from '../../server/lib/purge-signature';
import { startCms, type RunningCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { sitemapUrls } from '../../server/site/render/warm-up';
import { contentApi } from '../../server/site/upstream/content-api';
import { pathTo } from '../../shared/routes';
import { createUpstreamClient } from '../../server/site/upstream/client';
import { collectingLogger, type LogLine } from '../support/log-lines';
import { startUpstreamProxy, type UpstreamProxy } from '../support/upstream-proxy';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * Stale-while-revalidate in the HTML cache, single-flight renders, and the background refills (after
 * a purge, at start). Renders are counted from the site's own debug log: every render, shared or a
 * visitor's, starts with one `render started` line naming its path.
 */

const SECRET = 'a-long-shared-secret-for-the-purge-webhook';
type TestSite = Awaited<ReturnType<typeof startTestSite>>;

const rendersOf = (lines: LogLine[], pagePath: string) => lines.filter((l) => l.msg === 'render started' && l.path === pagePath).length;
const logged = (lines: LogLine[], msg: string) => lines.filter((l) => l.msg === msg);

function client(site: TestSite) {
  return (url: string, init?: RequestInit) => fetch(`${site.url}${url}`, { redirect: 'manual', ...init });
}

/** Resolves once an entry stored at `storedBy` (a time no earlier than the store) has surely expired. */
const expired = (storedBy: number, ttlS: number) => until('the cached copy to expire', () => Date.now() > storedBy + ttlS * 1000 + 50, ttlS * 1000 + 5000);

/** The real content API on a port of its own, behind a proxy the test can slow down or take down. */
async function contentApiBehindProxy(): Promise<{ cms: RunningCms; proxy: UpstreamProxy; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'swr-cms-'));
  const cms = await startCms({ dataDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  const proxy = await startUpstreamProxy(cms.url);
  return {
    cms,
    proxy,
    async close() {
      await proxy.close();
      await cms.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function purge(site: TestSite, paths?: string[]) {
  const body = JSON.stringify(paths ? { paths } : {});
  return fetch(`${site.url}/api/cache/purge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signPurge(SECRET, body) },
    body,
  });
}

describe('an expired page and concurrent misses', () => {
  const TTL_S = 3;
  const log = collectingLogger('debug');
  let site: TestSite;
  let get: ReturnType<typeof client>;
  beforeAll(async () => {
    site = await startTestSite({ HTML_CACHE_TTL_S: String(TTL_S) }, log.logger);
    get = client(site);
  });
  afterAll(() => site?.stop());

  it('answers 100 concurrent visitors of an expired page with the stale copy and renders it once', async () => {
    const first = await get('/en/blog');
    const storedBy = Date.now();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const firstBody = await first.text();
    expect(rendersOf(log.lines, '/en/blog')).toBe(1);
    await expired(storedBy, TTL_S);

    const answers = await Promise.all(Array.from({ length: 100 }, () => get('/en/blog')));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // Stale until the one background render has replaced the copy; nobody waits for it.
      expect(['STALE', 'HIT']).toContain(answer.headers.get('x-cache'));
    }
    const stale = answers[0]!;
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(Number(stale.headers.get('age'))).toBeGreaterThanOrEqual(TTL_S);
    expect(await stale.text()).toBe(firstBody);

    await until('the background render', () => logged(log.lines, 'background render finished').length === 1);
    expect(rendersOf(log.lines, '/en/blog')).toBe(2);
    const fresh = await get('/en/blog');
    expect(fresh.headers.get('x-cache')).toBe('HIT');
    expect(Number(fresh.headers.get('age'))).toBeLessThan(TTL_S);
  });

  it('renders a page once for all the visitors who miss it at the same time, and its payload once too', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => get(i % 2 ? '/de/blog' : '/de/blog/_payload.json')));
    const pages = answers.filter((_, i) => i % 2);
    const payloads = answers.filter((_, i) => !(i % 2));
    for (const answer of answers) expect(answer.status).toBe(200);
    // One render of the page and one of its payload (which loads the page's data: the same path).
    const bodies = new Set(await Promise.all(pages.map((a) => a.text())));
    expect(bodies.size).toBe(1);
    expect(new Set(await Promise.all(payloads.map((a) => a.text()))).size).toBe(1);
    // Every miss waited for the one render (a late one may already find its copy).
    expect(answers.some((a) => a.headers.get('x-cache') === 'MISS')).toBe(true);
    expect(answers.every((a) => a.headers.get('x-cache') === 'MISS' || a.headers.get('x-cache') === 'HIT')).toBe(true);
    expect(rendersOf(log.lines, '/de/blog')).toBe(2);
  });

  it('shares the page’s one render and entry with visitors whose links carry tracking parameters', async () => {
    const tracked = await Promise.all(Array.from({ length: 10 }, (_, i) => get(`/sl/kategorije?utm_source=${i}`)));
    for (const answer of tracked) {
      expect(answer.status).toBe(200);
      expect(['MISS', 'HIT']).toContain(answer.headers.get('x-cache'));
    }
    const bodies = new Set(await Promise.all(tracked.map((a) => a.text())));
    expect(bodies.size).toBe(1);
    expect(rendersOf(log.lines, '/sl/kategorije')).toBe(1);
    const plain = await get('/sl/kategorije');
    expect(plain.headers.get('x-cache')).toBe('HIT');
    expect(bodies).toEqual(new Set([await plain.text()]));
  });

  it('still renders pages that are not the same for everyone once per visitor, and never keeps them', async () => {
    const SEARCHES = SEARCH_RENDERS_AT_ONCE + SEARCH_RENDERS_WAITING;
    const search = pathTo('search', 'sl');
    const signedIn = await Promise.all(Array.from({ length: 10 }, () => get('/sl/blog', { headers: { cookie: `sid=${'x'.repeat(43)}` } })));
    // Free input: endless values, so never shared or kept (and as many at once as the search screens' queue takes).
    const searches = await Promise.all(Array.from({ length: SEARCHES }, (_, i) => get(`${search}?q=rolete-${i}&utm_source=x`)));
    for (const answer of [...signedIn, ...searches]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-cache')).toBeNull();
    }
    expect(rendersOf(log.lines, '/sl/blog')).toBe(10);
    expect(rendersOf(log.lines, search)).toBe(SEARCHES);
    expect((await get(`${search}?q=rolete-0&utm_source=x`)).headers.get('x-cache')).toBeNull();
  });

  it('serves an expired sitemap stale and makes it again with its own function, not as a page', async () => {
    const first = await get('/sitemap.xml');
    const storedBy = Date.now();
    expect(first.headers.get('x-cache')).toBe('MISS');
    const xml = await first.text();
    await expired(storedBy, TTL_S);

    const from = log.lines.length;
    const stale = await get('/sitemap.xml?utm_source=x');
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(await stale.text()).toBe(xml);
    const finished = () => log.lines.slice(from).find((l) => l.msg === 'background render finished' && l.path === '/sitemap.xml');
    await until('the sitemap made again', () => finished() !== undefined);
    expect(finished()).toMatchObject({ failed: false });
    const fresh = await get('/sitemap.xml');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-cache')).toBe('HIT');
    expect(fresh.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await fresh.text()).toBe(xml);
    // The file's own function made it: no page (which would be the 404 page) was rendered.
    expect(rendersOf(log.lines.slice(from), '/sitemap.xml')).toBe(0);
  });
});

describe('a background render that fails', () => {
  const TTL_S = 2;
  const log = collectingLogger('debug');
  let upstream: Awaited<ReturnType<typeof contentApiBehindProxy>>;
  let site: TestSite;
  let get: ReturnType<typeof client>;
  beforeAll(async () => {
    upstream = await contentApiBehindProxy();
    site = await startTestSite(
      { HTML_CACHE_TTL_S: String(TTL_S), UPSTREAM_URL: upstream.proxy.url, UPSTREAM_TIMEOUT_MS: '1000', CACHE_PURGE_SECRET: SECRET },
      log.logger,
    );
    get = client(site);
  });
  afterAll(async () => {
    await site?.stop();
    await upstream?.close();
  });

  it('keeps serving the stale copy, logs once, and renders again once the upstream is back', async () => {
    const first = await get('/en/page/frequently-asked-questions-info-answers');
    const storedBy = Date.now();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    // The upstream goes down, and the site's copies of its answers are dropped (a purge of no page).
    upstream.proxy.down = true;
    expect((await purge(site, ['/nothing-cached-here'])).status).toBe(200);
    await expired(storedBy, TTL_S);

    const failed = () =>
      log.lines.filter((l) => l.msg === 'background render finished' && l.path === '/en/page/frequently-asked-questions-info-answers' && l.failed === true)
        .length;
    for (let i = 0; i < 20; i++) {
      const answer = await get('/en/page/frequently-asked-questions-info-answers');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-cache')).toBe('STALE');
      expect(answer.headers.get('etag')).toBe(etag);
    }
    await until('the failed background render', () => failed() === 1);
    // Twenty visitors, one render, one line for ops.
    expect(rendersOf(log.lines, '/en/page/frequently-asked-questions-info-answers')).toBe(2);
    const warnings = log.lines.filter((l) => l.level >= pino.levels.values.warn!);
    expect(warnings.map((l) => l.msg)).toEqual(['background render failed; serving the cached copy']);
    expect(warnings[0]).toMatchObject({ path: '/en/page/frequently-asked-questions-info-answers', status: 503 });

    upstream.proxy.down = false;
    // The next render is tried a time-to-live after the failure, by the next visitor.
    await until(
      'a fresh copy after the upstream came back',
      async () => (await get('/en/page/frequently-asked-questions-info-answers')).headers.get('x-cache') === 'HIT',
      10_000,
    );
    expect(failed()).toBe(1);
    expect(log.lines.filter((l) => l.level >= pino.levels.values.warn!)).toEqual(warnings);
  });
});

describe('refilling the cache in the background', () => {
  const log = collectingLogger('debug');
  let upstream: Awaited<ReturnType<typeof contentApiBehindProxy>>;
  let site: TestSite;
  let get: ReturnType<typeof client>;
  let sitemap: string[];
  beforeAll(async () => {
    upstream = await contentApiBehindProxy();
    sitemap = await sitemapUrls(contentApi(createUpstreamClient({ baseUrl: upstream.cms.url, timeoutMs: 5000 })));
    // Down at start: the site is not ready, and must not warm up until it is.
    upstream.proxy.down = true;
    site = await startTestSite(
      { HTML_CACHE_REFILL_CONCURRENCY: '2', UPSTREAM_URL: upstream.proxy.url, UPSTREAM_TIMEOUT_MS: '1000', CACHE_PURGE_SECRET: SECRET },
      log.logger,
    );
    get = client(site);
  });
  afterAll(async () => {
    await site?.stop();
    await upstream?.close();
  });

  /** The most background renders that ran at once since line `from` of the log. */
  function mostAtOnce(from: number): number {
    let running = 0;
    let most = 0;
    for (const line of log.lines.slice(from)) {
      if (line.msg === 'background render started') most = Math.max(most, ++running);
      if (line.msg === 'background render finished') running--;
    }
    return most;
  }

  it('warms the sitemap’s pages once the site is ready, two at a time', { timeout: 60_000 }, async () => {
    expect((await get('/readyz')).status).toBe(503);
    expect(logged(log.lines, 'background render started')).toEqual([]);
    upstream.proxy.down = false;
    await until('readiness', async () => (await get('/readyz')).status === 200);
    await until('the warm-up', () => logged(log.lines, 'html cache refilled').length === 1, 60_000);
    expect(logged(log.lines, 'refilling the html cache')[0]).toMatchObject({ pages: sitemap.length });
    expect(logged(log.lines, 'html cache refilled')[0]).toMatchObject({ pages: sitemap.length });
    expect(mostAtOnce(0)).toBe(2);

    const rendered = log.lines.filter((l) => l.msg === 'render started').length;
    for (const url of sitemap.slice(0, 12)) expect((await get(url)).headers.get('x-cache'), url).toBe('HIT');
    expect(log.lines.filter((l) => l.msg === 'render started').length).toBe(rendered);
    expect(log.lines.filter((l) => l.level >= pino.levels.values.warn!)).toEqual([]);
  });

  it('renders the pages a purge dropped again, two at a time, and only those', { timeout: 60_000 }, async () => {
    const purged = sitemap.filter((url) => url.startsWith('/de/'));
    const from = log.lines.length;
    const answer = await purge(site, ['/de/*']);
    expect(await answer.json()).toEqual({ purged: purged.length });
    await until('the refill', () => logged(log.lines.slice(from), 'html cache refilled').length === 1, 60_000);
    const started = logged(log.lines.slice(from), 'background render started').map((l) => l.path);
    expect(started.sort()).toEqual([...purged].sort());
    expect(mostAtOnce(from)).toBe(2);
    for (const url of purged.slice(0, 6)) expect((await get(url)).headers.get('x-cache'), url).toBe('HIT');
  });
});
