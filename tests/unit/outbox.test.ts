import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMigrations, startOutbox, type OutboxOptions } from '../../server/site/outbox';
import { submissionKey } from '../../server/site/outbox/key';
import { postgresStore } from '../../server/site/outbox/postgres-store';
import { openOutboxDb } from '../../server/site/outbox/sqlite-db';
import { sqliteStore } from '../../server/site/outbox/sqlite-store';
import type { OutboxStore, Submission } from '../../server/site/outbox/types';
import { backoffDelay, DELIVERED_RETENTION_MS } from '../../server/site/outbox/worker';
import { databaseAnswers } from '../../server/site/postgres/answers';
import { migrate } from '../../server/site/postgres/migrate';
import { createPool, type Pool } from '../../server/site/postgres/pool';
import { createUpstreamClient } from '../../server/site/upstream/client';
import { formsApi } from '../../server/site/upstream/forms-api';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { until } from '../support/until';

/** A real HTTP upstream whose answers each test scripts; it records what reached it. */
interface Hit {
  path: string;
  lang: string | null;
  key: string | undefined;
  body: unknown;
}
let answer: (hit: Hit, res: http.ServerResponse) => void;
let hits: Hit[] = [];
let inFlight = 0;
let maxInFlight = 0;
const upstream = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url!, 'http://x');
    const hit: Hit = {
      path: url.pathname,
      lang: url.searchParams.get('lang'),
      key: req.headers['idempotency-key'] as string | undefined,
      body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
    };
    hits.push(hit);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    answer(hit, res);
  });
});
let base = '';
const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

