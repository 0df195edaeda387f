import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawConnection } from '../support/raw-http';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * Uploads that stop arriving hold nothing (issue 15, part 5): a photo post that stalls is answered
 * 408 after REQUEST_TIMEOUT_S and its connection closed; one whose sender goes away mid-photo ends
 * there. Either way the photo's temporary file is gone, and the site answers others meanwhile.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
let tmp: string;
const previousTmp = process.env.TMPDIR;
beforeAll(async () => {
  // Uploads go to the system's temporary folder: this test file's own, so what is left there is countable.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'photos-timeouts-'));
  process.env.TMPDIR = tmp;
  site = await startTestSite({ HEADERS_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '2', FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await site?.stop();
  process.env.TMPDIR = previousTmp;
  rmSync(tmp, { recursive: true, force: true });
});

const uploadsLeft = () => readdirSync(tmp).filter((name) => name.startsWith('site-upload-'));
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
  it('are answered 408 after the request timeout, and their files are gone', async () => {
    const { head, body } = partialPost(64 * 1024);
    const connection = await rawConnection(site.url);
    connection.write(head);
    connection.write(body.toString('latin1'));
    await until('the photo is being written', () => uploadsLeft().length === 1, 2000);
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
