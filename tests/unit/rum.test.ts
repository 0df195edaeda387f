import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { MetricWithAttribution } from 'web-vitals/attribution';
import { createReportBatch, tagName, toRumMetric } from '../../client/runtime/rum/metrics';
import { isSampled, rumRoute } from '../../client/runtime/rum/start';
import { formatRows } from '../../scripts/rum-p75';
import { loadConfig } from '../../server/site/settings';
import { hasBearerToken } from '../../server/lib/bearer';
import { reportFromLogLine, rumLogFields, RUM_LOG_MESSAGE } from '../../server/site/rum/log-line';
import { bucketOf, createRumSummary, p75 } from '../../server/site/rum/summary';
import { rumReportSchema, type RumReport } from '../../shared/rum';

const report: RumReport = {
  route: 'product',
  locale: 'en',
  metrics: [
    { name: 'LCP', value: 1840, rating: 'good', element: 'img' },
    { name: 'INP', value: 96, rating: 'good', element: 'button', interaction: 'pointer', loadState: 'complete' },
    { name: 'CLS', value: 0.0123, rating: 'good', element: 'div', loadState: 'dom-content-loaded' },
    { name: 'FCP', value: 900, rating: 'good', loadState: 'dom-interactive' },
    { name: 'TTFB', value: 120, rating: 'good' },
  ],
};

/** A web-vitals metric as the attribution build hands it over, with only the fields the report reads. */
const vital = (fields: Record<string, unknown>) => fields as unknown as MetricWithAttribution;

describe('the report schema', () => {
  it('takes a full report and the smallest one', () => {
    expect(rumReportSchema.parse(report)).toEqual(report);
    expect(rumReportSchema.safeParse({ route: 'notFound', locale: 'de', metrics: [{ name: 'TTFB', value: 0, rating: 'good' }] }).success).toBe(true);
  });

  it.each([
    ['a route outside the route table', { ...report, route: 'admin' }],
    ['a route with its locale', { ...report, route: 'product___en' }],
    ['a URL for a route', { ...report, route: '/en/product/x?email=a@b.c' }],
    ['an unknown locale', { ...report, locale: 'fr' }],
    ['no metrics', { ...report, metrics: [] }],
    ['a metric twice', { ...report, metrics: [report.metrics[0], report.metrics[0]] }],
    ['an unknown metric', { ...report, metrics: [{ name: 'FID', value: 10, rating: 'good' }] }],
    ['a negative value', { ...report, metrics: [{ name: 'LCP', value: -1, rating: 'good' }] }],
    ['a timing over two minutes', { ...report, metrics: [{ name: 'LCP', value: 120_001, rating: 'poor' }] }],
    ['a CLS over 100', { ...report, metrics: [{ name: 'CLS', value: 101, rating: 'poor' }] }],
    ['a value that is not a number', { ...report, metrics: [{ name: 'LCP', value: '1', rating: 'good' }] }],
    ['an unknown rating', { ...report, metrics: [{ name: 'LCP', value: 1, rating: 'great' }] }],
    ['a selector for an element', { ...report, metrics: [{ name: 'LCP', value: 1, rating: 'good', element: 'div#user-jane>img' }] }],
    ['a field of its own', { ...report, metrics: [{ name: 'LCP', value: 1, rating: 'good', url: 'https://x' }] }],
    ['a field of its own at the top', { ...report, userAgent: 'x' }],
  ])('refuses %s', (_, body) => {
    expect(rumReportSchema.safeParse(body).success).toBe(false);
  });
});

