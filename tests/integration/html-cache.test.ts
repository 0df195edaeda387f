import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { purgeWebhook } from '../../server/cms/editing/purge-webhook';
import { signPurge } from '../../server/lib/purge-signature';
import { pageCacheKey } from '../../server/site/render/cache-policy';
import { entityTag } from '../../server/site/render/encoding';
import { withoutFormTokens } from '../support/form-guard';
import { until } from '../support/until';
import { startTestSite } from './helpers';

const SECRET = 'a-long-shared-secret-for-the-purge-webhook';
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ CACHE_PURGE_SECRET: SECRET });
});
afterAll(() => site?.stop());

const get = (path: string) => request(site.server).get(path);
/** Once a render's bytes are kept in the HTML cache. */
const cached = (path: string) => until(`${path} is in the HTML cache`, () => site.htmlCache!.get(pageCacheKey(path)!) !== undefined);
const SHARED_HEADERS = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
  'x-frame-options',
  'cross-origin-opener-policy',
];

describe('HTML cache', () => {
  it('answers the second visit from the cache with the same bytes and the same security headers', async () => {
    const first = await get('/en/categories');
    expect(first.status).toBe(200);
    expect(first.headers.age).toBeUndefined();
    expect(first.headers['x-cache']).toBe('MISS');
    await cached('/en/categories');
    const second = await get('/en/categories');
    expect(second.status).toBe(200);
    expect(second.headers.age).toBeDefined();
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    for (const name of SHARED_HEADERS) expect(second.headers[name], name).toEqual(first.headers[name]);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers.vary).toBe('Accept-Encoding');
  });

  it('serves brotli, gzip or identity as asked, and 304 for a known ETag', async () => {
    await get('/de/kategorien');
    await cached('/de/kategorien');
    const br = await get('/de/kategorien').set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await get('/de/kategorien').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(br.text);
    const plain = await get('/de/kategorien').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const again = await get('/de/kategorien').set('If-None-Match', String(plain.headers.etag));
    expect(again.status).toBe(304);
  });

  it('compresses a page it may not keep as asked, its ETag its body’s in any encoding', async () => {
    // A search is never cached (its queries are endless): each answer is a render.
    const path = '/de/suche?q=markise';
    const br = await get(path).set('Accept-Encoding', 'br');
    expect(br.headers.age).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.text).toContain('<h1');
    const plain = await get(path).set('Accept-Encoding', 'gzip;q=0, identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Another render: the same page but for its forms' time tokens, which date each render.
    expect(withoutFormTokens(plain.text)).toBe(withoutFormTokens(br.text));
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    // Each answer's ETag is its body's, whatever its encoding, as a cached copy's is.
    expect(plain.headers.etag).toBe(entityTag(Buffer.from(plain.text)));
    expect(br.headers.etag).toBe(entityTag(Buffer.from(br.text)));
  });

  it('caches page payloads too', async () => {
    await get('/sl/kategorije/_payload.json');
    await cached('/sl/kategorije/_payload.json');
    const res = await get('/sl/kategorije/_payload.json');
    expect(res.headers.age).toBeDefined();
    expect(res.body.loaderData['categories___sl']).toBeDefined();
  });

  it('never serves or keeps pages of a signed-in visitor, account screens or errors', async () => {
    await get('/sl/blog');
    await cached('/sl/blog');
    expect((await get('/sl/blog').set('Cookie', `sid=${'x'.repeat(43)}`)).headers.age).toBeUndefined();
    await get('/sl/login');
    expect((await get('/sl/login')).headers.age).toBeUndefined();
    await get('/sl/ni-je');
    const missing = await get('/sl/ni-je');
    expect(missing.status).toBe(404);
    expect(missing.headers.age).toBeUndefined();
    // Free input is not kept (endless queries would push the real pages out); list pages are.
    await get('/sl/iskanje?q=rolete');
    expect((await get('/sl/iskanje?q=rolete')).headers.age).toBeUndefined();
    await get('/en/blog?page=2');
    await cached('/en/blog?page=2');
    expect((await get('/en/blog?page=2')).headers.age).toBeDefined();
  });

  it('drops what the signed purge webhook names, and refuses an unsigned, old or replayed call', async () => {
    await get('/en/blog');
    await cached('/en/blog');
    expect((await get('/en/blog')).headers.age).toBeDefined();

    const body = JSON.stringify({ paths: ['/en/blog'] });
    const post = (signature: string) =>
      request(site.server).post('/api/cache/purge').set('Content-Type', 'application/json').set('X-Signature', signature).send(body);
    expect((await post('t=1,v1=' + '0'.repeat(64))).status).toBe(401);
    expect((await post(signPurge(SECRET, body, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401);
    expect((await post(signPurge('another-secret-of-the-same-length-xx', body))).status).toBe(401);
    const signature = signPurge(SECRET, body);
    const ok = await post(signature);
    expect(ok.status).toBe(200);
    expect(ok.body.purged).toBeGreaterThanOrEqual(1);
    expect((await get('/en/blog')).headers.age).toBeUndefined();
    expect((await get('/en/categories')).headers.age).toBeDefined();
    // A signature is good once: the same call again is refused, and purges nothing.
    await until('the page is kept again', async () => (await get('/en/blog')).headers.age !== undefined);
    const replayed = await post(signature);
    expect(replayed.status).toBe(409);
    expect(replayed.body).toEqual({ error: 'replayed' });
    expect((await get('/en/blog')).headers.age).toBeDefined();
  });

  it('purges again when the same pages change twice within one second: each call of the content API is its own', async () => {
    const bodies: string[] = [];
    const webhook = purgeWebhook({
      url: 'http://site.invalid/api/cache/purge',
      secret: SECRET,
      logger: pino({ level: 'silent' }),
      fetch: async (_url, init) => {
        bodies.push(String(init?.body));
        return new Response(null, { status: 200 });
      },
    });
    expect(await webhook(['/en/blog'])).toBe(true);
    expect(await webhook(['/en/blog'])).toBe(true);
    // Both signed in the same second, as two publishes a moment apart are.
    const t = Math.floor(Date.now() / 1000);
    for (const body of bodies) {
      await get('/en/blog');
      await cached('/en/blog');
      const res = await request(site.server)
        .post('/api/cache/purge')
        .set('Content-Type', 'application/json')
        .set('X-Signature', signPurge(SECRET, body, t))
        .send(body);
      expect(res.status).toBe(200);
      expect((await get('/en/blog')).headers.age).toBeUndefined();
    }
  });
});
