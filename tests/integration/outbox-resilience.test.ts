import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type RunningCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { startSiteProcess, type SiteProcess } from '../support/site-process';
import { until } from '../support/until';
import { startTestSite } from './helpers';
import { freePort } from '../support/free-port';

/**
 * The proof that no acknowledged submission is lost or delivered twice: with the content API
 * down while submissions come in, and with the BFF killed (SIGKILL) right after acknowledging one;
 * with the outbox in SQLite (one process, restarted) and in PostgreSQL (replicas: another one
 * delivers what the killed one acknowledged). Everything is real: the BFF over HTTP (in this
 * process, or as child processes), the embedded content API started later on the port the BFF was
 * pointed at, and its database counted.
 */

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startTestPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

interface OutboxRow {
  key: string;
  status: string;
  body: unknown;
  attempts: number;
  claimed_until: unknown;
}

/**
 * Where the BFFs a test starts keep their outbox: SQLite in each one's DATA_DIR (so a restart is the
 * same folder), or one PostgreSQL database for the test, which they all share (so "restarted" can
 * be another replica with a folder of its own).
 */
interface OutboxEngine {
  name: string;
  /** The settings of a BFF on this outbox, and its rows (oldest first) as the BFF with `dataDir` sees them. */
  prepare(): Promise<{ env: Record<string, string>; rows(dataDir: string): Promise<OutboxRow[]>; shared: boolean }>;
}

const SQLITE: OutboxEngine = {
  name: 'SQLite',
  async prepare() {
    return { env: {}, rows: async (dataDir) => sqliteRows(dataDir), shared: false };
  },
};

let databases = 0;
const POSTGRES: OutboxEngine = {
  name: 'PostgreSQL',
  async prepare() {
    const url = await postgres.createDatabase(`resilience_${++databases}`);
    return { env: { DATABASE_URL: url }, rows: () => postgresRows(url), shared: true };
  },
};

