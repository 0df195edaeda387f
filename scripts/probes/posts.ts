/**
 * What the probes post: a service request with photos, as a browser without JavaScript sends it
 * (multipart, from the site's own page), and the photos themselves, made with sharp and kept in the
 * system's temp folder between runs (an AVIF of 7000 × 7000 takes a while to encode).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export type Photo = { name: string; bytes: Buffer };

const FIXTURES = path.join(os.tmpdir(), 'probe-fixtures');

async function cached(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(FIXTURES, name);
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(FIXTURES, { recursive: true });
  const bytes = await make();
  writeFileSync(file, bytes);
  return bytes;
}

/**
 * The AVIF bomb: 7000 × 7000 pixels (49 MP, under the 50 MP limit every format had) of one
 * colour, a kilobyte or two of file.
 */
export const avifBomb = () =>
  cached('bomb-7000.avif', () =>
    sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#d0e0f0' }, limitInputPixels: false })
      .avif({ quality: 30, effort: 0 })
      .toBuffer(),
  );

/**
 * A photo at its worst for the mailbox: about 4 MB of fine detail (noise) that re-encodes to near the
 * 2.5 MB the site stores at most (server/site/photos/prepare.ts), as the photos did.
 */
export const phonePhoto = () =>
  cached('detail-4mb.jpg', () =>
    sharp({ create: { width: 2560, height: 1920, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .jpeg({ quality: 95 })
      .toBuffer(),
  );

/** A small real photo (a visitor's usual upload, quick to decode). */
export const smallPhoto = () =>
  cached('small.jpg', () =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a07040', noise: { type: 'gaussian', mean: 110, sigma: 20 } } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );

export const BOUNDARY = 'probe-boundary-4c1d';
const SERVICE_PATH = '/sl/servis';

/** The fields of a valid service request; each post describes a new fault, so none is a double submit. */
function serviceFields(): Record<string, string> {
  return {
    phone: '041 333 444',
    email: `probe.${randomUUID().slice(0, 8)}@example.com`,
    streetAddress: 'Gozdna pot 7',
    postalCode: '2380',
    town: 'Slovenj Gradec',
    content: `Roleta se ne odpre do konca (${randomUUID()}).`,
    terms: 'on',
  };
}

/** A multipart service request with these photos, whole: its body, and the head that announces it. */
export function servicePost(photos: Photo[], fields = serviceFields()): { head: string; body: Buffer } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const photo of photos) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${photo.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    parts.push(photo.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(parts);
  return { head: postHead(SERVICE_PATH, body.length), body };
}

export function postHead(pathname: string, length: number, type = `multipart/form-data; boundary=${BOUNDARY}`): string {
  return `POST ${pathname} HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
}

export type Answer = { status: number | null; ms: number; error?: string };

/**
 * Sends `head` and `body` on a connection of its own and waits for the answer's status line (null
 * when the connection ends without one, or `giveUpMs` passes; the connection is then closed). A body
 * shorter than its head announces leaves the connection open and waiting, as a client that stalled.
 */
export function send(url: string, head: string, body: Buffer, { giveUpMs = 120_000 }: { giveUpMs?: number } = {}): Promise<Answer> {
  const { hostname, port } = new URL(url);
  const start = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let done = false;
    const finish = (status: number | null, error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, ms: Math.round(performance.now() - start), ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish(null, 'no answer'), giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body);
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status && received.includes('\r\n\r\n')) finish(Number(status[1]));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code ?? error.message));
    socket.on('close', () => finish(null, 'closed'));
  });
}
