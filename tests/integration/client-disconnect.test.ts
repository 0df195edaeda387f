import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPurge } from '../../server/lib/purge-signature';
import { startCms, type RunningCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { pathTo } from '../../shared/routes';
import { collectingLogger, DEBUG } from '../support/log-lines';
import { startUpstreamProxy, type UpstreamProxy } from '../support/upstream-proxy';
import { until } from '../support/until';
import { startTestSite } from './helpers';
import { RENDERS_AT_ONCE } from '../../server/site/render/render-slots';

/**
 * A client that disconnects while its page renders is no error: the render stops (a shared one
 * finishes for the cache), nothing above debug is logged, and no timer, socket or listener is left.
 * The upstream is slowed down so every render is still loading its data when the clients leave.
 */

const SECRET = 'a-long-shared-secret-for-the-purge-webhook';
const FAQ = pathTo('faq', 'en');

/** Counts of the process's live handles and requests by kind (timers, sockets, servers...). */
function activeResources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

const within = (now: Map<string, number>, baseline: Map<string, number>) => [...now].every(([kind, n]) => n <= (baseline.get(kind) ?? 0));

describe('clients that disconnect mid-render', () => {
  const log = collectingLogger('debug');
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => void warnings.push(warning);
  let cmsDir: string;
  let cms: RunningCms;
  let proxy: UpstreamProxy;
  let site: Awaited<ReturnType<typeof startTestSite>>;
  let port: number;

  beforeAll(async () => {
    cmsDir = mkdtempSync(path.join(os.tmpdir(), 'disconnect-cms-'));
    cms = await startCms({ dataDir: cmsDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
    proxy = await startUpstreamProxy(cms.url);
    site = await startTestSite({ UPSTREAM_URL: proxy.url, CACHE_PURGE_SECRET: SECRET }, log.logger);
    port = (site.server.address() as AddressInfo).port;
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await site?.stop();
    await proxy?.close();
    await cms?.close();
    rmSync(cmsDir, { recursive: true, force: true });
  });

  const answered: string[] = [];

  /** A GET whose client goes away when `leave` resolves; resolves once its socket is closed. */
  function impatient(url: string, leave: Promise<void>): Promise<void> {
    return new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: url, agent: false });
      req.on('response', () => void answered.push(url));
      req.on('error', () => {});
      req.on('close', () => resolve());
      void leave.then(() => req.destroy());
    });
  }

  /** Resolves once the site's HTTP server has received `count` more requests. */
  function requestsReceived(count: number): Promise<void> {
    let received = 0;
    const onRequest = () => void received++;
    site.server.on('request', onRequest);
    return until(`${count} requests to arrive`, () => received >= count).finally(() => site.server.off('request', onRequest));
  }

  it(
    'stops the renders of clients that left, never starts those still waiting for a slot, logs nothing above debug, and leaves nothing behind',
    { timeout: 60_000 },
    async () => {
      // Every page and piece of upstream data is loaded once, so the baseline holds what a warm site holds.
      for (const url of [FAQ, `${FAQ}/_payload.json`, '/en/blog']) expect((await fetch(`${site.url}${url}`)).status).toBe(200);
      const baseline = activeResources();

      // The site forgets the upstream's answers (the purge names no page), and the upstream holds its answers.
      const body = JSON.stringify({ paths: ['/nothing-cached-here'] });
      const purged = await fetch(`${site.url}/api/cache/purge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signPurge(SECRET, body) },
        body,
      });
      expect(purged.status).toBe(200);
      const release = proxy.hold();
      const from = log.lines.length;
      const fromHere = () => log.lines.slice(from);
      const count = (msg: string) => fromHere().filter((l) => l.msg === msg).length;

      let leave!: () => void;
      const left = new Promise<void>((resolve) => (leave = resolve));
      // As many renders as run at once (render-slots.ts): one shared, the rest each visitor's own.
      const own = RENDERS_AT_ONCE - 1;
      const clients = [
        // One render shared by twenty visitors who all leave: it finishes, for the cache.
        ...Array.from({ length: 20 }, () => impatient('/de/blog', left)),
        // Rendered for each visitor (free input, the FAQ's filter, is never shared): these renders must stop.
        ...Array.from({ length: own }, (_, i) => impatient(i % 2 ? `${FAQ}?q=motor-${i}` : `${FAQ}/_payload.json?q=motor-${i}`, left)),
      ];
      // Every render is under way, waiting for the upstream, when everyone leaves.
      await until('every render to start', () => count('render started') === RENDERS_AT_ONCE);
      // Ten more wait for a slot: they leave (first) before they have one, and are never rendered.
      const arrived = requestsReceived(10);
      let leaveWaiting!: () => void;
      const waitingLeft = new Promise<void>((resolve) => (leaveWaiting = resolve));
      const waiting = Array.from({ length: 10 }, (_, i) => impatient(`${FAQ}?q=waiting-${i}`, waitingLeft));
      await arrived;
      leaveWaiting();
      await Promise.all(waiting);
      await until('the server saw them leave', () => count('request aborted') === waiting.length);
      leave();
      await Promise.all(clients);
      expect(answered).toEqual([]);
      await until('the request log of every client that left', () => count('request aborted') === clients.length + waiting.length);
      await until('every visitor’s render to stop', () => count('render stopped: the client went away') === own);

      // The shared render was not stopped by its visitors leaving: once the upstream answers, its page is in the cache.
      release();
      await until('the shared page in the cache', async () => (await fetch(`${site.url}/de/blog`)).headers.get('x-cache') === 'HIT');
      expect(count('render started')).toBe(RENDERS_AT_ONCE);

      // No timer is left: well before a render's 10-s timer would fire (sockets may take a keep-alive
      // timeout to close), the process is back where it was.
      const timers = (resources: Map<string, number>) => new Map([...resources].filter(([kind]) => kind === 'Timeout'));
      await until('the timers to return to the baseline', () => within(timers(activeResources()), timers(baseline)), 3000);
      await until('the handles to return to the baseline', () => within(activeResources(), baseline), 20_000);
      // Above debug: only the request log of this test's own complete requests.
      expect(fromHere().filter((l) => l.level > DEBUG && l.msg !== 'request completed')).toEqual([]);
      expect(warnings).toEqual([]);
    },
  );

  it('finishes a shared render for the visitors who wait when the one who started it and others leave', async () => {
    const from = log.lines.length;
    const renders = () => log.lines.slice(from).filter((l) => l.msg === 'render started' && l.path === '/sl/blog').length;
    const release = proxy.hold();
    let leave!: () => void;
    const left = new Promise<void>((resolve) => (leave = resolve));
    // The first to ask starts the render (the upstream holds it); then five more wait and five give up.
    const starter = impatient('/sl/blog?page=2', left);
    await until('the render to start', () => renders() === 1);
    const arrived = requestsReceived(10);
    const patient = Array.from({ length: 5 }, () => fetch(`${site.url}/sl/blog?page=2`));
    const quitters = Array.from({ length: 5 }, () => impatient('/sl/blog?page=2', left));
    await arrived;
    leave();
    await Promise.all([starter, ...quitters]);
    release();
    const answers = await Promise.all(patient);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1);
    expect(renders()).toBe(1);
    expect(log.lines.slice(from).filter((l) => l.msg === 'render stopped: the client went away')).toEqual([]);
  });
});