function sqliteRows(dataDir: string): OutboxRow[] {
  const db = new Database(path.join(dataDir, 'outbox.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT key, status, body, attempts, claimed_until FROM submissions ORDER BY id').all() as OutboxRow[];
  } finally {
    db.close();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const postgresRows = (url: string) => query<OutboxRow>(url, 'SELECT key, status, body, attempts, claimed_until FROM outbox_submissions ORDER BY id');

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A port nothing listens on (yet). */

/** The content API on `port` (0: a free one), with its data in `dataDir` (a new folder unless given). */
async function startContentApi(port: number, dataDir = tempDir('cms')): Promise<{ cms: RunningCms; dataDir: string }> {
  const cms = await startCms({ dataDir, port, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  cleanups.push(() => cms.close());
  return { cms, dataDir };
}

/** The keys of the service requests the content API stored (a key twice would be a submission stored twice). */
function storedKeys(cmsDataDir: string, contentLike: string): string[] {
  const db = new Database(path.join(cmsDataDir, 'cms.sqlite'), { readonly: true });
  try {
    return db
      .prepare("SELECT idempotency_key FROM submissions WHERE kind = 'service' AND json_extract(data, '$.content') LIKE ?")
      .pluck()
      .all(contentLike) as string[];
  } finally {
    db.close();
  }
}

/** The service requests the content API stored: how many rows, and how many distinct keys. */
function stored(cmsDataDir: string, contentLike: string): { rows: number; keys: number } {
  const keys = storedKeys(cmsDataDir, contentLike);
  return { rows: keys.length, keys: new Set(keys).size };
}

/**
 * A proxy in front of the content API that counts the deliveries it accepted, by Idempotency-Key:
 * the content API answers a repeated key as a success without storing it again, so only here would
 * a second delivery of one submission show.
 */
async function countingProxy(port: number, target: string): Promise<string[]> {
  const accepted: string[] = [];
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<
        string,
        string
      >;
      fetch(new URL(req.url!, target), { method: req.method, headers, body: req.method === 'POST' ? Buffer.concat(chunks) : undefined })
        .then(async (answer) => {
          if (req.method === 'POST' && answer.ok) accepted.push(String(req.headers['idempotency-key']));
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
  cleanups.push(() => {
    proxy.closeAllConnections();
    return new Promise((r) => proxy.close(r));
  });
  return accepted;
}

const serviceRequest = (content: string) =>
  new URLSearchParams({
    phone: '+386 40 123 456',
    streetAddress: 'Gozdna pot 7',
    postalCode: '2380',
    town: 'Slovenj Gradec',
    content,
    terms: 'on',
    website: '',
  }).toString();

/** A service request posted without JavaScript, as a browser does: urlencoded, same-origin, the 303 not followed. */
const sendServiceRequest = (site: string, content: string) =>
  fetch(`${site}/sl/servis`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: serviceRequest(content),
    redirect: 'manual',
  });

/** An upstream that takes a delivery and never answers; the requests it holds. */
/** An upstream that answers nothing; `stalled` holds the deliveries (posts) it holds, not the BFF's reads (its `init`). */
async function stallingUpstream(): Promise<{ url: string; stalled: http.IncomingMessage[] }> {
  const stalled: http.IncomingMessage[] = [];
  const stall = http.createServer((req) => void (req.method === 'POST' && stalled.push(req)));
  await new Promise<void>((r) => stall.listen(0, '127.0.0.1', r));
  cleanups.push(() => {
    stall.closeAllConnections();
    return new Promise((r) => stall.close(r));
  });
  return { url: `http://127.0.0.1:${(stall.address() as AddressInfo).port}/`, stalled };
}

describe.each([SQLITE, POSTGRES])('the outbox in $name loses nothing and delivers nothing twice', (engine) => {
  it('takes 200 submissions while the content API is down and delivers each once when it is back', { timeout: 60_000 }, async () => {
    const outbox = await engine.prepare();
    const port = await freePort();
    const site = await startTestSite({ ...outbox.env, UPSTREAM_URL: `http://127.0.0.1:${port}/`, UPSTREAM_TIMEOUT_MS: '1000', FORM_RATE_LIMIT_MAX: '10000' });
    cleanups.push(() => site.stop());
    const run = Date.now().toString(36);

    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(site.server)
            .post('/sl/servis')
            .set('Sec-Fetch-Site', 'same-origin')
            .type('form')
            .send(serviceRequest(`Outage ${run} #${batch * 20 + i}`)),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(303);
        expect(answer.headers.location).toBe('/sl/servis?sent=1');
      }
    }
    expect(await site.outbox.stats()).toMatchObject({ pending: 200, delivered: 0, dead: 0, oldestPendingAt: expect.any(Number) });

    const { cms, dataDir } = await startContentApi(0);
    const accepted = await countingProxy(port, cms.url);
    await until('the content API has all 200', () => stored(dataDir, `Outage ${run} #%`).rows >= 200, 45_000);
    await until('the outbox has marked all 200 delivered', async () => (await site.outbox.stats()).delivered === 200, 5000);
    expect(stored(dataDir, `Outage ${run} #%`)).toEqual({ rows: 200, keys: 200 });
    // Each submission was accepted upstream exactly once: no key twice.
    expect(accepted).toHaveLength(200);
    expect(new Set(accepted).size).toBe(200);
    expect(await site.outbox.stats()).toEqual({ pending: 0, delivered: 200, dead: 0, oldestPendingAt: null });
  });

  it(
    `delivers what was acknowledged before the BFF was killed, once each, after a restart${engine === POSTGRES ? ' (of another replica)' : ''}`,
    { timeout: 60_000 },
    async () => {
      const outbox = await engine.prepare();
      const stall = await stallingUpstream();
      const dataDir = tempDir('bff');
      const run = Date.now().toString(36);
      const midDelivery = `Killed mid-delivery ${run}`;
      const justAcknowledged = `Killed right after the answer ${run}`;

      const first = await startBff({ ...outbox.env, DATA_DIR: dataDir, UPSTREAM_URL: stall.url });
      // One submission is on its way upstream when the process dies (the upstream may have it or not)...
      expect((await sendServiceRequest(first.url, midDelivery)).status).toBe(303);
      await until('the first delivery reached the upstream', () => stall.stalled.length === 1, 5000);
      // ...and one was acknowledged a moment before.
      expect((await sendServiceRequest(first.url, justAcknowledged)).status).toBe(303);
      first.child.kill('SIGKILL');
      await first.exited;

      const port = await freePort();
      const { dataDir: cmsDir } = await startContentApi(port);
      // SQLite: the same folder, restarted. PostgreSQL: another replica, with a folder of its own.
      const second = await startBff({ ...outbox.env, DATA_DIR: outbox.shared ? tempDir('bff') : dataDir, UPSTREAM_URL: `http://127.0.0.1:${port}/` });
      // The one in flight waits out its lease (timeout + 5 s), then goes again.
      await until('both are stored upstream', () => stored(cmsDir, midDelivery).rows === 1 && stored(cmsDir, justAcknowledged).rows === 1, 30_000);
      await until('the outbox has marked both delivered', async () => (await outbox.rows(dataDir)).every((row) => row.status === 'delivered'), 5000);
      expect(stored(cmsDir, `Killed % ${run}`)).toEqual({ rows: 2, keys: 2 });
      expect((await outbox.rows(dataDir)).map(({ status, body }) => ({ status, body }))).toEqual([
        { status: 'delivered', body: null },
        { status: 'delivered', body: null },
      ]);
      // What the processes logged holds no form contents.
      for (const log of [first.log(), second.log()]) {
        expect(log).not.toContain(run);
        expect(log).not.toContain('123 456');
      }
    },
  );

  it('on SIGTERM lets the delivery in flight end, keeps the submission and exits cleanly', { timeout: 30_000 }, async () => {
    const outbox = await engine.prepare();
    const stall = await stallingUpstream();
    const dataDir = tempDir('bff');
    const bff = await startBff({ ...outbox.env, DATA_DIR: dataDir, UPSTREAM_URL: stall.url });
    expect((await sendServiceRequest(bff.url, 'Shutdown')).status).toBe(303);
    await until('the delivery reached the upstream', () => stall.stalled.length === 1, 5000);
    const started = Date.now();
    bff.child.kill('SIGTERM');
    await bff.exited;
    expect(bff.child.exitCode).toBe(0);
    // The delivery ran into its timeout (1 s) and the process stopped then, not at the kill timeout.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(bff.log()).toContain('"msg":"stopped"');
    // The submission waits for the next start, free to be taken at once: its outcome was written
    // before the database closed (PostgreSQL: the pool closes last).
    expect((await outbox.rows(dataDir)).map(({ status, attempts, claimed_until }) => ({ status, attempts, claimed_until }))).toEqual([
      { status: 'pending', attempts: 1, claimed_until: null },
    ]);
  });
});

describe('replicas on one PostgreSQL', () => {
  it('deliver every submission a killed replica acknowledged, each once', { timeout: 60_000 }, async () => {
    const { env } = await POSTGRES.prepare();
    const rows = () => postgresRows(env.DATABASE_URL!);
    // The content API on a port of its own, stopped and started again on it with the same data.
    const cmsPort = await freePort();
    const { cms, dataDir: cmsDir } = await startContentApi(cmsPort);
    const replica = () => startBff({ ...env, DATA_DIR: tempDir('bff'), UPSTREAM_URL: `http://127.0.0.1:${cmsPort}/`, FORM_RATE_LIMIT_MAX: '10000' });
    const [a, b] = await Promise.all([replica(), replica()]);
    await cms.close();

    const run = Date.now().toString(36);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => sendServiceRequest(a.url, `Replica ${run} #${i}`)));
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/sl/servis?sent=1');
    }
    a.child.kill('SIGKILL');
    await a.exited;
    const acknowledged = await rows();
    expect(acknowledged).toHaveLength(50);
    expect(acknowledged.every((row) => row.status === 'pending')).toBe(true);

    await startContentApi(cmsPort, cmsDir);
    await until('the content API has all 50', () => stored(cmsDir, `Replica ${run} #%`).rows >= 50, 30_000);
    await until('the outbox has marked all 50 delivered', async () => (await rows()).every((row) => row.status === 'delivered'), 5000);
    // Exactly the acknowledged keys, none twice.
    const keys = storedKeys(cmsDir, `Replica ${run} #%`);
    expect(keys.sort()).toEqual(acknowledged.map((row) => row.key).sort());
    expect(new Set(keys).size).toBe(50);
    const delivered = await rows();
    expect(delivered.filter((row) => row.status === 'delivered')).toHaveLength(50);
    expect(delivered.filter((row) => row.status === 'pending')).toHaveLength(0);
    expect(b.log()).toContain('"msg":"submission delivered"');
  });
});

