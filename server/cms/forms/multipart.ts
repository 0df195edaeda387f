import busboy from 'busboy';
import type { Request } from 'express';
import sharp from 'sharp';
import { SUBMISSION_BODY_FIELD } from '../../../shared/api/contract';
import { PHOTO_FIELD, PHOTO_LIMITS } from '../../../shared/forms/photos';
import type { StoredPhoto } from './store';

/**
 * A submission with photos as the contract sends it (shared/api/contract.ts): multipart, its JSON in
 * the part `body`, its photos in `photos` parts. The photos come from a BFF that decoded and
 * re-encoded them; here each is checked again to be a JPEG within the size, and a thumbnail is made.
 * Held in memory: at most PHOTO_LIMITS.count parts of at most bytesEach, and in practice about
 * 2.5 MB each.
 */

export type MultipartSubmission = { ok: true; body: unknown; photos: StoredPhoto[] } | { ok: false; status: 400 | 413; fields?: Record<string, string> };

/** Thumbnails in the visitor's list of submissions: square, sharp on a 2x screen at 96 CSS pixels. */
export const THUMBNAIL_PX = 192;
const BODY_BYTES = 64 * 1024;

export function isMultipart(req: Request): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

export async function readMultipartSubmission(req: Request): Promise<MultipartSubmission> {
  const parts = await new Promise<{ body?: string; photos: { name: string; bytes: Buffer }[]; refused?: 400 | 413 }>((resolve) => {
    const found: { body?: string; photos: { name: string; bytes: Buffer }[]; refused?: 400 | 413 } = { photos: [] };
    let parser: busboy.Busboy;
    try {
      // The BFF's FormData names each photo in UTF-8.
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: PHOTO_LIMITS.count, fileSize: PHOTO_LIMITS.bytesEach, fields: 1, fieldSize: BODY_BYTES },
      });
    } catch {
      return resolve({ ...found, refused: 400 });
    }
    /** A body that is not multipart as announced, or a sender gone mid-post: what was read is dropped. */
    const broken = () => {
      req.unpipe(parser);
      parser.destroy();
      resolve({ photos: [], refused: 400 });
    };
    let total = 0;
    parser.on('field', (name, value, info) => {
      if (name !== SUBMISSION_BODY_FIELD || info.valueTruncated) found.refused ??= 400;
      else found.body = value;
    });
    parser.on('file', (name, stream, info) => {
      // First: a body cut mid-part makes the part's stream emit an error, and one nobody hears ends the process.
      stream.on('error', () => {});
      if (name !== PHOTO_FIELD) {
        found.refused ??= 400;
        return void stream.resume();
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > PHOTO_LIMITS.bytesTotal) found.refused ??= 413;
        if (!found.refused) chunks.push(chunk);
      });
      stream.on('limit', () => (found.refused ??= 400));
      stream.on('end', () => found.refused || found.photos.push({ name: info.filename || 'photo.jpg', bytes: Buffer.concat(chunks) }));
    });
    parser.on('filesLimit', () => (found.refused ??= 400));
    parser.on('fieldsLimit', () => (found.refused ??= 400));
    parser.on('error', broken);
    parser.on('close', () => resolve(found));
    req.once('close', () => {
      if (!req.complete) broken();
    });
    req.pipe(parser);
  });
  if (parts.refused)
    return { ok: false, status: parts.refused, fields: parts.refused === 400 ? { [PHOTO_FIELD]: 'form.photos.errors.notAnImage' } : undefined };
  let body: unknown;
  try {
    body = JSON.parse(parts.body ?? '');
  } catch {
    return { ok: false, status: 400 };
  }
  const photos: StoredPhoto[] = [];
  for (const photo of parts.photos) {
    const stored = await checked(photo.name, photo.bytes);
    if (!stored) return { ok: false, status: 400, fields: { [PHOTO_FIELD]: 'form.photos.errors.notAnImage' } };
    photos.push(stored);
  }
  return { ok: true, body, photos };
}

/** The photo if it is a JPEG within the contract's size, with its thumbnail; null otherwise. */
async function checked(name: string, bytes: Buffer): Promise<StoredPhoto | null> {
  try {
    const input = { limitInputPixels: PHOTO_LIMITS.longSidePx * PHOTO_LIMITS.longSidePx, failOn: 'warning' } as const;
    const meta = await sharp(bytes, input).metadata();
    if (meta.format !== 'jpeg' || Math.max(meta.width ?? 0, meta.height ?? 0) > PHOTO_LIMITS.longSidePx) return null;
    const thumbnail = await sharp(bytes, input).resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'cover' }).jpeg({ quality: 70 }).toBuffer();
    return { name: name.slice(0, 200), type: 'image/jpeg', bytes, thumbnail };
  } catch {
    return null;
  }
}
