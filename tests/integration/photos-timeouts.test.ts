import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type RunningCms } from '../../server/cms/server';
import { loadConfig } from '../../server/site/settings';
import { CONTENT_DIR } from '../../server/lib/paths';
import { embeddedContentApi } from '../../server/embedded';
import { startSite } from '../../server/site/server';
import { rawConnection } from '../support/raw-http';
import { startUpstreamProxy, type UpstreamProxy } from '../support/upstream-proxy';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * Uploads that stop arriving or are never answered hold nothing (issue 15, part 5; issue 24, point 3):
 * every post is answered within POST_TIMEOUT_S of its arrival, a photo post that stalls with 408 and
 * its connection closed, one whose work is held with 503; one whose sender goes away mid-photo ends
 * there. Either way the photo's temporary file is gone, and the site answers others meanwhile. The
 * files live in the site's own folder, DATA_DIR/uploads, never in the system's temp folder, and what
 * a killed process left there is removed when the next one starts.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
let tmp: string;
const previousTmp = process.env.TMPDIR;
beforeAll(async () => {
  // The system's temp folder is this file's own: the site must leave it alone.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'photos-timeouts-'));
  process.env.TMPDIR = tmp;
  site = await startTestSite({ HEADERS_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '2', POST_TIMEOUT_S: '2', FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await site?.stop();
  process.env.TMPDIR = previousTmp;
  rmSync(tmp, { recursive: true, force: true });
});

const uploadsLeft = () => readdirSync(path.join(site.dataDir, 'uploads'));
const BOUNDARY = 'photo-boundary-7d3a';

/** The start of a multipart service request: its fields, then the head of a photo part and `photoBytes` of it. */
function partialPost(photoBytes: number): { head: string; body: Buffer; length: number } {
  // Never decoded (the post never ends): any bytes will do.
  const photo = randomBytes(256 * 1024);
  const fields = { phone: '+386 40 123 456', streetAddress: 'Gozdna pot 7', postalCode: '2380', town: 'Slovenj Gradec', content: 'Počasi', terms: 'on' };
  const text = Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const partHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="okno.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const whole = Buffer.concat([Buffer.from(text + partHead), photo, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const head =
    `POST /sl/servis HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${whole.length}\r\n\r\n`;
  return { head, body: whole.subarray(0, Buffer.byteLength(text + partHead) + photoBytes), length: whole.length };
}

describe('photo uploads that stop arriving', () => {
  it('are answered 408 within the deadline, their connection closed and their files gone, in the site’s own folder', async () => {
    const { head, body } = partialPost(64 * 1024);
    const connection = await rawConnection(site.url);
    connection.write(head);
    connection.write(body.toString('latin1'));
    await until('the photo is being written', () => uploadsLeft().length === 1, 2000);
    // Nothing of the site's in the temp folder but the test site's own data folder.
    expect(readdirSync(tmp).filter((name) => name !== path.basename(site.dataDir))).toEqual([]);
    // The site answers others while the upload hangs.
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    await connection.whenClosed(6000);
    const [answer] = connection.responses();
    expect(answer!.status).toBe(408);
    expect(answer!.headers.connection).toBe('close');
    await until('the upload folder is gone', () => uploadsLeft().length === 0, 2000);
  });

  it('end when the sender goes away mid-photo, keeping nothing', async () => {
    const { head, body } = partialPost(32 * 1024);
    const connection = await rawConnection(site.url);
    connection.write(head);
    connection.write(body.toString('latin1'));
    await until('the photo is being written', () => uploadsLeft().length === 1, 2000);
    connection.destroy();
    await until('the upload folder is gone', () => uploadsLeft().length === 0, 2000);
    expect((await fetch(`${site.url}/sl/servis`)).status).toBe(200);
  });
});

describe('upload folders a killed process left', () => {
  it('are removed when the site starts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photos-leftovers-'));
    const left = path.join(dataDir, 'uploads', 'post-left-by-a-killed-process');
    mkdirSync(left, { recursive: true });
    writeFileSync(path.join(left, '0'), randomBytes(1024));
    const environment = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', HTML_CACHE_REFILL_CONCURRENCY: '0' };
    const config = loadConfig(environment);
    const started = await startSite(config, pino({ level: 'silent' }), { startContentApi: embeddedContentApi(config, environment) });
    try {
      expect(readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
    } finally {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a post whose work is held', () => {
  let cmsDir: string;
  let cms: RunningCms;
  let proxy: UpstreamProxy;
  let held: Awaited<ReturnType<typeof startTestSite>>;
  beforeAll(async () => {
    cmsDir = mkdtempSync(path.join(os.tmpdir(), 'deadline-cms-'));
    cms = await startCms({ dataDir: cmsDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
    proxy = await startUpstreamProxy(cms.url);
    // The upstream's own timeout far past the post's deadline: only the deadline can answer.
    held = await startTestSite({ UPSTREAM_URL: proxy.url, UPSTREAM_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_S: '2', POST_TIMEOUT_S: '2', HEADERS_TIMEOUT_S: '1' });
  });
  afterAll(async () => {
    await held?.stop();
    await proxy?.close();
    await cms?.close();
    rmSync(cmsDir, { recursive: true, force: true });
  });

  it('is answered 503 at its deadline, with the static error page, while the content API still holds it', async () => {
    // The layout's data is cached first: the page itself could answer without the content API.
    expect((await fetch(`${held.url}/sl/servis`)).status).toBe(200);
    const release = proxy.hold();
    try {
      // A signed-in visitor's request: its action asks the content API for a grant, and waits.
      const answer = await fetch(`${held.url}/sl/servis`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin', cookie: `sid=${'s'.repeat(43)}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          phone: '041 333 444',
          email: 'ana@example.com',
          streetAddress: 'Gozdna pot 7',
          postalCode: '2380',
          town: 'Slovenj Gradec',
          content: 'Ne dela.',
          terms: 'on',
        }),
        redirect: 'manual',
      });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.headers.get('connection')).toBe('close');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.text()).toContain('<html');
    } finally {
      release();
    }
  });
});