describe('a replica whose PostgreSQL does not answer', () => {
  it('is not ready and acknowledges nothing, until the database answers again', { timeout: 30_000 }, async () => {
    const { env } = await POSTGRES.prepare();
    const site = await startTestSite(env);
    cleanups.push(() => site.stop());
    const ready = async () => (await fetch(`${site.url}/readyz`)).status;
    await until('the site is ready', async () => (await ready()) === 200);

    // The database refuses connections and drops the ones it had (as in a failover).
    const name = decodeURIComponent(new URL(env.DATABASE_URL!).pathname.slice(1));
    await query(postgres.url, `ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS false`);
    await query(postgres.url, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    await until('the site is not ready', async () => (await ready()) === 503);
    expect((await sendServiceRequest(site.url, 'While the database is away')).status).toBe(503);

    await query(postgres.url, `ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS true`);
    await until('the site is ready again', async () => (await ready()) === 200);
    expect((await sendServiceRequest(site.url, 'The database is back')).status).toBe(303);
    // That one, and only that one, reaches the content API: the worker is back at work too.
    await until('it is delivered', async () => (await site.outbox.stats()).delivered === 1);
    expect(await site.outbox.stats()).toMatchObject({ pending: 0, delivered: 1, dead: 0 });
  });
});

/** The BFF as its own process, stopped after the test. */
async function startBff(env: Record<string, string>): Promise<SiteProcess> {
  const bff = await startSiteProcess({ UPSTREAM_TIMEOUT_MS: '1000', ...env });
  cleanups.push(bff.stop);
  return bff;
}
