import pino from 'pino';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RUM_LOG_MESSAGE } from '../../server/site/rum/log-line';
import type { RumReport } from '../../shared/rum';
import { startTestSite } from './helpers';

/**
 * `POST /api/rum` and `GET /api/rum/p75` through the real app. The site trusts one proxy hop, so each
 * test posts from an address of its own (X-Forwarded-For) and meets only its own rate limit.
 */

const OPS_TOKEN = 'ops-token-for-the-integration-tests-0123456789';
const LIMIT = 3;

let site: Awaited<ReturnType<typeof startTestSite>>;
const logLines: Record<string, unknown>[] = [];
const rumLines = () => logLines.filter((line) => line.msg === RUM_LOG_MESSAGE);

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  site = await startTestSite(
    { TRUST_PROXY: 'loopback', RUM_RATE_LIMIT_MAX: String(LIMIT), FORM_RATE_LIMIT_MAX: String(LIMIT), OPS_TOKEN },
    pino({ level: 'info' }, sink),
  );
});
afterAll(() => site?.stop());
beforeEach(() => {
  logLines.length = 0;
});

const report: RumReport = {
  route: 'product',
  locale: 'en',
  metrics: [
    { name: 'LCP', value: 1840, rating: 'good', element: 'img' },
    { name: 'CLS', value: 0.02, rating: 'good', element: 'div', loadState: 'complete' },
    { name: 'TTFB', value: 95, rating: 'good' },
  ],
};

let nextAddress = 1;
/** A post as a beacon from this site's page sends it, from a client address of its own. */
function beacon(address = `198.51.100.${nextAddress++}`) {
  return request(site.server).post('/api/rum').set('X-Forwarded-For', address).set('Sec-Fetch-Site', 'same-origin').set('Content-Type', 'application/json');
}

describe('POST /api/rum', () => {
  it('takes a valid report: 204, one log line with the report and nothing else, and the limit in the headers', async () => {
    const res = await beacon().send(JSON.stringify(report)).expect(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['ratelimit-policy']).toMatch(new RegExp(`^"${LIMIT}-in-1min"; q=${LIMIT}; w=60;`));
    expect(res.headers.ratelimit).toMatch(new RegExp(`^"${LIMIT}-in-1min"; r=${LIMIT - 1}; t=\\d+`));
    const lines = rumLines();
    expect(lines).toHaveLength(1);
    const { level, time, pid, hostname, msg, ...fields } = lines[0]!;
    expect({ level, msg, fields }).toEqual({ level: 30, msg: RUM_LOG_MESSAGE, fields: { rum: report } });
    expect([time, pid, hostname].every((v) => v !== undefined)).toBe(true);
  });

  it('takes a report from a browser without Fetch Metadata when its Origin is the site', async () => {
    await request(site.server)
      .post('/api/rum')
      .set('X-Forwarded-For', '198.51.100.200')
      .set('Origin', site.url)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(report))
      .expect(204);
    expect(rumLines()).toHaveLength(1);
  });

  it.each([
    ['another site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a sibling subdomain', { 'Sec-Fetch-Site': 'same-site' }],
    ['another origin', { Origin: 'https://evil.example' }],
    ['no origin at all', {}],
  ])('refuses a report from %s: 403', async (_, headers: Record<string, string>) => {
    const res = await request(site.server)
      .post('/api/rum')
      .set('X-Forwarded-For', `198.51.100.${nextAddress++}`)
      .set(headers)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(report));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'forbidden' });
    expect(rumLines()).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{"route":'],
    ['not a report', JSON.stringify({ route: 'product', locale: 'en' })],
    ['a URL for a route', JSON.stringify({ ...report, route: '/en/product/a?email=jane@example.com' })],
    ['a field of its own', JSON.stringify({ ...report, visitor: 'jane@example.com' })],
    ['a value out of range', JSON.stringify({ ...report, metrics: [{ name: 'LCP', value: 1e9, rating: 'poor' }] })],
  ])('refuses %s: 400, nothing logged', async (_, body) => {
    const res = await beacon().send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'bad_request' });
    expect(rumLines()).toHaveLength(0);
  });

  it('refuses another content type: 415', async () => {
    const res = await beacon().set('Content-Type', 'text/plain').send(JSON.stringify(report));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'unsupported_type' });
  });

  it('refuses a body over 4 kB: 413, nothing logged', async () => {
    const body = JSON.stringify({ ...report, padding: 'x'.repeat(4200) });
    const res = await beacon().send(body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'too_large' });
    expect(rumLines()).toHaveLength(0);
  });

  it('limits each client address: over the limit a minute, 429 with Retry-After; other addresses and the forms are not affected', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < LIMIT; i++) await beacon(address).send(JSON.stringify(report)).expect(204);
    const refused = await beacon(address).send(JSON.stringify(report));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toMatch(/r=0;/);
    expect(rumLines()).toHaveLength(LIMIT);
    await beacon('203.0.113.8').send(JSON.stringify(report)).expect(204);
    // The forms keep their own limit: the reports used none of it.
    const form = await request(site.server)
      .post('/en/newsletter')
      .set('X-Forwarded-For', address)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send('email=');
    expect(form.status).not.toBe(429);
  });
});

describe('GET /api/rum/p75', () => {
  const get = () => request(site.server).get('/api/rum/p75');

  it('answers the p75 per screen, locale and metric to the ops token only', async () => {
    await beacon()
      .send(
        JSON.stringify({ route: 'faq', locale: 'de', metrics: [{ name: 'INP', value: 180, rating: 'good', interaction: 'pointer', loadState: 'complete' }] }),
      )
      .expect(204);
    const res = await get().set('Authorization', `Bearer ${OPS_TOKEN}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = (res.body as { rows: Array<Record<string, unknown>> }).rows;
    const inp = rows.find((r) => r.route === 'faq' && r.locale === 'de' && r.metric === 'INP');
    expect(inp).toMatchObject({ count: 1 });
    expect(Math.abs((inp!.p75 as number) - 180) / 180).toBeLessThan(0.1);
    expect(rows.some((r) => r.route === 'product' && r.locale === 'en' && r.metric === 'LCP')).toBe(true);
  });

  it('refuses anyone else: 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${OPS_TOKEN}`]) {
      const res = await (authorization ? get().set('Authorization', authorization) : get());
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).toEqual({ error: 'unauthorized' });
    }
  });
});

describe('without OPS_TOKEN', () => {
  let plain: Awaited<ReturnType<typeof startTestSite>>;
  beforeAll(async () => {
    plain = await startTestSite();
  });
  afterAll(() => plain?.stop());

  it('has no summary endpoint, and still takes reports', async () => {
    // Like any unknown address outside a locale, it is sent to the default locale's, where it is not found.
    const res = await request(plain.server).get('/api/rum/p75').set('Authorization', `Bearer ${OPS_TOKEN}`).redirects(1);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    await request(plain.server)
      .post('/api/rum')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(report))
      .expect(204);
  });
});