describe('the browser side', () => {
  it('names the screen from the matched route ids, never from the URL', () => {
    expect(rumRoute(['layout', 'product___en'])).toBe('product');
    expect(rumRoute(['layout', 'index___sl'])).toBe('index');
    expect(rumRoute(['layout', 'notFound'])).toBe('notFound');
    expect(rumRoute(['layout'])).toBeNull();
    expect(rumRoute([])).toBeNull();
  });

  it('samples: 1 always, 0 never, else the share', () => {
    expect(isSampled(1, 0.999999)).toBe(true);
    expect(isSampled(0, 0)).toBe(false);
    expect(isSampled(0.1, 0.05)).toBe(true);
    expect(isSampled(0.1, 0.1)).toBe(false);
  });

  it('names an element by its tag only', () => {
    expect(tagName({ nodeType: 1, localName: 'img' } as unknown as Node)).toBe('img');
    expect(tagName({ nodeType: 3, nodeName: '#text' } as unknown as Node)).toBe('');
    expect(tagName(null)).toBe('');
  });

  it('reduces each metric to the value, its rating and a little attribution', () => {
    const lcp = vital({ name: 'LCP', value: 1840.6, rating: 'good', attribution: { target: 'img', url: 'https://x/a.jpg', timeToFirstByte: 100 } });
    expect(toRumMetric(lcp)).toEqual({ name: 'LCP', value: 1841, rating: 'good', element: 'img' });
    const inp = vital({
      name: 'INP',
      value: 96,
      rating: 'good',
      attribution: { interactionTarget: 'button', interactionType: 'keyboard', loadState: 'complete', inputDelay: 3 },
    });
    expect(toRumMetric(inp)).toEqual({ name: 'INP', value: 96, rating: 'good', element: 'button', interaction: 'keyboard', loadState: 'complete' });
    const cls = vital({ name: 'CLS', value: 0.123456, rating: 'needs-improvement', attribution: { largestShiftTarget: 'section', loadState: 'complete' } });
    expect(toRumMetric(cls)).toEqual({ name: 'CLS', value: 0.1235, rating: 'needs-improvement', element: 'section', loadState: 'complete' });
    expect(toRumMetric(vital({ name: 'CLS', value: 0, rating: 'good', attribution: {} }))).toEqual({ name: 'CLS', value: 0, rating: 'good' });
    expect(toRumMetric(vital({ name: 'FCP', value: 900.2, rating: 'good', attribution: { loadState: 'dom-interactive' } }))).toEqual({
      name: 'FCP',
      value: 900,
      rating: 'good',
      loadState: 'dom-interactive',
    });
    expect(toRumMetric(vital({ name: 'TTFB', value: 120, rating: 'good', attribution: { waitingDuration: 50 } }))).toEqual({
      name: 'TTFB',
      value: 120,
      rating: 'good',
    });
  });

  it('drops an element that is not a plain tag name (a selector from the default target)', () => {
    const lcp = vital({ name: 'LCP', value: 1, rating: 'good', attribution: { target: 'main>div.hero>img' } });
    expect(toRumMetric(lcp)).toEqual({ name: 'LCP', value: 1, rating: 'good' });
  });

  it('batches a page view: the latest value of each metric, taken once', () => {
    const batch = createReportBatch({ route: 'index', locale: 'sl' });
    expect(batch.take()).toBeNull();
    batch.add({ name: 'CLS', value: 0.01, rating: 'good' });
    batch.add({ name: 'LCP', value: 1000, rating: 'good' });
    batch.add({ name: 'CLS', value: 0.2, rating: 'needs-improvement' });
    const taken = batch.take();
    expect(taken).toEqual({
      route: 'index',
      locale: 'sl',
      metrics: [
        { name: 'CLS', value: 0.2, rating: 'needs-improvement' },
        { name: 'LCP', value: 1000, rating: 'good' },
      ],
    });
    expect(rumReportSchema.safeParse(taken).success).toBe(true);
    expect(batch.take()).toBeNull();
  });
});

