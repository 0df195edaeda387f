/**
 * Photos posted with a form: the site's side of the interface with the browser (docs/decisions/0026-photos-with-forms.md).
 *
 * THE INTERFACE (browser with or without JavaScript -> site):
 * - The form posts `multipart/form-data` to the URL it posts to today: the page itself without
 *   JavaScript, its `…/_payload.json` with JavaScript. The body has the form's usual fields (names and
 *   values as in the urlencoded post) and zero to PHOTO_LIMITS.count file parts named PHOTO_FIELD
 *   (`photos`), one per photo, each with its file name. An empty file part (a file input left empty)
 *   is no photo. Urlencoded posts keep working as before.
 * - A refused photo is a field error on `photos`: `errors.photos` is the key
 *   `form.photos.errors.{reason}` (PHOTO_REFUSALS), and `photoRefused: { name, reason }` in the same
 *   answer (PublicFormResult) names the file, for the message's `{{name}}`. Only the first refused photo
 *   is named; every other value comes back as posted (photos must be chosen again: no browser can
 *   refill a file input). Refusals: `tooMany` (the first photo past the count), `tooLarge` (over
 *   bytesEach), `totalTooLarge` (the photo that took the total over bytesTotal), `notAnImage` (does
 *   not decode as a JPEG, PNG, WebP or HEIC/HEIF, whatever its name or type says).
 * - A post over MAX_POST_BYTES (PHOTO_LIMITS.bytesTotal + bytesEach + 1 MB) is answered 413: the
 *   site's error page in the layout at a page URL; at a payload URL the same HTML error document,
 *   which the browser's router shows as the 413 error page (any answer that is not JSON is).
 * - A post that stops arriving is cut after REQUEST_TIMEOUT_S (408, connection closed).
 *
 * Memory stays bounded whatever is posted: each photo streams to a temporary file (never into
 * memory), bytes past a limit are read and thrown away, and the files go when the answer is done.
 */
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { PHOTO_FIELD, PHOTO_LIMITS, type PhotoRefusal } from '../../shared/forms/photos';

/** The largest multipart post read: five photos at their total, one more at its limit (so its refusal is a field error), the fields. */
export const MAX_POST_BYTES = PHOTO_LIMITS.bytesTotal + PHOTO_LIMITS.bytesEach + 1024 * 1024;
/** Beyond this a post is not even read to its end before it is refused (its connection is closed). */
const DISCARD_BYTES = 4 * MAX_POST_BYTES;
/** The fields of a multipart post: as many and as much as a urlencoded one (form-posts.ts). */
const FIELD_BYTES = 80 * 1024;
const FIELD_COUNT = 100;
/** File names are the visitor's: kept short, printable and without folders. */
const NAME_LENGTH = 100;

/** A photo as posted, on disk until the answer is done. `digest`: sha256 of its bytes, for the submission key. */
export interface UploadedPhoto {
  name: string;
  path: string;
  bytes: number;
  digest: string;
}

export interface PostedPhotos {
  photos: UploadedPhoto[];
  /** The first photo refused while the post was read, if any. */
  refused?: { name: string; reason: PhotoRefusal };
}

const uploads = new WeakMap<IncomingMessage, PostedPhotos>();
const forwarded = new WeakMap<globalThis.Request, PostedPhotos>();

/** The photos a multipart post carried (none for any other request). */
export function uploadedPhotos(req: IncomingMessage): PostedPhotos | undefined {
  return uploads.get(req);
}

/** Hands a post's photos to the Fetch request its page's action reads (see `postedPhotos`). */
export function carryPhotos(from: IncomingMessage, to: globalThis.Request): void {
  const photos = uploads.get(from);
  if (photos) forwarded.set(to, photos);
}

/** The photos posted with the request an action runs for: none when the post had none. */
export function postedPhotos(request: globalThis.Request): PostedPhotos {
  return forwarded.get(request) ?? { photos: [] };
}

export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f<>"]/g, '').trim();
  return (base || 'photo').slice(0, NAME_LENGTH);
}

class PostTooLarge extends Error {}

