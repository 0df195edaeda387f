import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryBudgetStore } from '../../server/site/photos/client-budget';
import {
  DECODE_MEMORY_BYTES,
  MAX_INPUT_PIXELS,
  photoPreparer,
  pixelBudget,
  reencode,
  type Decodable,
  type PhotoPreparerOptions,
} from '../../server/site/photos/prepare';
import { until } from '../support/until';
import type { UploadedPhoto } from '../../server/site/photos/upload';

/**
 * The decoder takes posts a bounded number at a time: `concurrency` decode, `waiting` more wait their
 * turn, and one more is told at once that it is busy (the form then answers 503 and keeps the values),
 * rather than every post of a flood holding its files and its visitor. Each image is refused from its
 * header when decoding it would cost its format's decoder more than the memory budget, and each client
 * has a budget of decoding time and of stored bytes.
 */
let dir: string;
let photo: UploadedPhoto;
const file = async (name: string, image: Sharp): Promise<string> => {
  const at = path.join(dir, name);
  writeFileSync(at, await image.toBuffer());
  return at;
};
const plain = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 90, g: 110, b: 130, alpha: 0.5 } }, limitInputPixels: false });

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prepare-'));
  photo = { name: 'okno.jpg', path: await file('okno.jpg', plain(1600, 1200).jpeg()), bytes: 0, digest: '' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOUR = 60 * 60_000;
const budgets = (decodeMs = HOUR, bytes = 1e9): Pick<PhotoPreparerOptions, 'decodeMs' | 'bytes'> => ({
  decodeMs: { store: memoryBudgetStore(HOUR), max: decodeMs },
  bytes: { store: memoryBudgetStore(HOUR), max: bytes },
});
const client = { client: '203.0.113.7' };
const AVIF = { format: 'heif', compression: 'av1', isProgressive: false, channels: 3, depth: 'uchar' } as const;

describe('the photo decoder', () => {
  /** The real decoder, held until `release`: a test knows which posts decode and which wait. */
  function heldDecoder() {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    return {
      decode: async (file: string, how: Decodable) => (started++, await gate, reencode(file, how)),
      started: () => started,
      release: () => release(),
    };
  }

  it('takes `concurrency` + `waiting` posts at a time and answers the next one busy', async () => {
    const decoder = heldDecoder();
    const preparer = photoPreparer({ concurrency: 1, waiting: 1, ...budgets(), decode: decoder.decode });
    const first = preparer.prepare([photo], client);
    await until('the first post is being decoded', () => decoder.started() === 1);
    // Two more: whichever has its header read first waits for the decoder, the other finds the line full
    // and is answered at once (the one waiting cannot be answered before the decoder is released).
    const next = [preparer.prepare([photo], client), preparer.prepare([photo], client)];
    expect(await Promise.race(next)).toEqual({ ok: false, busy: true });
    decoder.release();
    expect(await first).toMatchObject({ ok: true, photos: [{ name: 'okno.jpg', type: 'image/jpeg' }] });
    const answers = await Promise.all(next);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    // Once they are done, it takes posts again.
    expect(await preparer.prepare([photo], client)).toMatchObject({ ok: true });
  });

  it('refuses a post whose photo no decoder may take from its header, without a place in the line', async () => {
    const decoder = heldDecoder();
    const preparer = photoPreparer({ concurrency: 1, waiting: 0, ...budgets(), decode: decoder.decode });
    const first = preparer.prepare([photo], client);
    await until('the first post is being decoded', () => decoder.started() === 1);
    const side = Math.ceil(Math.sqrt(pixelBudget(AVIF))) + 16;
    const bomb = { ...photo, name: 'bomba.avif', path: await file('bomba.avif', plain(side, side).avif({ quality: 30, effort: 0 })) };
    expect(await preparer.prepare([photo, bomb], client)).toEqual({ ok: false, name: 'bomba.avif', reason: 'notAnImage' });
    decoder.release();
    expect(await first).toMatchObject({ ok: true });
  });

  it('decodes nothing for a post that was answered while it waited (its deadline, its visitor gone)', async () => {
    const decoder = heldDecoder();
    const preparer = photoPreparer({ concurrency: 1, ...budgets(), decode: decoder.decode });
    const answered = new AbortController();
    const first = preparer.prepare([photo], client);
    await until('the first post is being decoded', () => decoder.started() === 1);
    const waiting = preparer.prepare([photo, photo], { ...client, signal: answered.signal });
    answered.abort();
    decoder.release();
    expect(await first).toMatchObject({ ok: true });
    expect(await waiting).toEqual({ ok: false, busy: true });
    expect(decoder.started()).toBe(1);
  });
});

describe("a client's budgets", () => {
  it('refuses the photos of a client whose decoding time is spent, without decoding them, and no one else’s', async () => {
    const { decodeMs, bytes } = budgets(1);
    const preparer = photoPreparer({ decodeMs, bytes });
    // The first photo is decoded (the budget was not spent before it); the second finds it spent.
    expect(await preparer.prepare([photo, { ...photo, name: 'second.jpg' }], client)).toEqual({ ok: false, name: 'second.jpg', reason: 'overBudget' });
    expect(await decodeMs.store.used(client.client)).toBeGreaterThan(1);
    expect(await preparer.prepare([photo], { client: '203.0.113.8' })).toMatchObject({ ok: true });
  });

  it('keeps photos while their bytes fit in the hour, then refuses the next posts before decoding them', async () => {
    const { decodeMs, bytes } = budgets(HOUR, 100_000);
    const preparer = photoPreparer({ decodeMs, bytes });
    const prepared = await preparer.prepare([photo], client);
    if (!prepared.ok) throw new Error('not prepared');
    const size = prepared.photos[0]!.bytes.length;
    expect(size).toBeLessThan(50_000);
    expect(await preparer.keep(prepared.photos, client.client)).toBe(true);
    expect(await bytes.store.used(client.client)).toBe(size);
    // What does not fit spends the rest of the hour: the next post is refused before it is decoded.
    expect(await preparer.keep([{ bytes: Buffer.alloc(100_000) }], client.client)).toBe(false);
    expect(await bytes.store.used(client.client)).toBeGreaterThan(100_000);
    const spentBefore = await decodeMs.store.used(client.client);
    expect(await preparer.prepare([photo], client)).toEqual({ ok: false, name: 'okno.jpg', reason: 'overBudget' });
    expect(await decodeMs.store.used(client.client)).toBe(spentBefore);
  });

  it('starts a client over once its window has passed', async () => {
    let now = 0;
    const store = memoryBudgetStore(1000, () => now);
    expect(await store.add('a', 5, 5)).toBe(true);
    expect(await store.add('a', 1, 5)).toBe(false);
    now = 1000;
    expect(await store.used('a')).toBe(0);
    expect(await store.add('a', 5, 5)).toBe(true);
  });
});

describe('the pixel budget of each format', () => {
  it('follows what its decoder holds per pixel: a streaming JPEG its 50 MP, an AVIF about 4 MP', () => {
    expect(pixelBudget({ format: 'jpeg', isProgressive: false, channels: 3, depth: 'uchar' })).toBe(MAX_INPUT_PIXELS);
    expect(pixelBudget({ format: 'png', isProgressive: false, channels: 4, depth: 'uchar' })).toBe(MAX_INPUT_PIXELS);
    expect(pixelBudget({ format: 'webp', isProgressive: false, channels: 3, depth: 'uchar' })).toBe(MAX_INPUT_PIXELS);
    expect(pixelBudget({ format: 'jpeg', isProgressive: true, channels: 3, depth: 'uchar' })).toBe(DECODE_MEMORY_BYTES / 4);
    expect(pixelBudget({ format: 'png', isProgressive: true, channels: 4, depth: 'ushort' })).toBe(DECODE_MEMORY_BYTES / 10);
    expect(pixelBudget(AVIF)).toBe(Math.floor(DECODE_MEMORY_BYTES / 25));
    expect(pixelBudget(AVIF)).toBeLessThan(4.5e6);
    expect(pixelBudget({ format: 'gif', isProgressive: false, channels: 3, depth: 'uchar' })).toBe(0);
  });

  it('refuses an AVIF over its budget from its header at once, and takes one within it', async () => {
    const side = Math.ceil(Math.sqrt(pixelBudget(AVIF))) + 16;
    const over = await file('over.avif', plain(side, side).avif({ quality: 30, effort: 0 }));
    const start = performance.now();
    await expect(reencode(over)).rejects.toThrow(/pixel budget/);
    expect(performance.now() - start).toBeLessThan(1000);
    const within = await file('within.avif', plain(1600, 1200).avif({ quality: 30, effort: 0 }));
    expect((await sharp(await reencode(within)).metadata()).format).toBe('jpeg');
  });

  it('refuses a progressive JPEG over its budget, and takes a baseline one of the same size', async () => {
    const [width, height] = [6000, 5000];
    await expect(reencode(await file('progressive.jpg', plain(width, height).jpeg({ progressive: true })))).rejects.toThrow(/pixel budget/);
    const baseline = await reencode(await file('baseline.jpg', plain(width, height).jpeg()));
    expect(await sharp(baseline).metadata()).toMatchObject({ format: 'jpeg', width: 2560, height: 2133 });
  });

  it('encodes a 16-bit PNG with alpha as an 8-bit JPEG over white', async () => {
    const deep = await file('deep.png', plain(800, 600, 4).toColourspace('rgb16').png());
    const { data, info } = await sharp(await reencode(deep))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 800, height: 600, channels: 3 });
    // Half-transparent (90, 110, 130) over white.
    expect([...data.subarray(0, 3)].map((v) => Math.round(v / 10))).toEqual([17, 18, 19]);
  });
});
