import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RumReport } from '../../shared/rum';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * `GET /metrics` through the real app: who may read it, and that what visitors do moves the numbers
 * it shows, with labels a client cannot multiply. The site trusts one proxy hop, so each test sends
 * from an address of its own (X-Forwarded-For) and meets only its own rate limits.
 */

const OPS_TOKEN = 'ops-token-for-the-metrics-tests-0123456789';
const LIMIT = 2;

type Site = Awaited<ReturnType<typeof startTestSite>>;
let site: Site;
beforeAll(async () => {
  site = await startTestSite({ OPS_TOKEN, TRUST_PROXY: 'loopback', RUM_RATE_LIMIT_MAX: String(LIMIT), FORM_RATE_LIMIT_MAX: String(LIMIT) });
});
afterAll(() => site?.stop());

async function scrape(target: Site = site): Promise<string> {
  const res = await request(target.server).get('/metrics').set('Authorization', `Bearer ${OPS_TOKEN}`).expect(200);
  return res.text;
}

/** Every sample of the exposition: name, labels and value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return { name: name!, labels: Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!])), value: Number(value) };
    });
}

/** The value of the sample with exactly these labels; 0 when there is none yet. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels);
  const found = samples(text).find((s) => s.name === name && Object.keys(s.labels).length === wanted.length && wanted.every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}

let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

describe('GET /metrics', () => {
  it('answers the ops token only: 401 to anyone else, with no cache and no page', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${OPS_TOKEN}`]) {
      const req = request(site.server).get('/metrics');
      const res = await (authorization ? req.set('Authorization', authorization) : req);
      expect(res.status, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).not.toContain('site_http_requests_total');
    }
  });

  it('answers the Prometheus text format, never stored, with the process metrics beside the site', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(site.server).get('/metrics').set('Authorization', `Bearer ${OPS_TOKEN}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-cache']).toBeUndefined();
      expect(res.headers['content-encoding']).toBeUndefined();
      for (const family of [
        'site_http_requests_total',
        'site_http_request_duration_seconds',
        'site_html_cache_requests_total',
        'site_rate_limited_requests_total',
        'site_outbox_pending_submissions',
        'nodejs_eventloop_lag_seconds',
        'process_resident_memory_bytes',
      ]) {
        expect(res.text).toContain(`# TYPE ${family} `);
      }
    }
  });

  it('counts a page missed then hit in the HTML cache, its requests and what it asked upstream', async () => {
    const before = await scrape();
    expect((await request(site.server).get('/en/categories')).headers['x-cache']).toBe('MISS');
    expect((await request(site.server).get('/en/categories?utm_source=mail')).headers['x-cache']).toBe('HIT');
    const after = await scrape();
    for (const result of ['miss', 'hit']) {
      expect(value(after, 'site_html_cache_requests_total', { result }) - value(before, 'site_html_cache_requests_total', { result }), result).toBe(1);
    }
    expect(
      value(after, 'site_http_requests_total', { kind: 'page', code: '200' }) - value(before, 'site_http_requests_total', { kind: 'page', code: '200' }),
    ).toBe(2);
    expect(
      value(after, 'site_http_request_duration_seconds_count', { kind: 'page' }) - value(before, 'site_http_request_duration_seconds_count', { kind: 'page' }),
    ).toBe(2);
    expect(value(after, 'site_html_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'site_html_cache_bytes')).toBeGreaterThan(1000);
    // The render read the categories upstream, by endpoint and never by a path or slug.
    expect(value(after, 'site_upstream_calls_total', { endpoint: 'categories', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'site_upstream_request_duration_seconds_count', { endpoint: 'categories' })).toBeGreaterThanOrEqual(1);
    const endpoints = new Set(
      samples(after)
        .filter((s) => s.name === 'site_upstream_calls_total')
        .map((s) => s.labels.endpoint),
    );
    for (const endpoint of endpoints) expect(endpoint).toMatch(/^[a-z-]+$/);
  });

  it('counts an unknown address as a 404 of its kind', async () => {
    const before = await scrape();
    // Outside a locale, an unknown address is sent to the default locale's, where it is not found.
    await request(site.server).get('/no-such-file.txt').expect(301);
    await request(site.server).get('/sl/no-such-file.txt').expect(404);
    await request(site.server).get('/assets/no-such-file.js').expect(404);
    const after = await scrape();
    const added = (labels: Record<string, string>) => value(after, 'site_http_requests_total', labels) - value(before, 'site_http_requests_total', labels);
    expect(added({ kind: 'other', code: '301' })).toBe(1);
    expect(added({ kind: 'page', code: '404' })).toBe(1);
    expect(added({ kind: 'asset', code: '404' })).toBe(1);
  });

  it('keeps its labels few: 50 requests to random addresses and queries add no label set of their own', async () => {
    const shapes = [
      (t: string) => `/${t}?q=${t}`,
      (t: string) => `/en/${t}?utm_source=${t}`,
      (t: string) => `/sl/iskanje?q=${t}`,
      (t: string) => `/assets/${t}.js`,
      (t: string) => `/api/${t}`,
    ];
    const series = (text: string) =>
      samples(text)
        .filter((s) => s.name.startsWith('site_'))
        .map((s) => `${s.name}${JSON.stringify(s.labels)}`);
    // Each shape once first: its kind, status and upstream endpoint may be new.
    for (const shape of shapes) await request(site.server).get(shape(randomUUID()));
    const before = series(await scrape());
    const tokens = Array.from({ length: 50 }, () => randomUUID());
    for (const [i, token] of tokens.entries()) await request(site.server).get(shapes[i % shapes.length]!(token));
    const text = await scrape();
    for (const token of tokens) expect(text).not.toContain(token);
    expect(series(text)).toEqual(before);
  });

  it('shows a web-vitals report in its histograms, and refuses a screen that is not one', async () => {
    const report: RumReport = {
      route: 'product',
      locale: 'de',
      metrics: [
        { name: 'LCP', value: 1840, rating: 'good' },
        { name: 'CLS', value: 0.02, rating: 'good' },
      ],
    };
    const beacon = (body: unknown) =>
      request(site.server)
        .post('/api/rum')
        .set('X-Forwarded-For', address())
        .set('Sec-Fetch-Site', 'same-origin')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
    await beacon(report).expect(204);
    await beacon({ ...report, route: 'made-up-screen' }).expect(400);
    const text = await scrape();
    const labels = { route: 'product', locale: 'de' };
    expect(value(text, 'site_web_vitals_lcp_seconds_count', labels)).toBe(1);
    expect(value(text, 'site_web_vitals_lcp_seconds_bucket', { le: '1.5', ...labels })).toBe(0);
    expect(value(text, 'site_web_vitals_lcp_seconds_bucket', { le: '2', ...labels })).toBe(1);
    expect(value(text, 'site_web_vitals_cls_sum', labels)).toBeCloseTo(0.02);
    expect(text).not.toContain('made-up-screen');
  });

  it('counts the refusals of each rate limiter', async () => {
    const before = await scrape();
    const from = address();
    const report: RumReport = { route: 'index', locale: 'sl', metrics: [{ name: 'TTFB', value: 90, rating: 'good' }] };
    for (let i = 0; i < LIMIT + 1; i++) {
      await request(site.server)
        .post('/api/rum')
        .set('X-Forwarded-For', from)
        .set('Sec-Fetch-Site', 'same-origin')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(report));
    }
    for (let i = 0; i < LIMIT + 1; i++) {
      // The last one valid: over the limit, a post that would be stored is the one answered 429.
      const body = i < LIMIT ? 'email=x' : 'email=metrics.limited%40example.com&consent=on';
      await request(site.server).post('/en/newsletter').set('X-Forwarded-For', from).set('Sec-Fetch-Site', 'same-origin').type('form').send(body);
    }
    const after = await scrape();
    for (const limiter of ['rum', 'forms']) {
      expect(value(after, 'site_rate_limited_requests_total', { limiter }) - value(before, 'site_rate_limited_requests_total', { limiter }), limiter).toBe(1);
    }
    expect(value(after, 'site_http_requests_total', { kind: 'form_post', code: '429' })).toBeGreaterThanOrEqual(1);
  });
});

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('with the content API down', () => {
  it('shows the submission waiting in the outbox, its age, and the failed deliveries', { timeout: 30_000 }, async () => {
    const down = await startTestSite({ OPS_TOKEN, UPSTREAM_URL: `http://127.0.0.1:${await deadPort()}/`, UPSTREAM_TIMEOUT_MS: '500' });
    try {
      const idle = await scrape(down);
      expect(value(idle, 'site_outbox_pending_submissions')).toBe(0);
      expect(value(idle, 'site_outbox_oldest_pending_age_seconds')).toBe(0);
      expect(value(idle, 'site_outbox_dead_letters')).toBe(0);
      const form = new URLSearchParams({ email: 'metrics@example.com', consent: 'on', website: '' }).toString();
      await request(down.server).post('/sl/e-novice').set('Sec-Fetch-Site', 'same-origin').type('form').send(form).expect(303);
      // The submission's age grows from its acknowledgement: wait until a scrape shows it has one.
      let waiting = '';
      await until('the waiting submission has an age', async () => {
        waiting = await scrape(down);
        return value(waiting, 'site_outbox_oldest_pending_age_seconds') > 0;
      });
      expect(value(waiting, 'site_outbox_pending_submissions')).toBe(1);
      expect(value(waiting, 'site_upstream_calls_total', { endpoint: 'forms', outcome: 'network' })).toBeGreaterThanOrEqual(1);
    } finally {
      await down.stop();
    }
  });
});

describe('without OPS_TOKEN', () => {
  it('has no /metrics: not found, like any unknown address', async () => {
    const closed = await startTestSite();
    try {
      // Sent to the default locale's address, where it is not found, like any unknown address.
      const res = await request(closed.server).get('/metrics').set('Authorization', `Bearer ${OPS_TOKEN}`).redirects(1);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).not.toContain('site_http_requests_total');
    } finally {
      await closed.stop();
    }
  });
});
