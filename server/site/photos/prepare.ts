import { open, readFile } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PHOTO_LIMITS } from '../../../shared/forms/photos';
import { concurrencyLimit, type ConcurrencyLimit } from '../../lib/concurrency-limit';
import type { BudgetStore } from './client-budget';
import { decodeHeic, isHeic } from './heic';
import type { UploadedPhoto } from './upload';

/**
 * Every posted photo is decoded, whatever its name or type says, and what decodes is re-encoded
 * before it is stored: at most PHOTO_LIMITS.longSidePx on its long side, turned upright by its EXIF
 * orientation, as a JPEG without any metadata (sharp writes none unless asked: no EXIF, no GPS, no
 * XMP, no ICC profile beyond sRGB). What does not decode is refused.
 *
 * Decoding is bounded so that no file can stall the site or exhaust its memory
 * (docs/decisions/0034-uploads-under-attack.md):
 * - in memory, by format: an image is refused from its header, before a pixel is decoded, when
 *   decoding it would cost more than DECODE_MEMORY_BYTES (`pixelBudget`: what each decoder really
 *   holds per pixel, measured). A JPEG streams and may have 50 MP; an AVIF is decoded whole, in
 *   several copies, and may have about 4 MP. HEIC has its own bound (heic.ts);
 * - in time: photos are decoded `concurrency` at a time (sharp runs on libuv's thread pool, which also
 *   reads the site's files and compresses its pages; one libvips thread each), each pipeline within
 *   DECODE_TIMEOUT_S, and each client has a budget of decoding time (`decodeMs`), beyond which its
 *   photos are refused without being decoded;
 * - in waiting: at most `waiting` posts queue for the decoder, and a post whose answer was given
 *   without it (its deadline passed, its visitor left) leaves the queue undecoded.
 */

/** No image of more pixels is decoded, whatever its format: a 50-megapixel phone's full-size photo (8160 × 6120). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The most memory decoding one photo may take (concurrency × this, at most, for all of them). */
export const DECODE_MEMORY_BYTES = 100 * 1024 * 1024;
/**
 * A re-encoded photo over this is encoded again at a lower quality: five of them then fit into one
 * notification mail (base64 adds a third: 5 × 2.5 MB is about 17 MB, under the common 25 MB limit).
 */
export const STORED_BYTES_TARGET = 2.5 * 1024 * 1024;
/**
 * HEIC is decoded whole in WebAssembly (about 12 bytes a pixel in all: the HEVC planes, RGBA inside
 * the decoder and RGBA handed out), so 25 megapixels take about 300 MB for a few seconds, in the
 * worker thread that decodes them. That is far over DECODE_MEMORY_BYTES, and kept: iPhones take
 * 24-megapixel HEIC by default since the iPhone 15, and refusing them would refuse most iPhone
 * photos. Their 48-megapixel HEIF (a setting) is refused.
 */
export const MAX_HEIC_PIXELS = 25_000_000;
const QUALITIES = [82, 70, 55] as const;
const HEIC_TIMEOUT_MS = 30_000;
/** One libvips pipeline's longest run; within the pixel budgets a photo takes a second or two. */
const DECODE_TIMEOUT_S = 20;

