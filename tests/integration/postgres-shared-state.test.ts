import express from 'express';
import { createServer, Socket, type Server } from 'node:net';
import os from 'node:os';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPosts } from '../../server/site/http/form-posts';
import { migrate } from '../../server/site/postgres/migrate';
import { createPool, type Pool } from '../../server/site/postgres/pool';
import { PURGE_MIGRATIONS, startPurgeFanout, type PurgeFanout } from '../../server/site/purge/fanout';
import { PostgresBudgetStore, PostgresRateLimitStore, RATE_LIMIT_MIGRATIONS } from '../../server/site/http/rate-limit-store';
import { collectingLogger } from '../support/log-lines';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { until } from '../support/until';

/**
 * What the replicas share through PostgreSQL, each replica played by a pool and a purge listener of
 * its own in this process: the purge fan-out (LISTEN/NOTIFY, a signature good once, reconnection) and
 * the form rate limit's store. tests/integration/replicas.test.ts drives the same through two site processes.
 */

let postgres: TestPostgres;
const closing: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  postgres = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  postgres?.stop();
});

function pool(url: string): Pool {
  const p = createPool({ url, max: 4, logger: pino({ level: 'silent' }), applicationName: 'test' });
  closing.push(() => p.end());
  return p;
}

async function database(name: string): Promise<{ url: string; pool: Pool }> {
  const url = await postgres.createDatabase(name);
  const p = pool(url);
  await migrate(p, [...PURGE_MIGRATIONS, ...RATE_LIMIT_MIGRATIONS]);
  return { url, pool: p };
}

/** A replica's side of the fan-out: the purges it was told of, and its log. */
async function replica(url: string, name: string, options: { heartbeatMs?: number } = {}) {
  const purges: string[][] = [];
  const log = collectingLogger('info');
  const fanout: PurgeFanout = await startPurgeFanout({
    pool: pool(url),
    url,
    applicationName: name,
    logger: log.logger,
    purge: (paths) => purges.push(paths),
    retryMs: { first: 50, max: 200 },
    ...options,
  });
  closing.push(() => fanout.close());
  return { fanout, purges, log };
}

const signature = (byte: number, expiresS = Math.floor(Date.now() / 1000) + 300) => ({ digest: Buffer.alloc(32, byte), expiresS });

