import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type RunningCms } from '../../server/cms/server';
import { REFUSAL_PAUSE_MS } from '../../server/site/http/admission-queue';
import { CONTENT_DIR } from '../../server/lib/paths';
import { RENDERS_AT_ONCE, RENDERS_WAITING } from '../../server/site/render/render-slots';
import { startUpstreamProxy, type UpstreamProxy } from '../support/upstream-proxy';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * What a crowd of cache misses can make the process hold is bounded (issue 24, point 11): renders for
 * visitors run RENDERS_AT_ONCE at a time and RENDERS_WAITING wait; one more is answered 503 with
 * Retry-After and the static error page, rendering nothing, while cached pages are answered as ever.
 */

let cms: RunningCms;
let cmsDir: string;
let proxy: UpstreamProxy;
let site: Awaited<ReturnType<typeof startTestSite>>;

beforeAll(async () => {
  cmsDir = mkdtempSync(path.join(os.tmpdir(), 'render-slots-cms-'));
  cms = await startCms({ dataDir: cmsDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  proxy = await startUpstreamProxy(cms.url);
  site = await startTestSite({ UPSTREAM_URL: proxy.url });
});

afterAll(async () => {
  await site?.stop();
  await proxy?.close();
  await cms?.close();
  rmSync(cmsDir, { recursive: true, force: true });
});

describe('renders for visitors', () => {
  it('run a few at a time, let more wait, and shed the rest with 503, Retry-After and the static error page', async () => {
    await request(site.server).get('/en').expect(200);
    const release = proxy.hold();
    // Each a page no one has asked for: a render of its own, waiting for the content API's answer.
    const misses = Array.from({ length: RENDERS_AT_ONCE + RENDERS_WAITING }, (_, i) =>
      request(site.server)
        .get(`/en/product/not-yet-${i}`)
        .then((res) => res.status),
    );
    const asked = Date.now();
    await until('the queue is full', async () => {
      const res = await request(site.server).get('/en/product/one-too-many');
      return res.status === 503;
    });
    const shed = await request(site.server).get('/en/product/one-too-many-again');
    expect(Date.now() - asked).toBeGreaterThanOrEqual(REFUSAL_PAUSE_MS - 10);
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.headers['cache-control']).toBe('no-store');
    expect(shed.text).toContain('error-page');
    // A cached page is answered before any of this.
    expect((await request(site.server).get('/en')).headers['x-cache']).toBe('HIT');
    release();
    expect(new Set(await Promise.all(misses))).toEqual(new Set([404]));
    // Once the queue has emptied, renders are taken again.
    expect((await request(site.server).get('/en/product/one-too-many')).status).toBe(404);
  });
});
