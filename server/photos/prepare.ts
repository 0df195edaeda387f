import { open, readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_LIMITS } from '../../shared/forms/photos';
import { concurrencyLimit, type ConcurrencyLimit } from '../concurrency-limit';
import { decodeHeic, isHeic } from './heic';
import type { UploadedPhoto } from './upload';

/**
 * Every posted photo is decoded, whatever its name or type header says, and what decodes is
 * re-encoded before it is stored: at most PHOTO_LIMITS.longSidePx on its long side, turned upright
 * by its EXIF orientation, as a JPEG without any metadata (sharp writes none unless asked: no EXIF,
 * no GPS, no XMP, no ICC profile beyond sRGB). What does not decode is refused.
 *
 * Decoding is bounded three ways, so a decompression bomb (a small file that claims a huge image)
 * cannot stall the site: sharp refuses an image of more than MAX_INPUT_PIXELS before it decodes a
 * pixel (`limitInputPixels`); photos are decoded `concurrency` at a time (sharp runs on libuv's
 * thread pool, which also reads the site's files and compresses its pages; one libvips thread each);
 * HEIC decodes in a worker thread with the same pixel bound and a time limit.
 */

/** A 50-megapixel phone's full-size photo (8160 × 6120), and no more. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * A re-encoded photo over this is encoded again at a lower quality: five of them then fit into one
 * notification mail (base64 adds a third: 5 × 2.5 MB is about 17 MB, under the common 25 MB limit).
 */
export const STORED_BYTES_TARGET = 2.5 * 1024 * 1024;
/**
 * HEIC is decoded whole, to RGBA in WebAssembly memory (4 bytes a pixel): 25 megapixels is 100 MB, the
 * most a 512 MB container can lend one photo. iPhones take 12 or 24 megapixels by default; their
 * 48-megapixel HEIF (a setting) is refused and must be sent as JPEG.
 */
export const MAX_HEIC_PIXELS = 25_000_000;
const QUALITIES = [82, 70, 55] as const;
const HEIC_TIMEOUT_MS = 30_000;
/** The formats a visitor may send (PHOTO_ACCEPT); AVIF and HEIC are both `heif` to libvips. */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

// libvips's operation cache keeps decoded images for reuse: photos are each seen once. One libvips
// thread per image (its default is one per core): a photo being decoded takes at most one of the two
// cores, and pages keep the other.
sharp.cache(false);
sharp.concurrency(1);

export interface PreparedPhoto {
  /** The visitor's file name (cleaned). */
  name: string;
  type: 'image/jpeg';
  bytes: Buffer;
}

/** `busy`: too many posts wait for the decoder already; nothing was decoded, the visitor may send again. */
export type PreparedPhotos = { ok: true; photos: PreparedPhoto[] } | { ok: false; name: string; reason: 'notAnImage' } | { ok: false; busy: true };

export interface PhotoPreparer {
  prepare(photos: readonly UploadedPhoto[]): Promise<PreparedPhotos>;
}

/**
 * `waiting`: posts whose photos may wait for the decoder behind the `concurrency` being decoded; one
 * more is answered `busy` at once rather than held (its files on disk, its visitor waiting) for long.
 */
export function photoPreparer({ concurrency = 1, waiting = 16 }: { concurrency?: number; waiting?: number } = {}): PhotoPreparer {
  const limit: ConcurrencyLimit = concurrencyLimit(concurrency);
  let posts = 0;
  return {
    async prepare(photos) {
      if (posts >= concurrency + waiting) return { ok: false, busy: true };
      posts++;
      try {
        const prepared: PreparedPhoto[] = [];
        // One after the other: the first that does not decode is named, and the rest need not be decoded.
        for (const photo of photos) {
          const bytes = await limit(() => reencode(photo.path).catch(() => null));
          if (!bytes) return { ok: false, name: photo.name, reason: 'notAnImage' };
          prepared.push({ name: photo.name, type: 'image/jpeg', bytes });
        }
        return { ok: true, photos: prepared };
      } finally {
        posts--;
      }
    },
  };
}

const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true } as const;

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

/** The photo as a JPEG within the bounds; rejects when it is not an image of an accepted format. */
export async function reencode(file: string): Promise<Buffer> {
  if (isHeic(await head(file))) {
    // AVIF is HEIF too and libvips reads it; only HEVC goes to the WebAssembly decoder.
    const meta = await sharp(file, INPUT).metadata().catch(() => null);
    if (!meta || meta.compression === 'hevc' || meta.format !== 'heif') {
      const raw = await decodeHeic(await readFile(file), { maxPixels: MAX_HEIC_PIXELS, timeoutMs: HEIC_TIMEOUT_MS });
      // libheif has applied the file's rotation already.
      return encode(() => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS }));
    }
  }
  const meta = await sharp(file, INPUT).metadata();
  if (!meta.format || !FORMATS.has(meta.format)) throw new Error(`not an accepted format: ${meta.format}`);
  return encode(() => sharp(file, INPUT).rotate());
}

async function encode(input: () => Sharp): Promise<Buffer> {
  let bytes = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    bytes = await input()
      .resize(PHOTO_LIMITS.longSidePx, PHOTO_LIMITS.longSidePx, { fit: 'inside', withoutEnlargement: true })
      // Transparency (PNG, WebP) over white, as the photo would be printed.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: false })
      .toBuffer();
    if (bytes.length <= STORED_BYTES_TARGET) break;
  }
  return bytes;
}