let postgres: TestPostgres;
beforeAll(async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/`;
  postgres = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  postgres?.stop();
  await new Promise<void>((r) => upstream.close(() => r()));
});

/** Log lines, parsed, to check what was said and that no personal data was. */
let logLines: Record<string, unknown>[] = [];
let logText = '';
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      logText += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);

/** Run after each test, last first: outboxes close before their databases do. */
const cleanups: (() => unknown)[] = [];

/**
 * One outbox engine, as a test sees it: `prepare` gives each test an empty outbox of its own (a
 * temp folder; a fresh PostgreSQL database, migrated), `database` is what `startOutbox` takes,
 * `openStore` a store on it beside the running outbox's, and `row`/`deadLetter` read what is stored.
 */
interface Engine {
  name: string;
  prepare(): Promise<void>;
  database(): OutboxOptions['database'];
  openStore(): OutboxStore;
  row(id: string): Promise<{ body: unknown; status: string; upstreamId: string | null }>;
  deadLetter(id: string): Promise<{ status: number | null; reason: string; attempts: number; email: string }>;
}

function sqliteEngine(): Engine {
  let dataDir = '';
  const query = <T>(sql: string, id: string): T => {
    const db = openOutboxDb(dataDir);
    try {
      return db.prepare(sql).get(Number(id)) as T;
    } finally {
      db.close();
    }
  };
  return {
    name: 'SQLite',
    async prepare() {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    },
    database: () => ({ dataDir }),
    openStore() {
      const db = openOutboxDb(dataDir);
      cleanups.push(() => db.close());
      return sqliteStore(db);
    },
    row: async (id) => query('SELECT body, status, upstream_id AS upstreamId FROM submissions WHERE id = ?', id),
    deadLetter: async (id) => query("SELECT status, reason, attempts, json_extract(body, '$.email') AS email FROM dead_letters WHERE submission_id = ?", id),
  };
}

let databases = 0;
function postgresEngine(): Engine & { pool(): Pool } {
  let pool: Pool;
  const query = async <T>(sql: string, id: string): Promise<T> => (await pool.query(sql, [id])).rows[0] as T;
  return {
    name: 'PostgreSQL',
    async prepare() {
      pool = createPool({ url: await postgres.createDatabase(`outbox_${++databases}`), max: 10, logger: pino({ level: 'silent' }), applicationName: 'test' });
      cleanups.push(() => pool.end());
      await migrate(pool, outboxMigrations);
    },
    database: () => ({ pool }),
    pool: () => pool,
    openStore: () => postgresStore(pool),
    row: (id) => query('SELECT body, status, upstream_id AS "upstreamId" FROM outbox_submissions WHERE id = $1', id),
    deadLetter: (id) => query("SELECT status, reason, attempts, body->>'email' AS email FROM outbox_dead_letters WHERE submission_id = $1", id),
  };
}

beforeEach(() => {
  hits = [];
  maxInFlight = 0;
  logLines = [];
  logText = '';
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const newsletter = (n: number): Submission => {
  const body = { email: `person${n}@example.com`, consent: true };
  return { kind: 'newsletter', key: submissionKey('newsletter', body), locale: 'sl', body };
};

describe('the SQLite outbox', () => {
  it('acknowledges after an fsync (WAL, synchronous FULL); the worker writes without one', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const db = openOutboxDb(dataDir);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      // The worker's own connection need not survive a power cut (see openOutboxDb).
      const workerDb = openOutboxDb(dataDir, { durable: false });
      expect(workerDb.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      workerDb.close();
      db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('backoff', () => {
  it('doubles from the base to the cap, with jitter between half and all of it', () => {
    expect(backoffDelay(1, 1000, 300_000, () => 1)).toBe(1000);
    expect(backoffDelay(1, 1000, 300_000, () => 0)).toBe(500);
    expect(backoffDelay(4, 1000, 300_000, () => 1)).toBe(8000);
    expect(backoffDelay(40, 1000, 300_000, () => 1)).toBe(300_000);
    expect(backoffDelay(40, 1000, 300_000, () => 0)).toBe(150_000);
  });
});

describe.each([sqliteEngine(), postgresEngine()])('the outbox in $name', (engine) => {
  beforeEach(() => engine.prepare());

  function start(
    options: {
      timeoutMs?: number;
      backoffMs?: number;
      baseUrl?: string;
      random?: () => number;
      deadLetterCutoff?: (now: number) => Promise<number | null>;
    } = {},
  ) {
    const client = createUpstreamClient({ baseUrl: options.baseUrl ?? base, timeoutMs: options.timeoutMs ?? 2000 });
    const forms = formsApi(client);
    const backoffMs = options.backoffMs ?? 50;
    const outbox = startOutbox({
      database: engine.database(),
      deliver: (s) => forms.submit(s),
      logger,
      leaseMs: (options.timeoutMs ?? 2000) + 1000,
      backoffMs,
      maxBackoffMs: backoffMs * 8,
      random: options.random,
      deadLetterCutoff: options.deadLetterCutoff,
    });
    cleanups.push(() => outbox.close());
    return outbox;
  }

  describe('store', () => {
    it('stores durably: a known key is the same submission, and rows are there for the next store', async () => {
      const store = engine.openStore();
      const first = await store.enqueue(newsletter(1), 1000);
      expect(first).toEqual({ id: expect.any(String), duplicate: false });
      expect(await store.enqueue(newsletter(1), 2000)).toEqual({ id: first.id, duplicate: true });
      const second = await store.enqueue(newsletter(2), 3000);
      expect(second.id).not.toBe(first.id);

      const again = engine.openStore();
      expect(await again.stats()).toEqual({ pending: 2, delivered: 0, dead: 0, oldestPendingAt: 1000 });
      const claimed = await again.claimDue(5000, 10, 6000);
      expect(claimed.map((c) => c.id)).toEqual([first.id, second.id]);
      expect(claimed[0]).toMatchObject({ kind: 'newsletter', locale: 'sl', attempts: 1, body: { email: 'person1@example.com', consent: true } });
    });

    it('stores photos with their submission, once per key, and erases them with the body on delivery', async () => {
      const store = engine.openStore();
      const photos = [
        { name: 'okno.jpg', type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0xfe]) },
        { name: 'detajl čšž.jpg', type: 'image/jpeg', bytes: Buffer.alloc(300_000, 0xab) },
      ];
      const body = { phone: '+386 40 123 456', content: 'Zlomljena lamela' };
      const submission: Submission = { kind: 'service', key: submissionKey('service', body), locale: 'sl', body, photos };
      const { id } = await store.enqueue(submission, 1000);
      // A second post under the key stores nothing, photos included.
      expect(await store.enqueue({ ...submission, photos: [photos[0]!] }, 2000)).toEqual({ id, duplicate: true });
      // Claims carry no photos (they are read for the delivery)...
      const [claimed] = await store.claimDue(3000, 4, 9000);
      expect(claimed).not.toHaveProperty('photos');
      // ...which reads them byte for byte, in order, from another connection too.
      const read = await engine.openStore().photosOf(id);
      expect(read.map((p) => ({ ...p, bytes: Buffer.from(p.bytes) }))).toEqual(photos);
      await store.markDelivered(id, 'upstream-1', 4000);
      expect(await store.photosOf(id)).toEqual([]);
      expect(await engine.row(id)).toMatchObject({ body: null, status: 'delivered' });
    });

    it('delivers photos as the contract says: multipart, the JSON in `body`, one `photos` part each', async () => {
      const parts: { name: string; filename?: string; type?: string; size: number; text?: string }[] = [];
      const multipart = http.createServer(async (req, res) => {
        const form = await new Response(req as unknown as ReadableStream, { headers: { 'content-type': req.headers['content-type']! } }).formData();
        for (const [name, value] of form) {
          parts.push(
            typeof value === 'string' ? { name, size: value.length, text: value } : { name, filename: value.name, type: value.type, size: value.size },
          );
        }
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'up-photos' }));
      });
      await new Promise<void>((r) => multipart.listen(0, '127.0.0.1', r));
      cleanups.push(() => new Promise((r) => multipart.close(r)));
      const outbox = start({ baseUrl: `http://127.0.0.1:${(multipart.address() as AddressInfo).port}/api/` });
      const body = { phone: '+386 40 123 456', content: 'Z dvema fotografijama' };
      const photos = [
        { name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.alloc(1000, 1) },
        { name: 'b.jpg', type: 'image/jpeg', bytes: Buffer.alloc(2000, 2) },
      ];
      await outbox.enqueue({ kind: 'service', key: submissionKey('service', body), locale: 'sl', body, photos });
      await until('delivered', async () => (await outbox.stats()).delivered === 1);
      expect(parts).toEqual([
        { name: 'body', size: JSON.stringify(body).length, text: JSON.stringify(body) },
        { name: 'photos', filename: 'a.jpg', type: 'image/jpeg', size: 1000 },
        { name: 'photos', filename: 'b.jpg', type: 'image/jpeg', size: 2000 },
      ]);
    });

    it('leases what it claims: nobody else takes it until the lease runs out', async () => {
      const store = engine.openStore();
      await store.enqueue(newsletter(1), 0);
      expect(await store.claimDue(100, 4, 5000)).toHaveLength(1);
      expect(await store.claimDue(200, 4, 5200)).toHaveLength(0);
      expect(await store.nextWakeAt()).toBe(5000);
      // A process that died mid-delivery gives the row back when its lease ends.
      const reclaimed = await store.claimDue(5000, 4, 9000);
      expect(reclaimed).toMatchObject([{ attempts: 2 }]);
      const { id } = reclaimed[0]!;
      // A failed attempt gives the lease back and waits.
      await store.retryAt(id, 12_000);
      expect(await store.nextWakeAt()).toBe(12_000);
      expect(await store.claimDue(11_000, 4, 20_000)).toHaveLength(0);
      // The upstream is back: what waits is due at once.
      expect(await store.pullForward(11_000)).toBe(1);
      expect(await store.claimDue(11_000, 4, 20_000)).toHaveLength(1);
    });

    it('erases a delivered body, keeps its key for dedupe, and forgets it after 30 days', async () => {
      const store = engine.openStore();
      const { id } = await store.enqueue(newsletter(1), 0);
      await store.claimDue(0, 1, 1000);
      await store.markDelivered(id, 'up-1', 10);
      expect(await engine.row(id)).toEqual({ body: null, status: 'delivered', upstreamId: 'up-1' });
      expect(await store.enqueue(newsletter(1), 20)).toEqual({ id, duplicate: true });
      expect(await store.stats()).toEqual({ pending: 0, delivered: 1, dead: 0, oldestPendingAt: null });
      expect(await store.pruneDelivered(10)).toBe(0);
      expect(await store.pruneDelivered(11 + DELIVERED_RETENTION_MS)).toBe(1);
      expect((await store.enqueue(newsletter(1), 30)).duplicate).toBe(false);
    });

    it('keeps a dead letter with its photos for a person to look at, and erases it all once its period is over', async () => {
      const store = engine.openStore();
      const body = { phone: '+386 40 123 456', content: 'Zlomljena lamela', email: 'person9@example.com' };
      const photos = [{ name: 'okno.jpg', type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0x00]) }];
      const submission: Submission = { kind: 'service', key: submissionKey('service', body), locale: 'sl', body, photos };
      const { id } = await store.enqueue(submission, 0);
      const kept = await store.enqueue(newsletter(2), 0);
      await store.claimDue(0, 4, 1000);
      await store.deadLetter(id, 400, 'bad_request: content', 100);
      await store.deadLetter(kept.id, 400, 'bad_request: email', 200);
      expect(await store.pruneDeadLetters(100)).toBe(0);
      expect((await store.photosOf(id)).map((p) => p.name)).toEqual(['okno.jpg']);

      expect(await store.pruneDeadLetters(101)).toBe(1);
      expect(await engine.deadLetter(id)).toBeUndefined();
      expect(await engine.row(id)).toBeUndefined();
      expect(await store.photosOf(id)).toEqual([]);
      expect(await engine.deadLetter(kept.id)).toMatchObject({ email: 'person2@example.com' });
      expect(await store.stats()).toMatchObject({ dead: 1 });
      // Its key is forgotten with it: the same words sent again are a new submission.
      expect((await store.enqueue(submission, 300)).duplicate).toBe(false);
    });
  });

  describe('worker', () => {
    it('delivers with the idempotency key and the locale, then erases the body', async () => {
      answer = (hit, res) => json(res, 201, { id: `up-${hits.length}` });
      const outbox = start();
      const sub = newsletter(1);
      const { id } = await outbox.enqueue(sub);
      await until('1 delivered (outbox)', async () => (await outbox.stats()).delivered === 1);
      expect(hits).toEqual([{ path: '/api/forms/newsletter', lang: 'sl', key: sub.key, body: sub.body }]);
      expect(logLines.find((l) => l.msg === 'submission delivered')).toMatchObject({ submissionId: id, kind: 'newsletter', attempts: 1 });
      expect(logText).not.toContain('person1@example.com');
    });

    it('retries temporary failures (5xx, 404, 408, 429, a bad answer, a timeout) and delivers once', async () => {
      const script = [
        (res: http.ServerResponse) => json(res, 503, { error: 'down' }),
        // An upstream without the endpoint yet (a deploy in progress): the submission waits.
        (res: http.ServerResponse) => json(res, 404, { error: 'not_found' }),
        (res: http.ServerResponse) => json(res, 429, { error: 'slow_down' }),
        (res: http.ServerResponse) => json(res, 408, { error: 'timeout' }),
        (res: http.ServerResponse) => json(res, 200, { unexpected: true }),
        (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
        (res: http.ServerResponse) => setTimeout(() => json(res, 201, { id: 'late' }), 600),
        (res: http.ServerResponse) => json(res, 200, { id: 'up-ok' }),
      ];
      answer = (_hit, res) => script[hits.length - 1]!(res);
      const outbox = start({ timeoutMs: 300 });
      await outbox.enqueue(newsletter(1));
      await until('1 delivered (outbox)', async () => (await outbox.stats()).delivered === 1);
      expect(hits).toHaveLength(8);
      expect(new Set(hits.map((h) => h.key)).size).toBe(1);
      expect(await outbox.stats()).toEqual({ pending: 0, delivered: 1, dead: 0, oldestPendingAt: null });
      expect(logLines.filter((l) => l.msg === 'upstream forms endpoint failing; submissions wait in the outbox')).toHaveLength(1);
    });

    it('moves a permanent rejection to the dead letters with an error log that holds no personal data', async () => {
      answer = (_hit, res) => json(res, 400, { error: 'bad_request', fields: { email: 'form.errors.email' } });
      const outbox = start();
      const { id } = await outbox.enqueue(newsletter(7));
      await until('1 dead (outbox)', async () => (await outbox.stats()).dead === 1);
      expect(hits).toHaveLength(1);
      expect(await engine.deadLetter(id)).toEqual({ status: 400, reason: 'bad_request: email', attempts: 1, email: 'person7@example.com' });
      expect(await engine.row(id)).toMatchObject({ body: null, status: 'dead' });
      const line = logLines.find((l) => l.level === 50);
      expect(line).toMatchObject({ submissionId: id, kind: 'newsletter', status: 400, msg: 'submission rejected by the upstream; moved to the dead letters' });
      expect(logText).not.toContain('person7');
      // A refusal without a JSON body (a proxy's error page) is still a refusal.
      answer = (_hit, res) => res.writeHead(413, { 'content-type': 'text/html' }).end('<h1>Too large</h1>');
      await outbox.enqueue(newsletter(8));
      await until('2 dead (outbox)', async () => (await outbox.stats()).dead === 2);
    });

    it('erases the dead letters past the retention period when it starts (and hourly), logging only their number', async () => {
      const store = engine.openStore();
      const { id } = await store.enqueue(newsletter(5), 0);
      await store.claimDue(0, 1, 1000);
      await store.deadLetter(id, 400, 'bad_request: email', 10);
      // A worker that cannot read the period keeps every dead letter.
      let unknownAsked = false;
      start({
        deadLetterCutoff: async () => {
          unknownAsked = true;
          return null;
        },
      });
      await until('the period asked for', async () => unknownAsked);
      expect(await store.stats()).toMatchObject({ dead: 1 });
      const asked: number[] = [];
      start({
        deadLetterCutoff: async (now) => {
          asked.push(now);
          return now;
        },
      });
      await until('the dead letter erased', async () => (await store.stats()).dead === 0);
      expect(asked).toHaveLength(1);
      expect(await engine.deadLetter(id)).toBeUndefined();
      expect(logLines.find((l) => l.msg === 'outbox: dead letters past the retention period erased')).toMatchObject({ erased: 1 });
      expect(logText).not.toContain('person5');
    });

    it('delivers a few at a time, oldest first, and drains at once when the upstream comes back', async () => {
      let up = false;
      answer = (_hit, res) => (up ? setTimeout(() => json(res, 201, { id: 'x' }), 20) : json(res, 503, { error: 'down' }));
      // The first failure waits half the backoff (2 s), every later one all of it (4 s).
      let draws = 0;
      const outbox = start({ backoffMs: 4000, random: () => (draws++ === 0 ? 0 : 1) });
      for (let n = 0; n < 12; n++) await outbox.enqueue(newsletter(n));
      await until('12 attempts', () => hits.length >= 12);
      up = true;
      hits = [];
      const started = Date.now();
      // The first retry succeeds at about 2 s and pulls the rest forward: all are in well before 4 s.
      await until('12 delivered (outbox)', async () => (await outbox.stats()).delivered === 12, 6000);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(hits).toHaveLength(12);
      expect(new Set(hits.map((h) => h.key)).size).toBe(12);
      expect(maxInFlight).toBeLessThanOrEqual(4);
      expect(logLines.some((l) => l.msg === 'upstream forms endpoint is back; delivering the waiting submissions')).toBe(true);
    });

    it('keeps creation order when the upstream is healthy', async () => {
      answer = (_hit, res) => json(res, 201, { id: 'x' });
      const store = engine.openStore();
      for (let n = 0; n < 8; n++) await store.enqueue(newsletter(n), n);
      const outbox = start();
      await until('8 delivered (outbox)', async () => (await outbox.stats()).delivered === 8);
      // Four claimed at a time, in id order: the first four arrive before the last four.
      const order = hits.map((h) => (h.body as { email: string }).email);
      expect(new Set(order.slice(0, 4))).toEqual(new Set([0, 1, 2, 3].map((n) => `person${n}@example.com`)));
    });

    it('stops taking submissions but lets the one in flight finish before the database closes', async () => {
      let release: () => void = () => undefined;
      answer = (_hit, res) => {
        release = () => json(res, 201, { id: 'slow' });
      };
      const outbox = start({ timeoutMs: 5000 });
      await outbox.enqueue(newsletter(1));
      await until('the first attempt', () => hits.length === 1);
      // The close may only finish after the delivery in flight was answered.
      let answered = false;
      const closing = outbox.close().then(() => answered);
      expect(await outbox.isOpen()).toBe(true);
      answered = true;
      release();
      expect(await closing).toBe(true);
      expect(await outbox.isOpen()).toBe(false);
      // The outcome was written before the close.
      expect(await engine.openStore().stats()).toMatchObject({ pending: 0, delivered: 1, dead: 0 });
      // A closed outbox refuses new submissions (the form answers 503).
      await expect(outbox.enqueue(newsletter(2))).rejects.toThrow();
      expect(logLines.some((l) => l.msg === 'submission could not be stored' && l.kind === 'newsletter')).toBe(true);
    });

    it('keeps waiting submissions across a restart and delivers them then', async () => {
      const down = start({ baseUrl: 'http://127.0.0.1:9/api/', timeoutMs: 300 });
      await down.enqueue(newsletter(1));
      await down.enqueue(newsletter(2));
      await until('the failing endpoint logged', () => logLines.some((l) => l.msg === 'upstream forms endpoint failing; submissions wait in the outbox'));
      await down.close();
      answer = (_hit, res) => json(res, 201, { id: 'x' });
      const up = start();
      await until('2 delivered (up)', async () => (await up.stats()).delivered === 2);
      expect(hits).toHaveLength(2);
    });
  });
});