function isMultipart(req: Request): boolean {
  return req.method === 'POST' && (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * Parses a multipart form post into `req.body` (fields, as express.urlencoded would) and its photos
 * into temporary files (`uploadedPhotos(req)`); `refuse(req, res, 413)` when the post is too large.
 */
export function multipartForms({ refuse }: { refuse: (req: Request, res: Response, status: number) => void }): RequestHandler {
  return (req, res, next) => {
    if (!isMultipart(req)) return next();
    const length = Number(req.headers['content-length'] ?? NaN);
    if (length > MAX_POST_BYTES) return tooLarge(req, res, refuse, length > DISCARD_BYTES);

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // One more file than the count, so the first photo too many is seen and named.
        limits: { files: PHOTO_LIMITS.count + 1, fileSize: PHOTO_LIMITS.bytesEach, fields: FIELD_COUNT, fieldSize: FIELD_BYTES, parts: FIELD_COUNT + PHOTO_LIMITS.count + 1 },
      });
    } catch {
      // A multipart type without a boundary.
      return refuse(req, res, 400);
    }

    const body: Record<string, string | string[]> = {};
    const posted: PostedPhotos = { photos: [] };
    let dir: Promise<string> | undefined;
    let fieldBytes = 0;
    let received = 0;
    let total = 0;
    let failed = false;
    const writes: Promise<void>[] = [];
    /** Photo parts seen (with a file name), and what each came to, in the order posted. */
    let seen = 0;
    const slots: (UploadedPhoto | undefined)[] = [];

    const folder = () => (dir ??= mkdtemp(path.join(os.tmpdir(), 'site-upload-')));
    // Whatever happens, the files go once the answer is done (or the visitor has gone).
    res.on('close', () => void dir?.then((d) => rm(d, { recursive: true, force: true })).catch(() => {}));

    const refuseOnce = (reason: PhotoRefusal, name: string) => (posted.refused ??= { name, reason });
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      if (error instanceof PostTooLarge) return tooLarge(req, res, refuse, false);
      // The visitor went away mid-post (or sent a broken body): nothing to answer, nothing kept.
      if (req.readableAborted || req.destroyed) return;
      refuse(req, res, 400);
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_POST_BYTES) fail(new PostTooLarge());
    });

    parser.on('field', (name, value, info) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || fieldBytes > FIELD_BYTES) return fail(new PostTooLarge());
      const previous = body[name];
      body[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    });
    parser.on('fieldsLimit', () => fail(new PostTooLarge()));
    parser.on('partsLimit', () => fail(new PostTooLarge()));

    parser.on('file', (field, stream, info) => {
      const name = cleanFileName(info.filename ?? '');
      if (field !== PHOTO_FIELD || posted.refused || !info.filename) {
        // Not a photo, an empty file input, or after a refusal: read and forgotten.
        return void stream.resume();
      }
      if (seen >= PHOTO_LIMITS.count) {
        refuseOnce('tooMany', name);
        return void stream.resume();
      }
      writes.push(
        savePhoto(stream, name, seen++).catch((error: unknown) => {
          // The file could not be written (a full disk): the part is still read to its end, or the post would never finish.
          stream.resume();
          throw error;
        }),
      );
    });

    async function savePhoto(stream: NodeJS.ReadableStream, name: string, slot: number): Promise<void> {
      // Paused until the file is open: nothing is held in memory meanwhile.
      stream.pause();
      const file = path.join(await folder(), String(slot));
      const hash: Hash = createHash('sha256');
      let bytes = 0;
      let out: WriteStream | undefined = createWriteStream(file);
      // A write still under way when the photo is dropped fails: nothing to report, the folder goes anyway.
      out.on('error', () => {});
      let waiting = false;
      const drop = (reason: PhotoRefusal) => {
        refuseOnce(reason, name);
        out?.destroy();
        out = undefined;
        // A destroyed file never drains: the rest of the part is read and thrown away.
        if (waiting) stream.resume();
      };
      stream.on('limit', () => drop('tooLarge'));
      await new Promise<void>((resolve) => {
        stream.resume();
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          total += chunk.length;
          if (total > PHOTO_LIMITS.bytesTotal && out) drop('totalTooLarge');
          if (!out) return;
          hash.update(chunk);
          // Backpressure: the disk sets the pace, not memory.
          if (!out.write(chunk)) {
            waiting = true;
            stream.pause();
            out.once('drain', () => {
              waiting = false;
              stream.resume();
            });
          }
        });
        stream.on('end', resolve);
        stream.on('error', resolve);
      });
      if (!out) return;
      const written = out;
      await new Promise<void>((resolve, reject) => written.end((error?: Error | null) => (error ? reject(error) : resolve())));
      if (bytes > 0) slots[slot] = { name, path: file, bytes, digest: hash.digest('base64url') };
    }

    parser.on('error', (error: Error) => fail(error));
    parser.on('close', () => {
      if (failed) return;
      Promise.all(writes).then(
        () => {
          if (failed) return;
          req.body = body;
          posted.photos = posted.refused ? [] : slots.filter((photo): photo is UploadedPhoto => photo !== undefined);
          uploads.set(req, posted);
          next();
        },
        (error: Error) => fail(error),
      );
    });
    req.on('aborted', () => fail(new Error('aborted')));
    req.pipe(parser);
  };
}

/**
 * 413 with the error page, once the rest of the post has been read and thrown away (up to
 * DISCARD_BYTES, within REQUEST_TIMEOUT_S): a browser reads no answer before it has sent its whole
 * post, and an answer that closed the connection earlier would show as a reset, not as the page.
 * A post announced larger than DISCARD_BYTES is answered at once and its connection closed.
 */
function tooLarge(req: Request, res: Response, refuse: (req: Request, res: Response, status: number) => void, hopeless: boolean): void {
  if (hopeless) {
    res.setHeader('Connection', 'close');
    res.on('finish', () => req.destroy());
    return refuse(req, res, 413);
  }
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) req.destroy();
  });
  req.once('end', () => refuse(req, res, 413));
  req.resume();
}
