import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type RunningCms } from '../../server/cms/server';
import { signPurge } from '../../server/lib/purge-signature';
import { CONTENT_DIR } from '../../server/lib/paths';
import type { LogLine } from '../support/log-lines';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { startSiteProcess, type SiteProcess } from '../support/site-process';
import { until } from '../support/until';
import { firstText } from './helpers';

/**
 * Two replicas of the site, each a process of its own, behind no balancer: the test calls each by
 * its address. They share one content API (in this process) and one PostgreSQL, and so share what one
 * of them learns: a purge (LISTEN/NOTIFY), a purge signature's use, and the form rate limit's budget.
 * Replica B renders what a purge drops again in the background (and warms its cache at start), and
 * connects as a role of its own, so that the test can find its connections among A's.
 */

const SECRET = 'a-long-shared-secret-for-the-purge-webhook';
const PAGE = '/en/page/cookies';
const LIMIT = 4;

let postgres: TestPostgres;
let admin: pg.Client;
let cms: RunningCms;
let cmsDir: string;
const dirs: string[] = [];
let a: SiteProcess;
let b: SiteProcess;

const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `replicas-${name}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  postgres = await startTestPostgres();
  const url = await postgres.createDatabase('replicas');
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('CREATE ROLE replica_b LOGIN SUPERUSER');
  const asB = new URL(url);
  asB.username = 'replica_b';

  cmsDir = tempDir('cms');
  cms = await startCms({ dataDir: cmsDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  const env = {
    UPSTREAM_URL: cms.url,
    DATABASE_URL: url,
    CACHE_PURGE_SECRET: SECRET,
    FORM_RATE_LIMIT_MAX: String(LIMIT),
    SEARCH_RATE_LIMIT_MAX: String(LIMIT),
  };
  [a, b] = await Promise.all([
    startSiteProcess({ ...env, DATA_DIR: tempDir('a') }),
    startSiteProcess({ ...env, DATA_DIR: tempDir('b'), DATABASE_URL: asB.href, HTML_CACHE_REFILL_CONCURRENCY: '2', LOG_LEVEL: 'debug' }),
  ]);
  await until('B has warmed its cache', () => logged(b, 'html cache refilled').length === 1, 90_000);
}, 150_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await cms?.close();
  await admin?.end();
  postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A replica's JSON log lines so far. */
function lines(site: SiteProcess): LogLine[] {
  return site
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}
const logged = (site: SiteProcess, msg: string, since = 0) => lines(site).filter((l) => l.msg === msg && (l.time as number) >= since);

const get = (site: SiteProcess, url: string) => fetch(`${site.url}${url}`, { redirect: 'manual' });
/** The page's heading, its title in the content API, as a replica answers it. */
const heading = async (site: SiteProcess) => firstText(await (await get(site, PAGE)).text(), 'h1');

const purge = (site: SiteProcess, body: string, signature = signPurge(SECRET, body)) =>
  fetch(`${site.url}/api/cache/purge`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signature }, body });

/** Changes the page's title in the content API's database, as an editor would. */
function retitle(title: string): void {
  const db = new Database(path.join(cmsDir, 'cms.sqlite'));
  try {
    expect(db.prepare("UPDATE page_translations SET title = ? WHERE locale = 'en' AND slug = 'cookies'").run(title).changes).toBe(1);
  } finally {
    db.close();
  }
}

describe('two replicas sharing PostgreSQL', () => {
  const first = { body: JSON.stringify({ paths: [PAGE] }), signature: '' };

  it('keep a page each: both answer it from their cache', async () => {
    await get(a, PAGE);
    await until('A keeps the page', async () => (await get(a, PAGE)).headers.get('x-cache') === 'HIT');
    const onB = await get(b, PAGE);
    expect(onB.headers.get('x-cache')).toBe('HIT');
    expect(firstText(await onB.text(), 'h1')).toBe('Cookie policy');
  });

  it('a purge posted to one replica reaches the other within a second, which renders the page again in the background', async () => {
    retitle('Cookies');
    // The content changed, and neither replica knows yet.
    expect(await heading(b)).toBe('Cookie policy');

    const sent = Date.now();
    first.signature = signPurge(SECRET, first.body);
    const answer = await purge(a, first.body, first.signature);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { purged: number }).purged).toBeGreaterThanOrEqual(1);

    await until('B heard of the purge', () => logged(b, 'purge from another replica', sent).length === 1);
    const heard = logged(b, 'purge from another replica', sent)[0]!;
    expect((heard.time as number) - sent).toBeLessThan(1000);
    // The page and the sitemap, which lists every page.
    expect(heard).toMatchObject({ paths: 2 });
    expect(heard.purged).toBeGreaterThanOrEqual(1);

    await until('B rendered the page again in the background', () =>
      lines(b).some((l) => l.msg === 'background render started' && l.path === PAGE && (l.time as number) >= sent),
    );
    await until('B answers the new copy from its cache', async () => {
      const res = await get(b, PAGE);
      return res.headers.get('x-cache') === 'HIT' && firstText(await res.text(), 'h1') === 'Cookies';
    });
    // A dropped its copy too: the purge was its own.
    expect(await heading(a)).toBe('Cookies');
  });

  it('refuses the same signed purge again, on either replica', async () => {
    for (const site of [b, a]) {
      const replayed = await purge(site, first.body, first.signature);
      expect(replayed.status).toBe(409);
      expect(await replayed.json()).toEqual({ error: 'replayed' });
    }
  });

  it('counts form posts against one budget: FORM_RATE_LIMIT_MAX across both, then 429 on either', async () => {
    const send = (site: SiteProcess, body = 'email=x') =>
      fetch(`${site.url}/en/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body,
        redirect: 'manual',
      });
    for (let i = 0; i < LIMIT; i++) {
      const res = await send(i % 2 === 0 ? a : b);
      expect(res.status).toBe(400);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"${LIMIT}-in-10min"; r=${LIMIT - 1 - i}; t=\\d+$`));
      expect(res.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"${LIMIT}-in-10min"; q=${LIMIT}; w=600; `));
    }
    for (const site of [a, b]) {
      const refused = await send(site, 'email=over.the.limit%40example.com&consent=on');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit')).toMatch(/; r=0; t=\d+$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
      expect(await refused.text()).toContain('form.errors.tooManyPosts');
    }
  });

  it('counts searches against one budget too: SEARCH_RATE_LIMIT_MAX a minute across both, then 429 on either', async () => {
    const search = (site: SiteProcess, i: number) => fetch(`${site.url}${i % 2 ? '/api/search?lang=en&q=' : '/en/search?q='}replica${i}`);
    for (let i = 0; i < LIMIT; i++) {
      const res = await search(i % 2 === 0 ? a : b, i);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"${LIMIT}-in-1min"; r=${LIMIT - 1 - i}; t=\\d+$`));
    }
    for (const [i, site] of [a, b].entries()) {
      const refused = await search(site, LIMIT + i);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a replica whose listening connection was cut reconnects, purges everything, and hears later purges', async () => {
    const cut = Date.now();
    const terminated = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'replica_b' AND application_name = 'site purge listener'",
    );
    expect(terminated.rowCount).toBe(1);
    await until('B reconnected', () => lines(b).some((l) => l.msg.startsWith('purge listener reconnected') && (l.time as number) >= cut));
    expect(logged(b, 'purge listener lost its database connection; reconnecting', cut)).toHaveLength(1);

    retitle('How the site uses cookies');
    const sent = Date.now();
    expect((await purge(a, JSON.stringify({ paths: [PAGE, '/en/page/privacy-policy'] }))).status).toBe(200);
    await until('B heard of the later purge', () => logged(b, 'purge from another replica', sent).length === 1);
    expect(logged(b, 'purge from another replica', sent)[0]).toMatchObject({ paths: 3 });
    await until('B answers the new title', async () => (await heading(b)) === 'How the site uses cookies');
  });

  it('closes its listening connection and its pool when it stops', async () => {
    await b.stop();
    expect(await b.exited).toBe(0);
    const connections = async () => (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'replica_b'")).rows[0].n;
    await until('B has no connection left', async () => (await connections()) === 0);
    // Nothing went wrong but what the test did: refused requests, and the cut connection.
    const expected = (l: LogLine) => l.msg === 'request completed' || l.msg.startsWith('purge listener');
    expect(lines(b).filter((l) => l.level >= pino.levels.values.warn! && !expected(l))).toEqual([]);
  });
});
