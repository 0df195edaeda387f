import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RENDERS_AT_ONCE, SEARCH_RENDERS_WAITING, SUGGESTIONS_PER_SECTION } from '../../server/site/bff/search';
import { REFUSAL_PAUSE_MS } from '../../server/site/http/admission-queue';
import { startCms, type RunningCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { SEARCHES_AT_ONCE, SEARCHES_WAITING } from '../../server/site/upstream/search-client';
import { until } from '../support/until';
import { startUpstreamGate, type UpstreamGate } from '../support/upstream-gate';
import { startTestSite } from './helpers';

/**
 * Searches cannot starve the site (issue 24, point 4): identical searches are answered from a short
 * cache, uncached work beyond a short queue is shed at once with 503 and Retry-After, and each
 * client has a budget of searches a minute. The content API sits behind a gate that counts its
 * searches and can hold them, so a test knows how many are under way. (The budget across replicas:
 * tests/integration/replicas.test.ts; the cached pages' p99 under a flood: `npm run bench`.)
 */

let cms: RunningCms;
let cmsDir: string;
let gate: UpstreamGate;
let site: Awaited<ReturnType<typeof startTestSite>>;

beforeAll(async () => {
  cmsDir = mkdtempSync(path.join(os.tmpdir(), 'search-guard-cms-'));
  cms = await startCms({ dataDir: cmsDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  gate = await startUpstreamGate(cms.url, (url) => url.startsWith('/search'));
  site = await startTestSite({ UPSTREAM_URL: gate.url, SEARCH_RATE_LIMIT_MAX: '10000' });
});

afterAll(async () => {
  await site?.stop();
  await gate?.close();
  await cms?.close();
  rmSync(cmsDir, { recursive: true, force: true });
});

const get = (url: string) => request(site.server).get(url);

describe('the short cache', () => {
  it('answers an identical search from memory: one search upstream for the suggestions (their five a section) and one for the page', async () => {
    const before = gate.seen.length;
    for (let i = 0; i < 5; i++) expect((await get('/api/search?lang=en&q=awning')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get('/en/search?q=awning')).status).toBe(200);
    expect(gate.seen.slice(before)).toEqual([`/search?lang=en&q=awning&perSection=${SUGGESTIONS_PER_SECTION}`, '/search?lang=en&q=awning']);
    // Other words, or another language, are another search.
    await get('/api/search?lang=en&q=awnings');
    await get('/api/search?lang=de&q=awning');
    expect(gate.seen.length - before).toBe(4);
  });
});

describe('shedding', () => {
  it('answers suggestions whose search would wait behind a long queue 503 with Retry-After, without joining it', async () => {
    gate.holding = true;
    const waiting = Array.from({ length: SEARCHES_AT_ONCE + SEARCHES_WAITING }, (_, i) => get(`/api/search?lang=sl&q=shed${i}`).then((res) => res.status));
    await until('the searches reach the content API', () => gate.held() === SEARCHES_AT_ONCE);
    // The queue is full (the content API holds two, eight wait behind them): the next is refused while
    // they are all still held (after the pause a refusal takes, REFUSAL_PAUSE_MS).
    const asked = Date.now();
    const shed = await get('/api/search?lang=sl&q=one-too-many');
    expect(Date.now() - asked).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 10);
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.headers['cache-control']).toBe('no-store');
    expect(shed.body).toEqual({ error: 'upstream_unavailable' });
    expect(gate.held()).toBe(SEARCHES_AT_ONCE);
    gate.release();
    expect(await Promise.all(waiting)).toEqual(Array(SEARCHES_AT_ONCE + SEARCHES_WAITING).fill(200));
    expect((await get('/api/search?lang=sl&q=one-too-many')).status).toBe(200);
  });

  it('answers a search screen beyond the renders in flight and waiting 503 with Retry-After and the static error page, and cached pages meanwhile', async () => {
    await get('/en').expect(200);
    gate.holding = true;
    const waiting = Array.from({ length: SEARCH_RENDERS_AT_ONCE + SEARCH_RENDERS_WAITING }, (_, i) => get(`/en/search?q=render${i}`).then((res) => res.status));
    await until('two renders wait for the content API', () => gate.held() === SEARCH_RENDERS_AT_ONCE);
    const shed = await get('/en/search?q=one-too-many');
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.text).toContain('error-page');
    const payload = await get('/en/search/_payload.json?q=one-too-many');
    expect(payload.status).toBe(503);
    // A search screen without words is no search: rendered as any page.
    expect((await get('/en/search')).status).toBe(200);
    expect((await get('/en')).headers['x-cache']).toBe('HIT');
    gate.release();
    expect(await Promise.all(waiting)).toEqual(Array(SEARCH_RENDERS_AT_ONCE + SEARCH_RENDERS_WAITING).fill(200));
  });
});

describe('the per-client budget', () => {
  it('answers 429 with Retry-After and the RateLimit headers over SEARCH_RATE_LIMIT_MAX a minute, suggestions and pages counted together', async () => {
    const strict = await startTestSite({ SEARCH_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'loopback' });
    try {
      const from = (address: string, url: string) => request(strict.server).get(url).set('X-Forwarded-For', address);
      const first = await from('198.51.100.1', '/api/search?lang=en&q=roller');
      expect(first.status).toBe(200);
      expect(first.headers.ratelimit).toMatch(/^"3-in-1min"; r=2; t=(60|59)$/);
      expect((await from('198.51.100.1', '/en/search?q=roller')).status).toBe(200);
      // Not searches: not counted.
      expect((await from('198.51.100.1', '/api/search?lang=en&q=%20')).headers.ratelimit).toBeUndefined();
      expect((await from('198.51.100.1', '/en/search')).headers.ratelimit).toBeUndefined();
      expect((await from('198.51.100.1', '/sl/iskanje/_payload.json?q=rolete')).status).toBe(200);

      const api = await from('198.51.100.1', '/api/search?lang=en&q=blinds');
      expect(api.status).toBe(429);
      expect(api.body).toEqual({ error: 'rate_limited' });
      expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
      const page = await from('198.51.100.1', '/de/suche?q=Markise');
      expect(page.status).toBe(429);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('error-page');
      // Another client has its own budget.
      expect((await from('198.51.100.2', '/api/search?lang=en&q=blinds')).status).toBe(200);
    } finally {
      await strict.stop();
    }
  });
});
