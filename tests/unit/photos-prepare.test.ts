import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoPreparer } from '../../server/photos/prepare';
import type { UploadedPhoto } from '../../server/photos/upload';

/**
 * The decoder takes posts a bounded number at a time: `concurrency` decode, `waiting` more wait their
 * turn, and one more is told at once that it is busy (the form then answers 503 and keeps the values),
 * rather than every post of a flood holding its files and its visitor.
 */
let dir: string;
let photo: UploadedPhoto;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prepare-'));
  const file = path.join(dir, 'okno.jpg');
  writeFileSync(file, await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#556677' } }).jpeg().toBuffer());
  photo = { name: 'okno.jpg', path: file, bytes: 0, digest: '' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the photo decoder', () => {
  it('takes `concurrency` + `waiting` posts at a time and answers the next one busy', async () => {
    const preparer = photoPreparer({ concurrency: 1, waiting: 1 });
    const [first, second, third] = await Promise.all([preparer.prepare([photo]), preparer.prepare([photo]), preparer.prepare([photo])]);
    expect(first).toMatchObject({ ok: true, photos: [{ name: 'okno.jpg', type: 'image/jpeg' }] });
    expect(second).toMatchObject({ ok: true });
    expect(third).toEqual({ ok: false, busy: true });
    // Once they are done, it takes posts again.
    expect(await preparer.prepare([photo])).toMatchObject({ ok: true });
  });
});
