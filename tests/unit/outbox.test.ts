import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOutboxDb } from '../../server/outbox/db';
import { startOutbox, type RunningOutbox } from '../../server/outbox';
import { submissionKey } from '../../server/outbox/key';
import { outboxStore } from '../../server/outbox/store';
import type { Submission } from '../../server/outbox/types';
import { backoffDelay, DELIVERED_RETENTION_MS } from '../../server/outbox/worker';
import { createUpstreamClient } from '../../server/upstream/client';
import { formsApi } from '../../server/upstream/forms-api';

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
    const hit: Hit = { path: url.pathname, lang: url.searchParams.get('lang'), key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') };
    hits.push(hit);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    answer(hit, res);
  });
});
let base = '';
const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/`;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

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

let dataDir = '';
const open: RunningOutbox[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  hits = [];
  maxInFlight = 0;
  logLines = [];
  logText = '';
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

function start(options: { timeoutMs?: number; backoffMs?: number; baseUrl?: string; random?: () => number } = {}) {
  const client = createUpstreamClient({ baseUrl: options.baseUrl ?? base, timeoutMs: options.timeoutMs ?? 2000 });
  const forms = formsApi(client);
  const backoffMs = options.backoffMs ?? 50;
  const outbox = startOutbox({
    dataDir,
    deliver: (s) => forms.submit(s),
    logger,
    leaseMs: (options.timeoutMs ?? 2000) + 1000,
    backoffMs,
    maxBackoffMs: backoffMs * 8,
    random: options.random,
  });
  open.push(outbox);
  return outbox;
}

const newsletter = (n: number): Submission => {
  const body = { email: `person${n}@example.com`, consent: true };
  return { kind: 'newsletter', key: submissionKey('newsletter', body), locale: 'sl', body };
};

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('outbox store', () => {
  it('stores durably: a known key is the same submission, and rows survive a reopen', () => {
    const db = openOutboxDb(dataDir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    // The worker's own connection need not survive a power cut (see openOutboxDb).
    const workerDb = openOutboxDb(dataDir, { durable: false });
    expect(workerDb.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    workerDb.close();
    const store = outboxStore(db);
    const first = store.enqueue(newsletter(1), 1000);
    expect(first).toEqual({ id: expect.any(String), duplicate: false });
    expect(store.enqueue(newsletter(1), 2000)).toEqual({ id: first.id, duplicate: true });
    const second = store.enqueue(newsletter(2), 3000);
    expect(second.id).not.toBe(first.id);
    db.close();

    const again = outboxStore(openOutboxDb(dataDir));
    expect(again.counts()).toEqual({ pending: 2, delivered: 0, dead: 0 });
    expect(again.stats()).toEqual({ pending: 2, delivered: 0, dead: 0, oldestPendingAt: 1000 });
    const claimed = again.claimDue(5000, 10, 6000);
    expect(claimed.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(claimed[0]).toMatchObject({ kind: 'newsletter', locale: 'sl', attempts: 1, body: { email: 'person1@example.com', consent: true } });
  });

  it('leases what it claims: nobody else takes it until the lease runs out', () => {
    const store = outboxStore(openOutboxDb(dataDir));
    store.enqueue(newsletter(1), 0);
    expect(store.claimDue(100, 4, 5000)).toHaveLength(1);
    expect(store.claimDue(200, 4, 5200)).toHaveLength(0);
    expect(store.nextWakeAt()).toBe(5000);
    // A process that died mid-delivery gives the row back when its lease ends.
    expect(store.claimDue(5000, 4, 9000)).toMatchObject([{ attempts: 2 }]);
  });

  it('erases a delivered body, keeps its key for dedupe, and forgets it after 30 days', () => {
    const db = openOutboxDb(dataDir);
    const store = outboxStore(db);
    const { id } = store.enqueue(newsletter(1), 0);
    store.claimDue(0, 1, 1000);
    store.markDelivered(id, 'up-1', 10);
    expect(db.prepare('SELECT body, status, upstream_id FROM submissions WHERE id = ?').get(Number(id))).toEqual({ body: null, status: 'delivered', upstream_id: 'up-1' });
    expect(store.enqueue(newsletter(1), 20)).toEqual({ id, duplicate: true });
    expect(store.pruneDelivered(10)).toBe(0);
    expect(store.pruneDelivered(11 + DELIVERED_RETENTION_MS)).toBe(1);
    expect(store.enqueue(newsletter(1), 30).duplicate).toBe(false);
  });

  it('tells how many wait and since when the oldest of them waits (what the metrics read)', async () => {
    const store = outboxStore(openOutboxDb(dataDir));
    expect(store.stats()).toEqual({ pending: 0, delivered: 0, dead: 0, oldestPendingAt: null });
    const t = Date.now() - 1000;
    const first = store.enqueue(newsletter(1), t);
    const second = store.enqueue(newsletter(2), t + 1);
    store.enqueue(newsletter(3), t + 2);
    store.claimDue(t + 3, 2, t + 5000);
    store.markDelivered(first.id, 'up-1', t + 4);
    store.deadLetter(second.id, 422, 'invalid', t + 5);
    expect(store.stats()).toEqual({ pending: 1, delivered: 1, dead: 1, oldestPendingAt: t + 2 });

    const outbox = start({ baseUrl: 'http://127.0.0.1:9/api/', timeoutMs: 300 });
    expect(await outbox.stats()).toEqual({ pending: 1, delivered: 1, dead: 1, oldestPendingAt: t + 2 });
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

describe('outbox worker', () => {
  it('delivers with the idempotency key and the locale, then erases the body', async () => {
    answer = (hit, res) => json(res, 201, { id: `up-${hits.length}` });
    const outbox = start();
    const sub = newsletter(1);
    const { id } = outbox.enqueue(sub);
    await until(() => outbox.counts().delivered === 1);
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
    outbox.enqueue(newsletter(1));
    await until(() => outbox.counts().delivered === 1);
    expect(hits).toHaveLength(8);
    expect(new Set(hits.map((h) => h.key)).size).toBe(1);
    expect(outbox.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
    expect(logLines.filter((l) => l.msg === 'upstream forms endpoint failing; submissions wait in the outbox')).toHaveLength(1);
  });

  it('moves a permanent rejection to the dead letters with an error log that holds no personal data', async () => {
    answer = (_hit, res) => json(res, 400, { error: 'bad_request', fields: { email: 'form.errors.email' } });
    const outbox = start();
    const { id } = outbox.enqueue(newsletter(7));
    await until(() => outbox.counts().dead === 1);
    expect(hits).toHaveLength(1);
    const db = openOutboxDb(dataDir);
    expect(db.prepare("SELECT status, reason, attempts, json_extract(body, '$.email') AS email FROM dead_letters WHERE submission_id = ?").get(Number(id))).toEqual({
      status: 400,
      reason: 'bad_request: email',
      attempts: 1,
      email: 'person7@example.com',
    });
    db.close();
    const line = logLines.find((l) => l.level === 50);
    expect(line).toMatchObject({ submissionId: id, kind: 'newsletter', status: 400, msg: 'submission rejected by the upstream; moved to the dead letters' });
    expect(logText).not.toContain('person7');
    // A refusal without a JSON body (a proxy's error page) is still a refusal.
    answer = (_hit, res) => res.writeHead(413, { 'content-type': 'text/html' }).end('<h1>Too large</h1>');
    outbox.enqueue(newsletter(8));
    await until(() => outbox.counts().dead === 2);
  });

  it('delivers a few at a time, oldest first, and drains at once when the upstream comes back', async () => {
    let up = false;
    answer = (_hit, res) => (up ? setTimeout(() => json(res, 201, { id: 'x' }), 20) : json(res, 503, { error: 'down' }));
    // The first failure waits half the backoff (2 s), every later one all of it (4 s).
    let draws = 0;
    const outbox = start({ backoffMs: 4000, random: () => (draws++ === 0 ? 0 : 1) });
    const ids = Array.from({ length: 12 }, (_, n) => outbox.enqueue(newsletter(n)).id);
    await until(() => hits.length >= 12);
    up = true;
    hits = [];
    const started = Date.now();
    // The first retry succeeds at about 2 s and pulls the rest forward: all are in well before 4 s.
    await until(() => outbox.counts().delivered === 12, 6000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(hits).toHaveLength(12);
    expect(new Set(hits.map((h) => h.key)).size).toBe(12);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(logLines.some((l) => l.msg === 'upstream forms endpoint is back; delivering the waiting submissions')).toBe(true);
    expect(ids).toHaveLength(12);
  });

  it('keeps creation order when the upstream is healthy', async () => {
    answer = (_hit, res) => json(res, 201, { id: 'x' });
    const db = openOutboxDb(dataDir);
    const store = outboxStore(db);
    for (let n = 0; n < 8; n++) store.enqueue(newsletter(n), n);
    db.close();
    const outbox = start();
    await until(() => outbox.counts().delivered === 8);
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
    outbox.enqueue(newsletter(1));
    await until(() => hits.length === 1);
    let closed = false;
    const closing = outbox.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    expect(outbox.isOpen()).toBe(true);
    release();
    await closing;
    expect(outbox.isOpen()).toBe(false);
    // The outcome was written before the close.
    const store = outboxStore(openOutboxDb(dataDir));
    expect(store.counts()).toEqual({ pending: 0, delivered: 1, dead: 0 });
    // A closed outbox refuses new submissions (the form answers 503).
    expect(() => outbox.enqueue(newsletter(2))).toThrow();
    expect(logLines.some((l) => l.msg === 'submission could not be stored' && l.kind === 'newsletter')).toBe(true);
  });

  it('keeps waiting submissions across a restart and delivers them then', async () => {
    const down = start({ baseUrl: 'http://127.0.0.1:9/api/', timeoutMs: 300 });
    down.enqueue(newsletter(1));
    down.enqueue(newsletter(2));
    await until(() => logLines.some((l) => l.msg === 'upstream forms endpoint failing; submissions wait in the outbox'));
    await down.close();
    open.splice(0);
    answer = (_hit, res) => json(res, 201, { id: 'x' });
    const up = start();
    await until(() => up.counts().delivered === 2);
    expect(hits).toHaveLength(2);
  });
});