describe('the p75 summary', () => {
  it('reads the 75th percentile within 10% of the exact one', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 50 + i * 7); // 50..7043 ms
    const exact = values[Math.ceil(0.75 * values.length) - 1]!;
    const summary = createRumSummary();
    for (const value of values) summary.record({ route: 'index', locale: 'sl', metrics: [{ name: 'LCP', value, rating: 'good' }] });
    const [row] = summary.rows();
    expect(row).toMatchObject({ route: 'index', locale: 'sl', metric: 'LCP', count: 1000 });
    expect(Math.abs(row!.p75 - exact) / exact).toBeLessThan(0.1);
  });

  it('keeps CLS scores apart from timings', () => {
    const summary = createRumSummary();
    for (const value of [0, 0.01, 0.02, 0.3]) summary.record({ route: 'faq', locale: 'de', metrics: [{ name: 'CLS', value, rating: 'good' }] });
    const p = summary.rows()[0]!.p75;
    expect(p).toBeGreaterThanOrEqual(0.018);
    expect(p).toBeLessThanOrEqual(0.022);
  });

  it('has one row per screen, locale and metric, in the metrics order', () => {
    const summary = createRumSummary();
    summary.record(report);
    summary.record({ ...report, locale: 'de' });
    summary.record({ route: 'blog', locale: 'sl', metrics: [{ name: 'TTFB', value: 10, rating: 'good' }] });
    expect(summary.rows().map((r) => `${r.route} ${r.locale} ${r.metric} ${r.count}`)).toEqual([
      'blog sl TTFB 1',
      'product de LCP 1',
      'product de INP 1',
      'product de CLS 1',
      'product de FCP 1',
      'product de TTFB 1',
      'product en LCP 1',
      'product en INP 1',
      'product en CLS 1',
      'product en FCP 1',
      'product en TTFB 1',
    ]);
  });

  it('has a fixed number of buckets, whatever the value', () => {
    expect(bucketOf('LCP', 0)).toBe(0);
    expect(bucketOf('LCP', 0.5)).toBe(0);
    expect(bucketOf('LCP', 1)).toBe(1);
    expect(bucketOf('LCP', 120_000)).toBeLessThanOrEqual(bucketOf('LCP', 1e12));
    expect(bucketOf('LCP', 1e12)).toBe(bucketOf('LCP', 1e15));
    expect(bucketOf('LCP', 1e15)).toBeLessThan(130);
    expect(bucketOf('CLS', 1e15)).toBeLessThan(130);
    expect(p75('LCP', new Uint32Array(10))).toBeNull();
  });

  it('prints a table for the command', () => {
    const summary = createRumSummary();
    summary.record(report);
    const lines = formatRows(summary.rows()).split('\n');
    expect(lines[0]).toMatch(/^route\s+locale\s+metric\s+count\s+p75$/);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^product\s+en\s+LCP\s+1\s+\d+$/);
  });
});

describe('the log line', () => {
  it('is read back from what pino wrote, and holds the report and nothing more', () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString().trim());
          done();
        },
      }),
    );
    logger.info(rumLogFields(report), RUM_LOG_MESSAGE);
    logger.info({ req: { path: '/api/rum' } }, 'request completed');
    expect(lines.map(reportFromLogLine)).toEqual([report, null]);
    const { level, time, pid, hostname, msg, ...rest } = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect({ level, msg, rest }).toEqual({ level: 30, msg: RUM_LOG_MESSAGE, rest: { rum: report } });
    expect([time, pid, hostname].every((v) => v !== undefined)).toBe(true);
  });

  it('skips lines that are not reports', () => {
    expect(reportFromLogLine('not json, rum report')).toBeNull();
    expect(reportFromLogLine(JSON.stringify({ msg: 'rum report', rum: { route: 'x' } }))).toBeNull();
    expect(reportFromLogLine(JSON.stringify({ msg: 'other', rum: report }))).toBeNull();
  });
});

describe('settings and the ops token', () => {
  it('samples a tenth of page views unless told, between 0 and 1', () => {
    expect(loadConfig({})).toMatchObject({ RUM_SAMPLE_RATE: 0.1, RUM_RATE_LIMIT_MAX: 60 });
    expect(loadConfig({}).OPS_TOKEN).toBeUndefined();
    expect(loadConfig({ RUM_SAMPLE_RATE: '1' }).RUM_SAMPLE_RATE).toBe(1);
    expect(() => loadConfig({ RUM_SAMPLE_RATE: '1.5' })).toThrow(/RUM_SAMPLE_RATE/);
    expect(() => loadConfig({ RUM_SAMPLE_RATE: 'all' })).toThrow(/RUM_SAMPLE_RATE/);
    expect(() => loadConfig({ OPS_TOKEN: 'short' })).toThrow(/OPS_TOKEN/);
  });

  it('takes only the exact bearer token', () => {
    const token = 'a'.repeat(40);
    expect(hasBearerToken(`Bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(`bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(`Bearer ${token}x`, token)).toBe(false);
    expect(hasBearerToken(`Basic ${token}`, token)).toBe(false);
    expect(hasBearerToken(token, token)).toBe(false);
    expect(hasBearerToken(undefined, token)).toBe(false);
  });
});
