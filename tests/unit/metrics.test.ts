import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Histogram, Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outboxMetrics } from '../../server/site/metrics/outbox';
import { requestKind } from '../../server/site/metrics/request-kind';
import { DURATION_BUCKETS, requestMetrics } from '../../server/site/metrics/requests';
import { webVitalsMetrics } from '../../server/site/metrics/web-vitals';
import type { OutboxStats } from '../../server/site/outbox';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request kinds', () => {
  it.each([
    ['GET', '/en', 'page'],
    ['GET', '/sl/izdelek/rolete?utm_source=x', 'page'],
    ['HEAD', '/de/nope/nope', 'page'],
    ['GET', '/en/blog/_payload.json?page=2', 'payload'],
    ['POST', '/sl/povprasevanje', 'form_post'],
    ['POST', '/en/inquiry/_payload.json', 'form_post'],
    ['GET', '/sl/iskanje?q=senčila', 'search'],
    ['GET', '/en/search/_payload.json?q=x', 'search'],
    ['GET', '/api/search?lang=sl&q=rol', 'search'],
    ['GET', '/assets/entry-abc123.js', 'asset'],
    ['GET', '/sitemap.xml', 'seo'],
    ['GET', '/robots.txt?x=1', 'seo'],
    ['POST', '/api/rum', 'rum'],
    ['GET', '/api/rum/p75', 'rum'],
    ['POST', '/api/cache/purge', 'api'],
    ['GET', '/builds/latest.json?t=1', 'api'],
    ['GET', '/healthz', 'health'],
    ['GET', '/readyz', 'health'],
    ['GET', '/metrics', 'metrics'],
    ['GET', '/', 'other'],
    ['GET', '/favicon.ico', 'other'],
    ['GET', '/english/page', 'other'],
    ['GET', '/e', 'other'],
    ['GET', 'xsl', 'other'],
    ['GET', 'http://evil.example/en', 'other'],
    ['OPTIONS', '*', 'other'],
  ])('%s %s is %s', (method, url, kind) => {
    expect(requestKind(method, url)).toBe(kind);
  });
});

/** A response that closes when told, finished or not. */
function fakeResponse(statusCode: number) {
  return Object.assign(new EventEmitter(), { statusCode, writableEnded: true, writableFinished: true }) as unknown as ServerResponse & {
    writableFinished: boolean;
  };
}

describe('request metrics', () => {
  it('writes the duration histogram as prom-client writes its own', async () => {
    const registry = new Registry();
    const requests = requestMetrics(registry);
    const referenceRegistry = new Registry();
    const reference = new Histogram({
      name: 'site_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, in seconds, by kind.',
      labelNames: ['kind'],
      buckets: [...DURATION_BUCKETS],
      registers: [referenceRegistry],
    });
    const now = vi.spyOn(performance, 'now');
    // In the order of REQUEST_KINDS, the order this one writes its label sets in (prom-client: first seen first).
    for (const [method, url, ms] of [
      ['GET', '/en', 0.2],
      ['GET', '/en/categories', 0.5],
      ['GET', '/en/product/x', 31],
      ['POST', '/sl/kontakt', 12_000],
      ['GET', '/assets/a.js', 2],
    ] as const) {
      now.mockReturnValue(1000 + ms);
      requests.answered({ method, url } as IncomingMessage, fakeResponse(200), 1000);
      reference.observe({ kind: requestKind(method, url) }, (1000 + ms - 1000) / 1000);
    }
    const name = 'site_http_request_duration_seconds';
    expect(await registry.getSingleMetricAsString(name)).toBe(await referenceRegistry.getSingleMetricAsString(name));
  });

  it('counts by kind and status when the response closes, and an answer cut short as 499', async () => {
    const registry = new Registry();
    const requests = requestMetrics(registry);
    const finished = fakeResponse(404);
    requests.observe({ method: 'GET', url: '/nope?x=1' } as IncomingMessage, finished, performance.now());
    const cut = Object.assign(fakeResponse(200), { writableFinished: false });
    requests.observe({ method: 'GET', url: '/en/product/x' } as IncomingMessage, cut, performance.now());
    expect(await registry.getSingleMetricAsString('site_http_requests_total')).not.toMatch(/^site_http_requests_total\{/m);
    finished.emit('close');
    cut.emit('close');
    const text = await registry.getSingleMetricAsString('site_http_requests_total');
    expect(text).toContain('site_http_requests_total{kind="other",code="404"} 1');
    expect(text).toContain('site_http_requests_total{kind="page",code="499"} 1');
  });
});

describe('outbox metrics', () => {
  const stats: OutboxStats = { pending: 3, delivered: 10, dead: 1, oldestPendingAt: null };

  it('reads the outbox once per scrape for its three gauges', async () => {
    const registry = new Registry();
    const read = vi.fn(async () => ({ ...stats, oldestPendingAt: Date.now() - 90_000 }));
    outboxMetrics(registry, { stats: read });
    const text = await registry.metrics();
    expect(read).toHaveBeenCalledTimes(1);
    expect(text).toContain('site_outbox_pending_submissions 3');
    expect(text).toContain('site_outbox_dead_letters 1');
    expect(Number(/^site_outbox_oldest_pending_age_seconds (\S+)$/m.exec(text)?.[1])).toBeCloseTo(90, 0);
    await registry.metrics();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('says 0 seconds when nothing waits, and NaN (prom-client writes `Nan`) when the outbox cannot be read, without failing the scrape', async () => {
    const registry = new Registry();
    let fail = false;
    outboxMetrics(registry, { stats: async () => (fail ? Promise.reject(new Error('closed')) : stats) });
    expect(await registry.metrics()).toContain('site_outbox_oldest_pending_age_seconds 0');
    fail = true;
    const text = await registry.metrics();
    expect(text).toContain('site_outbox_pending_submissions Nan');
    expect(text).toContain('site_outbox_oldest_pending_age_seconds Nan');
  });
});

describe('web vitals metrics', () => {
  it('records timings in seconds and CLS as its score, by screen and locale', async () => {
    const registry = new Registry();
    webVitalsMetrics(registry).record({
      route: 'product',
      locale: 'en',
      metrics: [
        { name: 'LCP', value: 2400, rating: 'good' },
        { name: 'CLS', value: 0.12, rating: 'needs-improvement' },
      ],
    });
    const text = await registry.metrics();
    expect(text).toContain('site_web_vitals_lcp_seconds_bucket{le="2.5",route="product",locale="en"} 1');
    expect(text).toContain('site_web_vitals_lcp_seconds_bucket{le="2",route="product",locale="en"} 0');
    expect(text).toContain('site_web_vitals_lcp_seconds_sum{route="product",locale="en"} 2.4');
    expect(text).toContain('site_web_vitals_cls_bucket{le="0.15",route="product",locale="en"} 1');
    expect(text).toContain('site_web_vitals_cls_bucket{le="0.1",route="product",locale="en"} 0');
    expect(text).not.toMatch(/site_web_vitals_inp_seconds_count/);
  });
});
