import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SwrCache } from '../../server/site/upstream/cache';
import { cacheKey, createUpstreamClient, endpointOf, UpstreamError, UpstreamNotFound, type UpstreamOutcome } from '../../server/site/upstream/client';
import { until } from '../support/until';

/** A real HTTP upstream whose answers each test scripts. */
let answer: (url: URL, res: http.ServerResponse) => void;
let hits = 0;
const server = http.createServer((req, res) => {
  hits++;
  answer(new URL(req.url!, 'http://x'), res);
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits = 0;
});

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const schema = z.object({ title: z.string() });
const cache = { max: 100, maxHeapBytes: 1_000_000, ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 60_000, notFoundTtlMs: 60_000 };

describe('upstream client', () => {
  it('keys the cache by method, path and params in a stable order', () => {
    expect(cacheKey('GET', 'init', { lang: 'sl', b: 1, a: undefined })).toBe('GET init?b=1&lang=sl');
    expect(cacheKey('GET', 'init', { b: 1, lang: 'sl' })).toBe(cacheKey('GET', 'init', { lang: 'sl', b: 1 }));
  });

  it('sends params, validates and caches; one request in flight per key', async () => {
    answer = (url, res) => setTimeout(() => json(res, 200, { title: `t-${url.searchParams.get('lang')}`, extra: 1 }), 20);
    const client = createUpstreamClient({ baseUrl: base, timeoutMs: 1000, cache });
    const results = await Promise.all([1, 2, 3].map(() => client.get('init', schema, { lang: 'en' })));
    expect(results).toEqual([{ title: 't-en' }, { title: 't-en' }, { title: 't-en' }]);
    expect(await client.get('init', schema, { lang: 'en' })).toEqual({ title: 't-en' });
    expect(hits).toBe(1);
    await client.get('init', schema, { lang: 'de' });
    expect(hits).toBe(2);
  });

  it('turns an answer that breaks the contract into an upstream error, and does not cache it', async () => {
    answer = (_url, res) => json(res, 200, { title: 42 });
    const client = createUpstreamClient({ baseUrl: base, timeoutMs: 1000, cache });
    await expect(client.get('bad', schema)).rejects.toMatchObject({ kind: 'contract' });
    answer = (_url, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
    await expect(client.get('bad', schema)).rejects.toBeInstanceOf(UpstreamError);
    expect(hits).toBe(2);
  });

  it('reports a 404 as not found, cached briefly', async () => {
    answer = (_url, res) => json(res, 404, { error: 'not_found' });
    const client = createUpstreamClient({ baseUrl: base, timeoutMs: 1000, cache });
    await expect(client.get('products/x', schema)).rejects.toBeInstanceOf(UpstreamNotFound);
    await expect(client.get('products/x', schema)).rejects.toBeInstanceOf(UpstreamNotFound);
    expect(hits).toBe(1);
  });

  it('times out', async () => {
    // An upstream that has the request and does not answer until the client gave up.
    const held: http.ServerResponse[] = [];
    answer = (_url, res) => void held.push(res);
    const client = createUpstreamClient({ baseUrl: base, timeoutMs: 100, cache });
    await expect(client.get('slow', schema)).rejects.toMatchObject({ kind: 'timeout' });
    // On a busy machine the request may reach the upstream after the client gave up: it belongs to this test.
    await until('the upstream has the request', () => held.length === 1);
    json(held[0]!, 200, { title: 'late' });
  });

  it('serves the stale copy when the upstream fails (stale-if-error)', async () => {
    answer = (_url, res) => json(res, 200, { title: 'fresh' });
    // A copy that is stale as soon as it is kept: the next call asks the upstream.
    const client = createUpstreamClient({ baseUrl: base, timeoutMs: 1000, cache: { ...cache, ttlMs: 0 } });
    expect(await client.get('page', schema)).toEqual({ title: 'fresh' });
    answer = (_url, res) => json(res, 502, {});
    expect(await client.get('page', schema)).toEqual({ title: 'fresh' });
    expect(hits).toBe(2);
  });
});

describe('stale-while-revalidate cache', () => {
  it('serves a stale value at once and refreshes it in the background', async () => {
    let now = 0;
    let loads = 0;
    const swr = new SwrCache<{ v: number }>({
      max: 10,
      maxSize: 1000,
      sizeOf: () => 1,
      ttlMs: 100,
      staleWhileRevalidateMs: 1000,
      staleIfErrorMs: 0,
      now: () => now,
    });
    const load = async () => ({ v: ++loads });
    expect(await swr.get('k', load)).toEqual({ v: 1 });
    now = 150;
    expect(await swr.get('k', load)).toEqual({ v: 1 });
    await Promise.resolve();
    expect(loads).toBe(2);
    expect(await swr.get('k', load)).toEqual({ v: 2 });
    now = 5000;
    expect(await swr.get('k', load)).toEqual({ v: 3 });
  });

  it('throws when the stale value is too old to cover an error', async () => {
    let now = 0;
    const swr = new SwrCache<{ v: number }>({
      max: 10,
      maxSize: 1000,
      sizeOf: () => 1,
      ttlMs: 100,
      staleWhileRevalidateMs: 0,
      staleIfErrorMs: 500,
      now: () => now,
    });
    await swr.get('k', async () => ({ v: 1 }));
    now = 300;
    expect(await swr.get('k', () => Promise.reject(new Error('down')))).toEqual({ v: 1 });
    now = 1000;
    await expect(swr.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });

  it('purges by prefix', async () => {
    const swr = new SwrCache<{ v: number }>({ max: 10, maxSize: 1000, sizeOf: () => 1, ttlMs: 1000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    await swr.get('GET a', async () => ({ v: 1 }));
    await swr.get('GET b', async () => ({ v: 1 }));
    swr.purge('GET a');
    expect(swr.size).toBe(1);
  });

  it('never keeps, nor lets a later caller join, a load that began before a purge', async () => {
    const swr = new SwrCache<{ v: number }>({ max: 10, maxSize: 1000, sizeOf: () => 1, ttlMs: 1000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    let release!: (value: { v: number }) => void;
    const before = swr.get('GET page', () => new Promise((resolve) => (release = resolve)));
    swr.purge('GET page');
    const after = swr.get('GET page', async () => ({ v: 2 }));
    release({ v: 1 });
    expect(await before).toEqual({ v: 1 });
    expect(await after).toEqual({ v: 2 });
    expect(await swr.get('GET page', async () => ({ v: 3 }))).toEqual({ v: 2 });
  });

  it('keeps what its entries weigh under the bound, dropping the least recently used', async () => {
    const swr = new SwrCache<{ v: number; bytes: number }>({
      max: 100,
      maxSize: 100,
      sizeOf: (value) => value.bytes,
      ttlMs: 1000,
      staleWhileRevalidateMs: 0,
      staleIfErrorMs: 0,
    });
    await swr.get('a', async () => ({ v: 1, bytes: 40 }));
    await swr.get('b', async () => ({ v: 2, bytes: 40 }));
    await swr.get('a', async () => ({ v: 0, bytes: 0 }));
    await swr.get('c', async () => ({ v: 3, bytes: 40 }));
    let loads = 0;
    const count = async () => ({ v: ++loads, bytes: 1 });
    // b, the least recently used, made room for c; a stayed.
    expect(await swr.get('a', count)).toEqual({ v: 1, bytes: 40 });
    expect(await swr.get('b', count)).toEqual({ v: 1, bytes: 1 });
    // One answer heavier than the whole bound is answered but never kept.
    await swr.get('huge', async () => ({ v: 9, bytes: 500 }));
    expect(await swr.get('huge', count)).toEqual({ v: 2, bytes: 1 });
  });

  it('counts each call once by endpoint and outcome, and times the requests it makes', async () => {
    const calls: [string, UpstreamOutcome, boolean][] = [];
    const metrics = { call: (endpoint: string, outcome: UpstreamOutcome, seconds?: number) => void calls.push([endpoint, outcome, seconds !== undefined]) };
    answer = (url, res) => (url.pathname.endsWith('/broken') ? json(res, 503, {}) : json(res, 200, { title: 't', id: 'x' }));
    const client = createUpstreamClient({ baseUrl: base, timeoutMs: 1000, cache, metrics });
    await client.get('products/rolete', schema, { lang: 'sl' });
    await client.get('products/rolete', schema, { lang: 'sl' });
    await expect(client.get('pages/broken', schema)).rejects.toMatchObject({ kind: 'status' });
    await client.send('POST', 'forms/inquiry', {});
    expect(calls).toEqual([
      ['products', 'ok', true],
      ['products', 'cached', false],
      ['pages', 'status', true],
      ['forms', 'ok', true],
    ]);
  });

  it('names an endpoint by the first segment of its path, never by a slug', () => {
    expect(endpointOf('init')).toBe('init');
    expect(endpointOf('products/roller-shutters')).toBe('products');
    expect(endpointOf('auth/password-reset/confirm')).toBe('auth');
    expect(endpointOf('/articles/x')).toBe('articles');
    expect(endpointOf('Weird%20Path/x')).toBe('other');
    expect(endpointOf('')).toBe('other');
  });
});
