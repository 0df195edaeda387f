import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_DATA_ID, type DocumentData } from '../../shared/document';
import { startTestSite } from './helpers';

type TestSite = Awaited<ReturnType<typeof startTestSite>>;

function documentData(html: string): DocumentData {
  const match = new RegExp(`<script type="application/json" id="${DOCUMENT_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(match).toBeTruthy();
  return JSON.parse(match![1]!) as DocumentData;
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

describe('without a tag manager', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.stop());

  it('serves the running build at /builds/latest.json, cached for one second', async () => {
    const page = await request(site.server).get('/sl').expect(200);
    const { buildId } = documentData(page.text);
    const res = await request(site.server).get(`/builds/latest.json?${Date.now()}`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=1');
    expect(res.body).toEqual({ id: buildId, timestamp: expect.any(Number) });
    expect(res.body.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it("serves the running build's meta for a year, and no other build's", async () => {
    const { body } = await request(site.server).get('/builds/latest.json').expect(200);
    const meta = await request(site.server).get(`/builds/meta/${body.id}.json`).expect(200);
    expect(meta.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(meta.body).toMatchObject({ id: body.id, timestamp: body.timestamp });
    const other = await request(site.server).get('/builds/meta/000000000000.json').expect(404);
    expect(other.headers['cache-control']).toBe('no-store');
  });

  it('sends no tag manager id and allows no third-party origin', async () => {
    const page = await request(site.server).get('/en').expect(200);
    expect(documentData(page.text).config).toEqual({ gtmId: null, rumSampleRate: 0.1 });
    const csp = page.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(page.text).not.toContain('googletagmanager');
  });
});

describe('with a tag manager', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ GTM_ID: 'GTM-K7P2Q' });
  });
  afterAll(() => site.stop());

  it('gives the browser the id and lets the tag manager and analytics origins in, and nothing else', async () => {
    const page = await request(site.server).get('/en').expect(200);
    expect(documentData(page.text).config).toEqual({ gtmId: 'GTM-K7P2Q', rumSampleRate: 0.1 });
    const csp = page.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-inline');
    // Still no inline script: the consent default and the loader come from the site's own bundle.
    expect(page.text).not.toMatch(/<script(?![^>]*(type="application\/(json|ld\+json)"|src=))[^>]*>/);
  });
});