describe('the purge fan-out', () => {
  it('tells every other replica a purge of any size, not the one that published it, and takes a signature once', async () => {
    const { url, pool: db } = await database('fanout');
    const a = await replica(url, 'a');
    const b = await replica(url, 'b');
    const c = await replica(url, 'c');
    // 1000 paths of 2048 characters: far over NOTIFY's 8000 bytes.
    const paths = Array.from({ length: 1000 }, (_, i) => `/en/${String(i).padStart(4, '0')}${'x'.repeat(2042)}`);
    expect(await a.fanout.publish(signature(1), paths)).toBe('published');
    await until('b and c purged', () => b.purges.length === 1 && c.purges.length === 1, 2000);
    expect(b.purges[0]).toEqual(paths);
    expect(c.purges[0]).toEqual(paths);

    // The same signature, wherever it comes again, is a replay and tells no one.
    expect(await b.fanout.publish(signature(1), ['/en/other'])).toBe('replayed');
    expect(await a.fanout.publish(signature(1), paths)).toBe('replayed');
    expect(await c.fanout.publish(signature(2), [])).toBe('published');
    await until('a and b purged everything', () => a.purges.length === 1 && b.purges.length === 2, 2000);
    // a heard only c's purge: neither its own nor the replays.
    expect(a.purges).toEqual([[]]);
    expect(b.purges).toEqual([paths, []]);
    expect(c.purges).toEqual([paths]);
    expect(b.log.lines.filter((l) => l.msg === 'purge from another replica').map((l) => l.paths)).toEqual([1000, 0]);

    // A row is kept until no replica accepts its signature (plus a minute for the clocks), then the next purge deletes it.
    expect(await a.fanout.publish(signature(3, Math.floor(Date.now() / 1000) - 61), ['/en/old'])).toBe('published');
    expect((await db.query('SELECT count(*)::int AS n FROM purges')).rows[0].n).toBe(3);
    expect(await a.fanout.publish(signature(4), ['/en/new'])).toBe('published');
    expect((await db.query('SELECT count(*)::int AS n FROM purges')).rows[0].n).toBe(3);
    expect((await db.query("SELECT count(*)::int AS n FROM purges WHERE paths = '{/en/old}'")).rows[0].n).toBe(0);
  });

  it('after losing its connection, reconnects, purges everything it may have missed, and hears later purges', async () => {
    const { url, pool: db } = await database('reconnect');
    const a = await replica(url, 'a');
    const b = await replica(url, 'b');
    const terminated = await db.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'b purge listener' AND datname = current_database()",
    );
    expect(terminated.rowCount).toBe(1);
    await until('b reconnected', () => b.log.lines.some((l) => l.msg.startsWith('purge listener reconnected')));
    expect(b.log.lines.map((l) => l.msg)).toEqual([
      'purge listener lost its database connection; reconnecting',
      'purge listener reconnected; purged everything, as purges may have been missed',
    ]);
    expect(b.purges).toEqual([[]]);

    expect(await a.fanout.publish(signature(5), ['/de/'])).toBe('published');
    await until('b heard the later purge', () => b.purges.length === 2, 2000);
    expect(b.purges[1]).toEqual(['/de/']);
  });

  it('finds a connection that went silent by its heartbeat, and replaces it', { timeout: 40_000 }, async () => {
    const { url } = await database('silent');
    const proxy = await blackHoleProxy(new URL(url).port);
    closing.push(() => proxy.close());
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port);
    const b = await replica(viaProxy.href, 'b', { heartbeatMs: 100 });
    proxy.silent = true;
    // The heartbeat's query goes unanswered until its timeout (5 s): then the connection is replaced.
    await until('b noticed', () => b.log.lines.some((l) => l.msg === 'purge listener lost its database connection; reconnecting'), 10_000);
    proxy.silent = false;
    // A reconnection tried while it was still silent waits for its own timeout (5 s) before the next.
    await until('b reconnected', () => b.purges.length === 1, 15_000);
    expect(b.purges).toEqual([[]]);
  });

  it('closes its listening connection', async () => {
    const { url, pool: db } = await database('closing');
    const b = await replica(url, 'b');
    const listeners = async () =>
      (await db.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'b purge listener' AND datname = current_database()")).rows[0]
        .n;
    expect(await listeners()).toBe(1);
    await b.fanout.close();
    await until('its backend is gone', async () => (await listeners()) === 0);
    expect(b.log.lines.filter((l) => l.level >= pino.levels.values.warn!)).toEqual([]);
  });
});

/**
 * A TCP relay to the database that can go silent: while `silent`, what either side sends is dropped,
 * as a network partition would, and neither side is told.
 */
