import { readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/lib/paths';
import { startTestSite } from './helpers';

type TestAgent = ReturnType<typeof request>;

/**
 * What browsers and shared caches are told about each kind of answer the site gives, address by
 * address: the Cache-Control every answer had when the values moved into one module
 * (server/site/cache-control.ts, decision 0049). A change here is a change visitors and CDNs see.
 */

const ASSET = readdirSync(path.join(ROOT_DIR, 'dist/client/assets')).find((file) => file.endsWith('.js'))!;

/** [what is asked, the request, its status, its Cache-Control] */
const ANSWERS: [string, (site: TestAgent) => request.Test, number, string][] = [
  ['a page', (s) => s.get('/en/categories'), 200, 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'],
  ['a page again, from the HTML cache', (s) => s.get('/en/categories'), 200, 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'],
  ['a page’s payload', (s) => s.get('/en/categories/_payload.json'), 200, 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'],
  ['a search page (never kept in the process)', (s) => s.get('/en/search?q=roller'), 200, 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'],
  ['an unknown page', (s) => s.get('/en/no-such-page'), 404, 'no-store'],
  ['an account page', (s) => s.get('/en/login'), 200, 'private, no-store'],
  [
    'a page of every visitor, asked with a session cookie',
    (s) => s.get('/en/categories').set('Cookie', `sid=${'x'.repeat(43)}`),
    200,
    'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
  ],
  [
    'a post’s answer',
    (s) => s.post('/en/login').set('Sec-Fetch-Site', 'same-origin').type('form').send({ email: 'x', password: '' }),
    400,
    'private, no-store',
  ],
  ['the root, for a visitor with no locale yet', (s) => s.get('/'), 301, 'private, no-store'],
  ['the root, for a visitor with a locale', (s) => s.get('/').set('Cookie', 'i18n_redirected=de'), 301, 'public, max-age=3600'],
  ['a path without a prefix, by the locale cookie', (s) => s.get('/blog').set('Cookie', 'i18n_redirected=de'), 301, 'private, no-store'],
  ['a path without a prefix, for a visitor whose locale is known', (s) => s.get('/sl/').set('Cookie', 'i18n_redirected=sl'), 301, 'public, max-age=3600'],
  ['the sitemap', (s) => s.get('/sitemap.xml'), 200, 'public, max-age=3600'],
  ['robots.txt', (s) => s.get('/robots.txt'), 200, 'public, max-age=3600'],
  ['search suggestions', (s) => s.get('/api/search?lang=en&q=roller'), 200, 'public, max-age=60'],
  ['search suggestions, asked wrong', (s) => s.get('/api/search?lang=xx&q=roller'), 400, 'no-store'],
  ['the FAQ filter', (s) => s.get('/api/faq-search?lang=en&q=motor'), 200, 'public, max-age=60'],
  ['the FAQ filter, asked wrong', (s) => s.get('/api/faq-search?lang=xx&q=motor'), 400, 'no-store'],
  ['a visitor’s data without a session', (s) => s.get('/en/user/data.json'), 303, 'private, no-store'],
  ['a hashed asset', (s) => s.get(`/assets/${ASSET}`), 200, 'public, max-age=31536000, immutable'],
  ['a file of public/', (s) => s.get('/favicon.svg'), 200, 'public, max-age=3600'],
  ['the running build', (s) => s.get('/builds/latest.json'), 200, 'public, max-age=1'],
  ['another build’s meta', (s) => s.get('/builds/meta/old.json'), 404, 'no-store'],
  ['liveness', (s) => s.get('/healthz'), 200, 'no-store'],
  ['readiness', (s) => s.get('/readyz'), 200, 'no-store'],
  ['the staff area', (s) => s.get('/admin/login'), 200, 'private, no-store'],
  ['an unsigned purge', (s) => s.post('/api/cache/purge').set('Content-Type', 'application/json').send('{}'), 401, 'no-store'],
];

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ CACHE_PURGE_SECRET: 'a-long-shared-secret-for-the-purge-webhook' });
});
afterAll(() => site?.stop());

describe('Cache-Control of each kind of answer', () => {
  it('is what browsers and CDNs were told before it had one home', async () => {
    const agent = request(site.server);
    const got: string[] = [];
    const expected: string[] = [];
    for (const [what, ask, status, cacheControl] of ANSWERS) {
      const res = await ask(agent);
      got.push(`${what}: ${res.status} ${res.headers['cache-control']}`);
      expected.push(`${what}: ${status} ${cacheControl}`);
    }
    expect(got).toEqual(expected);
  });
});
