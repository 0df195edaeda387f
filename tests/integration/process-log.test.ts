import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogLine } from '../support/log-lines';
import { startSiteProcess, type SiteProcess } from '../support/site-process';
import { until } from '../support/until';

/**
 * The site's own log, as its process writes it: lines go out through an asynchronous, buffered
 * destination (server/lib/log/process-log.ts), so none may be left in memory when the process ends,
 * whether by SIGTERM or by an error nothing caught, and a destination that takes nothing must not
 * hold up a single answer.
 */

const OPS_TOKEN = 'ops-token-for-the-process-log-test-0123456789';
const PAGE = '/en/categories';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSite(env: Record<string, string> = {}, options: { preload?: string } = {}): Promise<SiteProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'process-log-'));
  const site = await startSiteProcess({ DATA_DIR: dataDir, OPS_TOKEN, ...env }, options);
  cleanups.push(async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return site;
}

const lines = (site: SiteProcess): LogLine[] =>
  site
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** `count` requests for the cached page, ten at a time, each with its own request id; resolves with the ids. */
async function requestPage(site: SiteProcess, count: number, prefix: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(6, '0')}`);
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map(async (id) => {
        const res = await fetch(site.url + PAGE, { headers: { 'x-request-id': id } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
      }),
    );
  }
  return ids;
}

const requestIds = (site: SiteProcess) => new Set(lines(site).flatMap((line) => (line.msg === 'request completed' ? [line.reqId as string] : [])));

async function droppedLines(site: SiteProcess): Promise<number> {
  const metrics = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).text();
  return Number(/^site_log_lines_dropped_total (\d+)$/m.exec(metrics)?.[1]);
}

describe('the process log', () => {
  it('writes a line logged alone, with nothing after it to fill a batch', { timeout: 60_000 }, async () => {
    const site = await startSite();
    const [id] = await requestPage(site, 1, 'alone');
    await until('the line of the one request is written', () => requestIds(site).has(id!));
  });

  it('writes every line logged before SIGTERM, then exits 0', { timeout: 60_000 }, async () => {
    const site = await startSite();
    const ids = await requestPage(site, 300, 'term');
    site.child.kill('SIGTERM');
    expect(await site.exited).toBe(0);
    const written = requestIds(site);
    expect(ids.filter((id) => !written.has(id))).toEqual([]);
    expect(lines(site).at(-1)?.msg).toBe('stopped');
  });

  it('writes every line logged before an error nothing caught, and the error, then exits 1', { timeout: 60_000 }, async () => {
    const site = await startSite({}, { preload: './tests/support/crash-on-signal.ts' });
    const ids = await requestPage(site, 300, 'fatal');
    site.child.kill('SIGUSR2');
    expect(await site.exited).toBe(1);
    const written = requestIds(site);
    expect(ids.filter((id) => !written.has(id))).toEqual([]);
    expect(lines(site).at(-1)).toMatchObject({
      level: 60,
      msg: 'uncaught exception: the process stops',
      err: { message: 'an error nothing caught, thrown for the test' },
    });
  });

  it('exits 1 on an error nothing caught even while its destination takes nothing', { timeout: 60_000 }, async () => {
    const site = await startSite({}, { preload: './tests/support/crash-on-signal.ts' });
    await requestPage(site, 1, 'warm');
    // The reader stops: the pipe fills, and what the log holds can never be written.
    site.child.stdout!.pause();
    await requestPage(site, 2000, 'stalled');
    site.child.kill('SIGUSR2');
    expect(await site.exited).toBe(1);
  });

  it("stops, its error logged, when the content API's thread ends without being asked", { timeout: 60_000 }, async () => {
    const site = await startSite({}, { preload: './tests/support/end-threads-on-signal.ts' });
    await requestPage(site, 1, 'before');
    site.child.kill('SIGUSR2');
    expect(await site.exited).toBe(1);
    expect(lines(site).at(-1)).toMatchObject({
      level: 60,
      msg: 'uncaught exception: the process stops',
      err: { message: "the content API's thread stopped (exit code 1)" },
    });
  });

  it('answers while its destination takes nothing; what its buffer cannot hold is dropped, counted and said', { timeout: 120_000 }, async () => {
    const site = await startSite({ LOG_BUFFER_KB: '64' });
    await requestPage(site, 1, 'warm');
    // The log's reader stops reading: once the pipe and the reader's buffer are full, the site can
    // write nothing more. Every request is answered all the same.
    site.child.stdout!.pause();
    const ids = await requestPage(site, 4000, 'stalled');
    const dropped = await droppedLines(site);
    expect(dropped).toBeGreaterThan(0);

    site.child.stdout!.resume();
    const warned = () => lines(site).filter((line) => line.msg === 'log lines dropped: the log destination took them slower than they came');
    await until('the drops are reported', () => warned().reduce((sum, line) => sum + (line.droppedLines as number), 0) === dropped);
    expect(warned()[0]).toMatchObject({ level: 40, bufferBytes: 64 * 1024 });
    // Each request's line was either written or counted as dropped: nothing else was lost.
    const written = requestIds(site);
    expect(ids.filter((id) => written.has(id)).length + dropped).toBe(ids.length);
    expect(await droppedLines(site)).toBe(dropped);
  });
});