describe('replicas on one PostgreSQL', () => {
  const pg = postgresEngine();
  beforeEach(() => pg.prepare());

  it('claim disjoint submissions, however many claim at once (SKIP LOCKED)', async () => {
    const store = pg.openStore();
    for (let n = 0; n < 40; n++) await store.enqueue(newsletter(n), n);
    // Eight workers, each on its own connection, claiming together until nothing is left. How the
    // claims interleave is the scheduler's business; that none is claimed twice and none left is ours.
    const claims = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const taken: string[] = [];
        for (let batch; (batch = await store.claimDue(1000, 3, 60_000)).length > 0;) taken.push(...batch.map((c) => c.id));
        return taken;
      }),
    );
    const all = claims.flat();
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
  });

  it('claim past the rows another replica holds locked, without waiting for it (SKIP LOCKED)', async () => {
    const store = pg.openStore();
    for (let n = 0; n < 4; n++) await store.enqueue(newsletter(n), n);
    const ids = (await pg.pool().query<{ id: string }>('SELECT id FROM outbox_submissions ORDER BY id')).rows.map((r) => r.id);
    // Another replica's claim, caught mid-transaction: the two oldest rows locked, nothing committed.
    const other = await pg.pool().connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM outbox_submissions WHERE id = ANY($1) FOR UPDATE', [ids.slice(0, 2)]);
      // Without SKIP LOCKED this claim would wait for that transaction, and the test time out.
      expect((await store.claimDue(1000, 10, 60_000)).map((c) => c.id)).toEqual(ids.slice(2));
    } finally {
      await other.query('ROLLBACK');
      other.release();
    }
  });

  it('store one row for one key enqueued on many replicas at once, and tell all but one it is a duplicate', async () => {
    const store = pg.openStore();
    const answers = await Promise.all(Array.from({ length: 10 }, () => store.enqueue(newsletter(1), 0)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(await store.stats()).toMatchObject({ pending: 1 });
  });

  it('deliver what one replica enqueued from another, without being told', async () => {
    answer = (_hit, res) => json(res, 201, { id: 'x' });
    const forms = formsApi(createUpstreamClient({ baseUrl: base, timeoutMs: 2000 }));
    const deliverer = startOutbox({ database: pg.database(), deliver: (s) => forms.submit(s), logger, leaseMs: 3000 });
    cleanups.push(() => deliverer.close());
    await pg.openStore().enqueue(newsletter(1), Date.now());
    await until('1 delivered (deliverer)', async () => (await deliverer.stats()).delivered === 1, 5000);
    expect(hits).toHaveLength(1);
  });

  it('are not ready when the database does not answer, also when it hangs', async () => {
    const silent = createPool({ url: 'postgres://postgres@127.0.0.1:9/none', max: 2, logger: pino({ level: 'silent' }), applicationName: 'test' });
    cleanups.push(() => silent.end());
    expect(await databaseAnswers(silent)()).toBe(false);

    // A server that takes the connection and never says a word.
    const sockets: net.Socket[] = [];
    const hanging = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => hanging.close(r)));
    const stuck = createPool({
      url: `postgres://postgres@127.0.0.1:${(hanging.address() as AddressInfo).port}/none`,
      max: 2,
      logger: pino({ level: 'silent' }),
      applicationName: 'test',
    });
    cleanups.push(() => stuck.end());
    cleanups.push(() => sockets.forEach((socket) => socket.destroy()));
    const started = Date.now();
    expect(await databaseAnswers(stuck, 500)()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);

    expect(await databaseAnswers(pg.pool())()).toBe(true);
  });
});