// libvips's operation cache keeps decoded images for reuse: photos are each seen once. One libvips
// thread per image (its default is one per core): a photo being decoded takes at most one of the two
// cores, and pages keep the other.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Bytes a decoder holds per pixel of an image, from its header (scripts/probes/decode-cost.ts
 * measured each, rounded up): null for a format the site does not take. A baseline JPEG and a PNG
 * without interlacing stream through libvips a few rows at a time (JPEG even decodes at a fraction of
 * its size when it is shrunk); a progressive JPEG keeps every coefficient until its last scan; an
 * interlaced PNG is decoded whole (each channel's samples, and a copy); WebP is decoded whole; AVIF
 * (AV1 in HEIF) holds the AV1 decoder's frames, the planes and RGB, deeper ones at 16 bits.
 */
export function decodeCostPerPixel(meta: Pick<Metadata, 'format' | 'isProgressive' | 'channels' | 'depth' | 'compression'>): number | null {
  const sampleBytes = meta.depth === 'ushort' ? 2 : 1;
  switch (meta.format) {
    case 'jpeg':
      return meta.isProgressive ? 4 : 1;
    case 'png':
      return meta.isProgressive ? 1.25 * (meta.channels ?? 4) * sampleBytes : 2 * sampleBytes;
    case 'webp':
      return 2;
    case 'heif':
      return meta.compression === 'av1' ? 25 : null;
    default:
      return null;
  }
}

/** The most pixels an image of this kind may have (0: not a format the site takes). */
export function pixelBudget(meta: Parameters<typeof decodeCostPerPixel>[0]): number {
  const cost = decodeCostPerPixel(meta);
  return cost === null ? 0 : Math.min(MAX_INPUT_PIXELS, Math.floor(DECODE_MEMORY_BYTES / cost));
}

export interface PreparedPhoto {
  /** The visitor's file name (cleaned). */
  name: string;
  type: 'image/jpeg';
  bytes: Buffer;
}

/**
 * `busy`: too many posts wait for the decoder already, or the post was answered without it; nothing
 * was decoded, the visitor may send again. `overBudget`: the client has used its decoding time.
 */
export type PreparedPhotos =
  { ok: true; photos: PreparedPhoto[] } | { ok: false; name: string; reason: 'notAnImage' | 'overBudget' } | { ok: false; busy: true };

export interface PhotoPreparer {
  /**
   * The photos decoded and re-encoded. `client` (clientKey): whose budgets they spend; `signal`: the
   * post no longer needs an answer. A client whose hour's photo bytes are spent is refused before
   * anything is decoded.
   */
  prepare(photos: readonly UploadedPhoto[], request: { client: string; signal?: AbortSignal }): Promise<PreparedPhotos>;
  /**
   * Spends the prepared photos' bytes of the client's budget, as they are stored: false when they do
   * not fit in it, and then the budget is spent for the rest of its window.
   */
  keep(photos: readonly { bytes: Buffer }[], client: string): Promise<boolean>;
}

/** What one client may use in the budget stores' windows: `store` counts it, up to `max`. */
export type Budget = { store: BudgetStore; max: number };

export interface PhotoPreparerOptions {
  concurrency?: number;
  /** Posts whose photos may wait for the decoder behind the `concurrency` being decoded. */
  waiting?: number;
  /** Milliseconds of decoding a client may use (this process's decoder). */
  decodeMs: Budget;
  /** Bytes of stored photos a client may send (the company's mailbox and storage: shared by the replicas). */
  bytes: Budget;
  /** What decodes and re-encodes one photo once its header passed: `reencode`, unless a test holds it. */
  decode?: (file: string, decodable: Decodable) => Promise<Buffer>;
}

/**
 * One more post than `waiting` is answered `busy` at once rather than held (its files on disk, its
 * visitor waiting) for long.
 */
export function photoPreparer({ concurrency = 1, waiting = 16, decodeMs, bytes: storedBytes, decode = reencode }: PhotoPreparerOptions): PhotoPreparer {
  const limit: ConcurrencyLimit = concurrencyLimit(concurrency);
  let posts = 0;
  const BUSY = { ok: false, busy: true } as const;
  return {
    async prepare(photos, { client, signal }) {
      if (photos.length > 0 && (await storedBytes.store.used(client)) >= storedBytes.max) return { ok: false, name: photos[0]!.name, reason: 'overBudget' };
      // Every header first, outside the queue: what no decoder may take (a bomb) is refused at once and never waits in line.
      const decodables: Decodable[] = [];
      for (const photo of photos) {
        const decodable = await inspect(photo.path).catch(() => null);
        if (!decodable) return { ok: false, name: photo.name, reason: 'notAnImage' };
        decodables.push(decodable);
      }
      if (posts >= concurrency + waiting) return BUSY;
      posts++;
      try {
        const prepared: PreparedPhoto[] = [];
        // One after the other: the first that does not decode is named, and the rest need not be decoded.
        for (const [i, photo] of photos.entries()) {
          if ((await decodeMs.store.used(client)) >= decodeMs.max) return { ok: false, name: photo.name, reason: 'overBudget' };
          // undefined: not decoded, since the post was answered meanwhile; null: not an image.
          const bytes = await limit(async (): Promise<Buffer | null | undefined> => {
            if (signal?.aborted) return undefined;
            const start = performance.now();
            try {
              return await decode(photo.path, decodables[i]!);
            } catch {
              return null;
            } finally {
              await decodeMs.store.add(client, performance.now() - start);
            }
          });
          if (bytes === undefined) return BUSY;
          if (bytes === null) return { ok: false, name: photo.name, reason: 'notAnImage' };
          prepared.push({ name: photo.name, type: 'image/jpeg', bytes });
        }
        return { ok: true, photos: prepared };
      } finally {
        posts--;
      }
    },
    async keep(photos, client) {
      const total = photos.reduce((sum, photo) => sum + photo.bytes.length, 0);
      if (total === 0 || (await storedBytes.store.add(client, total, storedBytes.max))) return true;
      // Counted all the same: the client's next posts are refused before their photos are decoded.
      await storedBytes.store.add(client, total);
      return false;
    },
  };
}

async function head(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** How a photo is decoded, decided from its header: HEVC in the WebAssembly decoder, anything else by libvips within its format's budget. */
export type Decodable = { decoder: 'heic' } | { decoder: 'vips'; maxPixels: number };

/**
 * Reads only the header, whatever size it claims, and says how the photo will be decoded; rejects
 * when it is no image of an accepted format, or has more pixels than its format's budget.
 */
export async function inspect(file: string): Promise<Decodable> {
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const pixels = (meta?.width ?? 0) * (meta?.height ?? 0);
  if (isHeic(await head(file)) && (!meta || meta.compression === 'hevc' || meta.format !== 'heif')) {
    // AVIF is HEIF too and libvips reads it; only HEVC goes to the WebAssembly decoder (which checks its size again).
    if (pixels > MAX_HEIC_PIXELS) throw new Error(`over the pixel budget of HEIC: ${MAX_HEIC_PIXELS}`);
    return { decoder: 'heic' };
  }
  if (!meta) throw new Error('not an image');
  const maxPixels = pixelBudget(meta);
  if (pixels > maxPixels) throw new Error(`over the pixel budget of ${meta.format}: ${maxPixels}`);
  return { decoder: 'vips', maxPixels };
}

/** The photo as a JPEG within the bounds; rejects when it is not an image of an accepted format, or over its format's budget. */
export async function reencode(file: string, decodable?: Decodable): Promise<Buffer> {
  const how = decodable ?? (await inspect(file));
  if (how.decoder === 'heic') {
    const raw = await decodeHeic(await readFile(file), { maxPixels: MAX_HEIC_PIXELS, timeoutMs: HEIC_TIMEOUT_MS });
    // libheif has applied the file's rotation already.
    return encode(sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 }, limitInputPixels: MAX_HEIC_PIXELS }));
  }
  return encode(sharp(file, { limitInputPixels: how.maxPixels, failOn: 'warning', sequentialRead: true }).rotate());
}

/**
 * Decoded and shrunk once, to raw pixels at most PHOTO_LIMITS.longSidePx wide (about 15 MB), then
 * encoded from those as often as the size target needs: a lower quality never decodes the photo again.
 */
async function encode(input: Sharp): Promise<Buffer> {
  const { data, info } = await input
    .timeout({ seconds: DECODE_TIMEOUT_S })
    .resize(PHOTO_LIMITS.longSidePx, PHOTO_LIMITS.longSidePx, { fit: 'inside', withoutEnlargement: true })
    // Transparency (PNG, WebP) over white, as the photo would be printed.
    .flatten({ background: '#ffffff' })
    // Eight-bit sRGB whatever came in (16-bit PNG, CMYK or grey JPEG), as the JPEG will be.
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  let bytes = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .jpeg({ quality, mozjpeg: false })
      .toBuffer();
    if (bytes.length <= STORED_BYTES_TARGET) break;
  }
  return bytes;
}
