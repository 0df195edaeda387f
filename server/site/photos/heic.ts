import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * HEIC (HEVC in a HEIF file, what iPhones take) decoded to RGBA pixels. sharp's prebuilt libvips reads
 * HEIF only with AV1 (AVIF); heic-decode runs libheif compiled to WebAssembly. It runs in a worker
 * thread made for one photo and ended after it: the decode (a second or more of a core) never blocks
 * the pages, and the WebAssembly memory it grew (it never shrinks) goes with the thread.
 */

export interface RawImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The HEIF brands heic-decode reads (HEVC): the file's `ftyp` box names one. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

export function isHeic(head: Buffer): boolean {
  if (head.length < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return false;
  return HEVC_BRANDS.has(head.toString('latin1', 8, 12));
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.module);
(async () => {
  const images = await decode.all({ buffer: workerData.buffer });
  try {
    const first = images[0];
    // Refused before any pixel is made: a small file may claim a huge image.
    if (first.width * first.height > workerData.maxPixels) return parentPort.postMessage({ error: 'too many pixels' });
    const { width, height, data } = await first.decode();
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ width, height, data: pixels }, [pixels.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

const heicModule = createRequire(import.meta.url).resolve('heic-decode');

/** Decodes the first image of a HEIC file; rejects when it is none, has more than `maxPixels`, or takes longer than `timeoutMs`. */
export function decodeHeic(file: Buffer, { maxPixels, timeoutMs }: { maxPixels: number; timeoutMs: number }): Promise<RawImage> {
  const buffer = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module: heicModule, buffer, maxPixels },
    // The JavaScript side is small; the pixels live in WebAssembly memory, bounded by maxPixels.
    resourceLimits: { maxOldGenerationSizeMb: 32 },
  });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<RawImage>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error('HEIC decoding timed out')), timeoutMs);
    worker.once('message', (message: { error?: string } & Partial<RawImage>) => {
      if (message.error || !message.data || !message.width || !message.height) reject(new Error(message.error ?? 'HEIC decoding failed'));
      else resolve({ width: message.width, height: message.height, data: message.data });
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('HEIC decoder stopped')));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}
