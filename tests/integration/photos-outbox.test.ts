import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { startSiteProcess, type SiteProcess } from '../support/site-process';
import { until } from '../support/until';
import { freePort } from '../support/free-port';

/**
 * Nothing sent with photos is lost (issue 15, part 3): the content API is down, a service request
 * with two photos is acknowledged, the BFF is killed (SIGKILL) and started again (SQLite: the same
 * data folder; PostgreSQL: another replica), the content API comes up, and the request arrives once,
 * with both photos, after which the outbox holds neither its body nor its photos.
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

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startBff(env: Record<string, string>): Promise<SiteProcess> {
  const bff = await startSiteProcess({ UPSTREAM_TIMEOUT_MS: '1000', ...env });
  cleanups.push(bff.stop);
  return bff;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function sqlite<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** What waits in the outbox: submissions by status, and photos. */
interface OutboxEngine {
  name: string;
  prepare(): Promise<{
    env: Record<string, string>;
    shared: boolean;
    counts(dataDir: string): Promise<{ pending: number; delivered: number; photos: number }>;
  }>;
}

const SQLITE: OutboxEngine = {
  name: 'SQLite',
  async prepare() {
    return {
      env: {},
      shared: false,
      counts: async (dataDir) =>
        sqlite(path.join(dataDir, 'outbox.sqlite'), (db) =>
          db
            .prepare(
              `SELECT (SELECT count(*) FROM submissions WHERE status = 'pending') AS pending,
                (SELECT count(*) FROM submissions WHERE status = 'delivered') AS delivered, (SELECT count(*) FROM submission_photos) AS photos`,
            )
            .get(),
        ) as { pending: number; delivered: number; photos: number },
    };
  },
};

let databases = 0;
const POSTGRES: OutboxEngine = {
  name: 'PostgreSQL',
  async prepare() {
    const url = await postgres.createDatabase(`photos_${++databases}`);
    return {
      env: { DATABASE_URL: url },
      shared: true,
      counts: async () =>
        (
          await query<{ pending: number; delivered: number; photos: number }>(
            url,
            `SELECT (SELECT count(*) FROM outbox_submissions WHERE status = 'pending')::int AS pending,
              (SELECT count(*) FROM outbox_submissions WHERE status = 'delivered')::int AS delivered, (SELECT count(*) FROM outbox_photos)::int AS photos`,
          )
        )[0]!,
    };
  },
};

describe.each([SQLITE, POSTGRES])('a request with photos in the $name outbox', (engine) => {
  it('is acknowledged while the content API is down, survives a kill, and arrives once with its photos', { timeout: 60_000 }, async () => {
    const outbox = await engine.prepare();
    const dataDir = tempDir('bff');
    const cmsPort = await freePort();
    const first = await startBff({ ...outbox.env, DATA_DIR: dataDir, UPSTREAM_URL: `http://127.0.0.1:${cmsPort}/` });

    const content = `Photos through an outage ${Date.now().toString(36)}`;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      phone: '+386 40 123 456',
      streetAddress: 'Gozdna pot 7',
      postalCode: '2380',
      town: 'Slovenj Gradec',
      content,
      terms: 'on',
    })) {
      form.append(name, value);
    }
    const window = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer();
    const frame = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#443322' } })
      .webp()
      .toBuffer();
    form.append('photos', new Blob([new Uint8Array(window)], { type: 'image/jpeg' }), 'okno.jpg');
    form.append('photos', new Blob([new Uint8Array(frame)], { type: 'image/webp' }), 'okvir.webp');
    const answer = await fetch(`${first.url}/sl/servis`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' }, body: form, redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/sl/servis?sent=1');
    // Acknowledged means stored: the request and both photos are in the outbox before the kill.
    expect(await outbox.counts(dataDir)).toEqual({ pending: 1, delivered: 0, photos: 2 });
    first.child.kill('SIGKILL');
    await first.exited;

    const cmsDir = tempDir('cms');
    const cms = await startCms({ dataDir: cmsDir, port: cmsPort, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
    cleanups.push(() => cms.close());
    await startBff({ ...outbox.env, DATA_DIR: outbox.shared ? tempDir('bff') : dataDir, UPSTREAM_URL: `http://127.0.0.1:${cmsPort}/` });

    const storedPhotos = () =>
      sqlite(path.join(cmsDir, 'cms.sqlite'), (db) =>
        db
          .prepare(
            `SELECT s.idempotency_key AS key, p.name, length(p.bytes) AS size FROM submissions s JOIN submission_photos p ON p.submission_id = s.id
             WHERE json_extract(s.data, '$.content') = ? ORDER BY p.position`,
          )
          .all(content),
      ) as { key: string; name: string; size: number }[];
    await until('the content API has the request with its photos', () => storedPhotos().length === 2, 30_000);
    await until('the outbox has erased it', async () => (await outbox.counts(dataDir)).delivered === 1 && (await outbox.counts(dataDir)).photos === 0, 5000);
    const photos = storedPhotos();
    // Stored under the names they are attached with: JPEGs (decision 0044).
    expect(photos.map((p) => p.name)).toEqual(['okno.jpg', 'okvir.jpg']);
    // One submission: both photos under one key, and no second row for the request.
    expect(new Set(photos.map((p) => p.key)).size).toBe(1);
    expect(
      sqlite(path.join(cmsDir, 'cms.sqlite'), (db) =>
        db.prepare("SELECT count(*) FROM submissions WHERE json_extract(data, '$.content') = ?").pluck().get(content),
      ),
    ).toBe(1);
    expect(await outbox.counts(dataDir)).toEqual({ pending: 0, delivered: 1, photos: 0 });
  });
});