async function blackHoleProxy(targetPort: string): Promise<{ port: number; silent: boolean; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { silent: false };
  const server: Server = createServer((client) => {
    const upstream = new Socket().connect(Number(targetPort), '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => void (state.silent || to.write(chunk)));
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    get silent() {
      return state.silent;
    },
    set silent(value) {
      state.silent = value;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the form rate limit in PostgreSQL', () => {
  const WINDOW_MS = 10 * 60_000;

  function store(db: Pool, windowMs = WINDOW_MS): PostgresRateLimitStore {
    const s = new PostgresRateLimitStore(db, 'form:');
    s.init({ windowMs } as Parameters<PostgresRateLimitStore['init']>[0]);
    return s;
  }

  it('counts one budget across replicas, each hit once, however many arrive at once', async () => {
    const { url } = await database('budget');
    const [a, b] = [store(pool(url)), store(pool(url))];
    const before = Date.now();
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).increment('203.0.113.7')));
    expect(hits.map((h) => h.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // One window for the client, from its first hit.
    expect(new Set(hits.map((h) => h.resetTime!.getTime())).size).toBe(1);
    expect(hits[0]!.resetTime!.getTime()).toBeGreaterThanOrEqual(before + WINDOW_MS - 1000);
    expect(hits[0]!.resetTime!.getTime()).toBeLessThanOrEqual(Date.now() + WINDOW_MS + 1000);
    // Another client, or another limit's prefix, has its own count.
    expect((await a.increment('203.0.113.8')).totalHits).toBe(1);
    expect((await new PostgresRateLimitStore(pool(url), 'other:').increment('203.0.113.7')).totalHits).toBe(1);
  });

  it('starts a client over once its window has passed, and deletes the rows of passed windows', async () => {
    const { pool: db } = await database('window');
    const s = store(db, 300);
    await s.increment('gone');
    const first = await s.increment('client');
    expect(first.totalHits).toBe(1);
    expect((await s.increment('client')).totalHits).toBe(2);
    await until('the window passed', () => Date.now() > first.resetTime!.getTime() + 50);
    expect((await s.increment('client')).totalHits).toBe(1);
    expect((await db.query('SELECT key FROM rate_limit_hits')).rows).toEqual([{ key: 'form:client' }]);
  });

  it('lets a post through, uncounted and with a warning, when the database cannot be reached', async () => {
    // A port nothing listens on: every connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const gone = pool(`postgres://postgres@127.0.0.1:${port}/site`);
    const log = collectingLogger('info');
    const app = express();
    app.use(
      formPosts({
        origin: 'http://localhost',
        rateLimit: { windowMs: WINDOW_MS, max: 1, store: new PostgresRateLimitStore(gone, 'form:') },
        refuse: (_req, res, status) => void res.sendStatus(status),
        uploadDir: os.tmpdir(),
        logger: log.logger,
      }),
    );
    app.post('/en/newsletter', (_req, res) => void res.send('taken'));
    for (let i = 0; i < 3; i++) {
      const res = await request(app).post('/en/newsletter').set('Sec-Fetch-Site', 'same-origin').type('form').send('email=a%40example.com');
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toBeUndefined();
    }
    expect(log.lines.filter((l) => l.level === pino.levels.values.warn).map((l) => l.msg)).toEqual(
      Array(3).fill('rate limit store failed; the request goes on uncounted'),
    );
  });
});

describe('the photo budget in PostgreSQL', () => {
  const HOUR = 60 * 60_000;

  it('is one budget per client across replicas: concurrent spends never go past it together', async () => {
    const { url } = await database('photo-budget');
    const [a, b] = [new PostgresBudgetStore(pool(url), 'photo-bytes:', HOUR), new PostgresBudgetStore(pool(url), 'photo-bytes:', HOUR)];
    // 40 spends of 100 against 1,000: ten fit, whichever replica makes them.
    const spent = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).add('203.0.113.7', 100, 1000)));
    expect(spent.filter(Boolean)).toHaveLength(10);
    expect(await a.used('203.0.113.7')).toBe(1000);
    expect(await b.used('203.0.113.7')).toBe(1000);
    // Without a bound a spend always counts (what a refused post tried to send).
    expect(await a.add('203.0.113.7', 1)).toBe(true);
    expect(await b.used('203.0.113.7')).toBe(1001);
    // Another client, or another budget's prefix, has its own.
    expect(await a.used('203.0.113.8')).toBe(0);
    expect(await new PostgresBudgetStore(pool(url), 'other:', HOUR).used('203.0.113.7')).toBe(0);
  });

  it('starts a client over once its window has passed', async () => {
    const { pool: db } = await database('photo-budget-window');
    const store = new PostgresBudgetStore(db, 'photo-bytes:', 300);
    expect(await store.add('client', 900, 1000)).toBe(true);
    expect(await store.add('client', 200, 1000)).toBe(false);
    await until('the window passed', async () => (await store.used('client')) === 0);
    expect(await store.add('client', 200, 1000)).toBe(true);
    expect(await store.used('client')).toBe(200);
  });
});
