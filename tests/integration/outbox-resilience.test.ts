import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startCms, type RunningCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/paths';
import { startSiteProcess, type SiteProcess } from '../support/site-process';
import { startTestSite } from './helpers';

/**
 * The proof that no acknowledged submission is lost or delivered twice: with the content API
 * down while submissions come in, and with the BFF killed (SIGKILL) right after acknowledging one.
 * Everything is real: the BFF over HTTP (in this process, or as a child process), the embedded
 * content API started later on the port the BFF was pointed at, and its database counted.
 */

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function startContentApi(port: number): Promise<{ cms: RunningCms; dataDir: string }> {
  const dataDir = tempDir('cms');
  const cms = await startCms({ dataDir, port, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  cleanups.push(() => cms.close());
  return { cms, dataDir };
}

/** The service requests the content API stored: how many rows, and how many distinct keys. */
function stored(cmsDataDir: string, contentLike: string): { rows: number; keys: number } {
  const db = new Database(path.join(cmsDataDir, 'cms.sqlite'), { readonly: true });
  try {
    return db
      .prepare("SELECT COUNT(*) AS rows, COUNT(DISTINCT idempotency_key) AS keys FROM submissions WHERE kind = 'service' AND json_extract(data, '$.content') LIKE ?")
      .get(contentLike) as { rows: number; keys: number };
  } finally {
    db.close();
  }
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
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
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

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const serviceRequest = (content: string) =>
  new URLSearchParams({ phone: '+386 40 123 456', streetAddress: 'Gozdna pot 7', postalCode: '2380', town: 'Slovenj Gradec', content, terms: 'on', website: '' }).toString();

describe('the outbox loses nothing and delivers nothing twice', () => {
  it('takes 200 submissions while the content API is down and delivers each once when it is back', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const site = await startTestSite({ UPSTREAM_URL: `http://127.0.0.1:${port}/`, UPSTREAM_TIMEOUT_MS: '1000', FORM_RATE_LIMIT_MAX: '10000' });
    cleanups.push(() => site.stop());
    const run = Date.now().toString(36);

    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(site.server).post('/sl/servis').set('Sec-Fetch-Site', 'same-origin').type('form').send(serviceRequest(`Outage ${run} #${batch * 20 + i}`)),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(303);
        expect(answer.headers.location).toBe('/sl/servis?sent=1');
      }
    }
    expect(site.outbox.counts()).toEqual({ pending: 200, delivered: 0, dead: 0 });

    const { cms, dataDir } = await startContentApi(0);
    const accepted = await countingProxy(port, cms.url);
    await until(() => stored(dataDir, `Outage ${run} #%`).rows >= 200, 45_000);
    await until(() => site.outbox.counts().delivered === 200, 5000);
    expect(stored(dataDir, `Outage ${run} #%`)).toEqual({ rows: 200, keys: 200 });
    // Each submission was accepted upstream exactly once: no key twice.
    expect(accepted).toHaveLength(200);
    expect(new Set(accepted).size).toBe(200);
    expect(site.outbox.counts()).toEqual({ pending: 0, delivered: 200, dead: 0 });
  });

  it('delivers what was acknowledged before the BFF was killed, once each, after a restart', { timeout: 60_000 }, async () => {
    // An upstream that takes a delivery and never answers.
    const stalled: http.IncomingMessage[] = [];
    const stall = http.createServer((req) => void stalled.push(req));
    await new Promise<void>((r) => stall.listen(0, '127.0.0.1', r));
    cleanups.push(() => {
      stall.closeAllConnections();
      return new Promise((r) => stall.close(r));
    });
    const stallUrl = `http://127.0.0.1:${(stall.address() as AddressInfo).port}/`;
    const dataDir = tempDir('bff');
    const run = Date.now().toString(36);
    const midDelivery = `Killed mid-delivery ${run}`;
    const justAcknowledged = `Killed right after the answer ${run}`;

    const first = await startBff({ DATA_DIR: dataDir, UPSTREAM_URL: stallUrl });
    const send = (content: string) =>
      fetch(`${first.url}/sl/servis`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: serviceRequest(content),
        redirect: 'manual',
      });
    // One submission is on its way upstream when the process dies (the upstream may have it or not)...
    expect((await send(midDelivery)).status).toBe(303);
    await until(() => stalled.length === 1, 5000);
    // ...and one was acknowledged a moment before.
    expect((await send(justAcknowledged)).status).toBe(303);
    first.child.kill('SIGKILL');
    await first.exited;

    const port = await freePort();
    const { dataDir: cmsDir } = await startContentApi(port);
    const second = await startBff({ DATA_DIR: dataDir, UPSTREAM_URL: `http://127.0.0.1:${port}/` });
    // The one in flight waits out its lease (timeout + 5 s), then goes again.
    await until(() => stored(cmsDir, midDelivery).rows === 1 && stored(cmsDir, justAcknowledged).rows === 1, 30_000);
    await until(() => outboxRows(dataDir).every((row) => row.status === 'delivered'), 5000);
    expect(stored(cmsDir, `Killed % ${run}`)).toEqual({ rows: 2, keys: 2 });
    expect(outboxRows(dataDir)).toEqual([
      { status: 'delivered', body: null },
      { status: 'delivered', body: null },
    ]);
    // What the processes logged holds no form contents.
    for (const log of [first.log(), second.log()]) {
      expect(log).not.toContain(run);
      expect(log).not.toContain('123 456');
    }
  });
});

describe('shutdown', () => {
  it('on SIGTERM lets the delivery in flight end, keeps the submission and exits cleanly', { timeout: 30_000 }, async () => {
    const stalled: http.IncomingMessage[] = [];
    const stall = http.createServer((req) => void stalled.push(req));
    await new Promise<void>((r) => stall.listen(0, '127.0.0.1', r));
    cleanups.push(() => {
      stall.closeAllConnections();
      return new Promise((r) => stall.close(r));
    });
    const dataDir = tempDir('bff');
    const bff = await startBff({ DATA_DIR: dataDir, UPSTREAM_URL: `http://127.0.0.1:${(stall.address() as AddressInfo).port}/` });
    const sent = await fetch(`${bff.url}/sl/servis`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: serviceRequest('Shutdown'),
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    await until(() => stalled.length === 1, 5000);
    const started = Date.now();
    bff.child.kill('SIGTERM');
    await bff.exited;
    expect(bff.child.exitCode).toBe(0);
    // The delivery ran into its timeout (1 s) and the process stopped then, not at the kill timeout.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(bff.log()).toContain('"msg":"stopped"');
    // The submission waits for the next start, free to be taken at once.
    const db = new Database(path.join(dataDir, 'outbox.sqlite'), { readonly: true });
    try {
      expect(db.prepare('SELECT status, attempts, claimed_until FROM submissions').all()).toEqual([{ status: 'pending', attempts: 1, claimed_until: null }]);
    } finally {
      db.close();
    }
  });
});

function outboxRows(dataDir: string): { status: string; body: string | null }[] {
  const db = new Database(path.join(dataDir, 'outbox.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT status, body FROM submissions ORDER BY id').all() as { status: string; body: string | null }[];
  } finally {
    db.close();
  }
}

/** The BFF as its own process, stopped after the test. */
async function startBff(env: Record<string, string>): Promise<SiteProcess> {
  const bff = await startSiteProcess({ UPSTREAM_TIMEOUT_MS: '1000', ...env });
  cleanups.push(bff.stop);
  return bff;
}
