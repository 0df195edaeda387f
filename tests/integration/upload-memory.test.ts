import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../support/raw-http';
import { startSiteProcess, type SiteProcess } from '../support/site-process';
import { until } from '../support/until';

/**
 * Memory returns after uploads (issue 24, point 10): the site's build as its own process, with the
 * runtime `npm start` and the image give it (scripts/runtime-env.mjs), takes photo posts stored whole and a
 * crowd of multipart posts that never finish, then its resident memory comes back to within 30 MB of
 * what it was before them. (scripts/probes/upload-memory.ts measures the probes in full.)
 */

const MARGIN_MB = 30;
let site: SiteProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'upload-memory-'));
  site = await startSiteProcess({ DATA_DIR: dataDir, FORM_RATE_LIMIT_MAX: '1000', PHOTO_LIMIT_MB: '10000', PHOTO_DECODE_LIMIT_S: '86400' }, { built: true });
}, 60_000);
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${site.child.pid}/status`, 'utf8'))![1]) / 1024;
const BOUNDARY = 'memory-boundary';
const fields = () => ({
  phone: '041 333 444',
  streetAddress: 'Gozdna pot 7',
  postalCode: '2380',
  town: 'Slovenj Gradec',
  content: `Spomin ${Math.random()}`,
  terms: 'on',
});

function multipart(photos: Buffer[], { closed }: { closed: boolean }): Buffer {
  const parts: Uint8Array[] = Object.entries(fields()).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const [i, photo] of photos.entries())
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${i}.jpg"\r\n\r\n`), photo, Buffer.from('\r\n'));
  if (closed) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** The status of one post sent whole on its own connection. */
async function send(body: Buffer): Promise<number | null> {
  const head = `POST /sl/servis HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return sendRaw(site.url, head, body);
}

describe('memory after uploads', () => {
  it.skipIf(process.platform !== 'linux')(
    'comes back to within 30 MB once the site is idle',
    async () => {
      for (const page of ['/sl', '/sl/servis', '/sitemap.xml']) await (await fetch(`${site.url}${page}`)).arrayBuffer();
      const before = rssMb();

      // Photos of fine detail, stored whole: decoded, re-encoded, kept in the outbox, delivered, mailed.
      const photo = await sharp({
        create: { width: 2560, height: 1920, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      for (let i = 0; i < 4; i++) expect(await send(multipart([photo, photo, photo, photo, photo], { closed: true }))).toBe(303);
      // A crowd of posts whose parse can never end, each refused once read.
      const unfinished = await Promise.all(Array.from({ length: 100 }, () => send(multipart([randomBytes(1024 * 1024)], { closed: false }))));
      expect(new Set(unfinished)).toEqual(new Set([400]));
      const after = rssMb();

      await until(
        `RSS back within ${MARGIN_MB} MB of ${before.toFixed(0)} MB (it was ${after.toFixed(0)} MB after the uploads)`,
        () => rssMb() - before <= MARGIN_MB,
        90_000,
      );
    },
    300_000,
  );
});
