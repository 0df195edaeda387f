import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectingLogger } from '../support/log-lines';
import { withoutFormTokens } from '../support/form-guard';
import { startTestSite } from './helpers';

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.stop());

/** The bytes as they came over the wire (supertest and fetch would decompress them). */
function rawGet(path: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, site.url), { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('security headers', () => {
  it('sends a strict CSP and the usual headers on pages, redirects, errors and assets', async () => {
    const manifestEntry = /data-entry="(\/assets\/entry-[\w-]+\.js)"/.exec((await request(site.server).get('/sl')).text)![1]!;
    for (const path of ['/sl', '/', '/sl/nope', manifestEntry, '/sl/%E0%A4%A']) {
      const res = await request(site.server).get(path);
      const csp = res.headers['content-security-policy'] as string;
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).toBe("'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
  });

  it('puts no inline script in a page', async () => {
    const html = (await request(site.server).get('/en')).text;
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attrs, body] of scripts) {
      if (attrs!.includes('type="application/json"')) continue;
      // Structured data: JSON, never executed (so `script-src 'self'` holds without a hash or nonce).
      if (attrs === ' type="application/ld+json"') {
        expect(() => JSON.parse(body!)).not.toThrow();
        continue;
      }
      expect(attrs).toMatch(/src="\/assets\//);
      expect(body).toBe('');
    }
  });

  it('keeps a well-formed request id from the load balancer', async () => {
    const res = await request(site.server).get('/healthz').set('X-Request-Id', 'lb-1234abcd');
    expect(res.headers['x-request-id']).toBe('lb-1234abcd');
    const bad = await request(site.server).get('/healthz').set('X-Request-Id', 'x"><script>alert(1)</script>');
    expect(bad.headers['x-request-id']).not.toContain('<');
  });
});

describe('operations', () => {
  it('answers health and readiness', async () => {
    expect((await request(site.server).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(site.server).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('serves hashed assets for a year, in the encoding the build compressed them in, and a missing asset as a 404', async () => {
    const entry = /data-entry="(\/assets\/entry-[\w-]+\.js)"/.exec((await request(site.server).get('/sl')).text)![1]!;
    const plain = await rawGet(entry, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await rawGet(entry, accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode(res.body).equals(plain.body), accept).toBe(true);
    }
    expect((await request(site.server).get('/assets/entry-nothere.js')).status).toBe(404);
    expect((await request(site.server).get(`${entry}.br`)).status).toBe(404);
  });

  it('serves the public illustrations in the encoding the build compressed them in, for an hour', async () => {
    const plain = await rawGet('/images/home/hero.svg', 'identity');
    const res = await rawGet('/images/home/hero.svg', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(brotliDecompressSync(res.body).equals(plain.body)).toBe(true);
    // The copy has no address of its own: the path is not a file, so it is left to the pages.
    expect((await request(site.server).get('/images/home/hero.svg.br')).status).not.toBe(200);
  });

  it('compresses pages and lets shared caches keep them briefly', async () => {
    const res = await request(site.server).get('/de').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });

  it('compresses every answer worth it once: pages and payloads by their render, the rest by the middleware', async () => {
    for (const path of ['/en/categories', '/en/categories/_payload.json', '/en/nothing-here', '/sitemap.xml', '/api/search?lang=en&q=roller']) {
      const plain = await rawGet(path, 'identity');
      const res = await rawGet(path, 'gzip');
      expect(plain.body.length, path).toBeGreaterThan(1024);
      expect(res.headers['content-encoding'], path).toBe('gzip');
      expect(res.headers.vary, path).toContain('Accept-Encoding');
      // A page it does not keep (the 404) is rendered again: the same but for its forms' time tokens.
      expect(withoutFormTokens(gunzipSync(res.body).toString()), path).toBe(withoutFormTokens(plain.body.toString()));
    }
  });
});

describe('request log', () => {
  it('writes one line per answered request, with its id, method, path without the query, status and time', async () => {
    const { logger, lines } = collectingLogger('info');
    const logged = await startTestSite({}, logger);
    try {
      const page = await request(logged.server).get('/en/categories?utm_source=mail').set('X-Request-Id', 'lb-00000001');
      const missing = await request(logged.server).get('/en/nothing-here');
      const cached = await request(logged.server).get('/en/categories');
      await request(logged.server).get('/healthz');
      await request(logged.server).get('/readyz');
      const line = (id: string) => lines.filter((l) => l.reqId === id);
      expect(page.headers['x-request-id']).toBe('lb-00000001');
      expect(line('lb-00000001')).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'request completed',
          reqId: 'lb-00000001',
          req: { method: 'GET', path: '/en/categories' },
          res: { status: 200 },
          responseTime: expect.any(Number),
        }),
      ]);
      expect(line(missing.headers['x-request-id'] as string)).toEqual([expect.objectContaining({ level: 40, res: { status: 404 } })]);
      // Answered from the HTML cache before the middleware: the same line, saying so.
      expect(line(cached.headers['x-request-id'] as string)).toEqual([
        expect.objectContaining({ level: 30, msg: 'request completed', req: { method: 'GET', path: '/en/categories' }, res: { status: 200 }, cache: 'hit' }),
      ]);
      expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(3);
    } finally {
      await logged.stop();
    }
  });
});

describe('upstream failures', () => {
  it('shows a 503 page when the upstream is down, and a 503 payload', async () => {
    const dead = http.createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const broken = await startTestSite({ UPSTREAM_URL: `http://127.0.0.1:${port}/`, UPSTREAM_TIMEOUT_MS: '500' });
    try {
      const res = await request(broken.server).get('/en');
      expect(res.status).toBe(503);
      expect(res.text).toContain('Service temporarily unavailable');
      expect((await request(broken.server).get('/readyz')).status).toBe(503);
    } finally {
      await broken.stop();
    }
  });

  it('treats an answer that breaks the contract as an upstream error, not a crash', async () => {
    const liar = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"locales":"nope"}'));
    await new Promise<void>((r) => liar.listen(0, '127.0.0.1', r));
    const broken = await startTestSite({ UPSTREAM_URL: `http://127.0.0.1:${(liar.address() as AddressInfo).port}/` });
    try {
      const res = await request(broken.server).get('/sl/kategorije');
      expect(res.status).toBe(503);
      expect(res.text).toContain('Storitev začasno ni na voljo');
      expect((await request(broken.server).get('/healthz')).status).toBe(200);
    } finally {
      await broken.stop();
      await new Promise<void>((r) => liar.close(() => r()));
    }
  });
});

describe('graceful shutdown', () => {
  it('reports not ready and finishes in-flight requests', async () => {
    const other = await startTestSite();
    const received = new Promise((r) => other.server.once('request', r));
    const inFlight = fetch(`${other.url}/en/categories`);
    await received;
    const stopping = other.stop();
    const ready = await fetch(`${other.url}/readyz`).catch(() => null);
    expect(ready === null || ready.status === 503).toBe(true);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('</html>');
    await stopping;
    expect(other.server.listening).toBe(false);
  });

  it('keeps serving while draining, with readiness at 503', async () => {
    const other = await startTestSite({ SHUTDOWN_DRAIN_S: '1' });
    const stopping = other.stop();
    const ready = await fetch(`${other.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${other.url}/sl`)).status).toBe(200);
    await stopping;
    await expect(fetch(`${other.url}/healthz`)).rejects.toThrow();
  });
});
