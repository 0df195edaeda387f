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
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import path from 'node:path';
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { PHOTO_FIELD, PHOTO_LIMITS, type PhotoRefusal } from '../../../shared/forms/photos';

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

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>"]/g;

export function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(UNSAFE_IN_FILE_NAMES, '').trim();
  return (base || 'photo').slice(0, NAME_LENGTH);
}

function isMultipart(req: Request): boolean {
  return req.method === 'POST' && (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

type Refuse = (req: Request, res: Response, status: number) => void;

/**
 * The folder a post's photos wait in, one folder per post inside the site's own `dir`, emptied as the
 * site starts: a process killed mid-upload (SIGKILL, the container's memory limit) leaves its visitors'
 * photos there, and nothing else will ever remove them.
 */
export async function uploadFolder(dir: string): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Parses a multipart form post into `req.body` (fields, as express.urlencoded would) and its photos
 * into temporary files in `dir` (`uploadedPhotos(req)`); `refuse(req, res, 413)` when the post is too
 * large, 400 when it is not multipart as announced (no boundary, a broken part, no closing boundary).
 * Whatever the body holds, no stream of the parser is ever left without an error handler: an error
 * nobody listens to ends the process.
 */
export function multipartForms({ refuse, dir }: { refuse: Refuse; dir: string }): RequestHandler {
  return (req, res, next) => {
    if (!isMultipart(req)) return next();
    const length = Number(req.headers['content-length'] ?? NaN);
    if (length > MAX_POST_BYTES) return answerOnceRead(req, res, refuse, 413, length > DISCARD_BYTES);

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send a file's name as UTF-8 (busboy's default reads it as Latin-1: "senčilo" came as "senÄ\u008dilo").
        defParamCharset: 'utf8',
        // One more file than the count, so the first photo too many is seen and named.
        limits: {
          files: PHOTO_LIMITS.count + 1,
          fileSize: PHOTO_LIMITS.bytesEach,
          fields: FIELD_COUNT,
          fieldSize: FIELD_BYTES,
          parts: FIELD_COUNT + PHOTO_LIMITS.count + 1,
        },
      });
    } catch {
      // A multipart type without a boundary.
      return answerOnceRead(req, res, refuse, 400, false);
    }

    const body: Record<string, string | string[]> = {};
    const posted: PostedPhotos = { photos: [] };
    let folder: Promise<string> | undefined;
    let fieldBytes = 0;
    let received = 0;
    let total = 0;
    let failed = false;
    const writes: Promise<void>[] = [];
    /** Photo parts seen (with a file name), and what each came to, in the order posted. */
    let seen = 0;
    const slots: (UploadedPhoto | undefined)[] = [];

    const postFolder = () => (folder ??= mkdtemp(path.join(dir, 'post-')));
    // Whatever happens, the files go once the answer is done (or the visitor has gone).
    res.on('close', () => void folder?.then((d) => rm(d, { recursive: true, force: true })).catch(() => {}));

    const refuseOnce = (reason: PhotoRefusal, name: string) => (posted.refused ??= { name, reason });
    /** Stops parsing for good: the photo part being read (if any) ends with an error, which savePhoto takes. */
    const fail = (status: 400 | 413) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      parser.destroy();
      // The visitor went away mid-post: nothing to answer, nothing kept.
      if (req.readableAborted || req.socket.destroyed) return;
      answerOnceRead(req, res, refuse, status, false);
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_POST_BYTES) fail(413);
    });

    parser.on('field', (name, value, info) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || fieldBytes > FIELD_BYTES) return fail(413);
      const previous = body[name];
      body[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    });
    parser.on('fieldsLimit', () => fail(413));
    parser.on('partsLimit', () => fail(413));

    parser.on('file', (field, stream, info) => {
      // First, before anything can wait: a post cut mid-part makes the part's stream emit an error too.
      stream.on('error', () => {});
      const name = cleanFileName(info.filename ?? '');
      if (field !== PHOTO_FIELD || posted.refused || !info.filename) {
        // Not a photo, an empty file input, or after a refusal: read and forgotten.
        return void stream.resume();
      }
      if (seen >= PHOTO_LIMITS.count) {
        refuseOnce('tooMany', name);
        return void stream.resume();
      }
      writes.push(savePhoto(stream, name, seen++));
    });

    /**
     * Writes one photo part to its file, hashing it on the way; resolves when the part has ended, or
     * been cut (its file then goes with the folder). Rejects only when the file cannot be written (a
     * full disk): the part is then still read to its end, or the post would never finish.
     */
    function savePhoto(stream: Readable, name: string, slot: number): Promise<void> {
      const hash: Hash = createHash('sha256');
      let bytes = 0;
      let out: WriteStream | undefined;
      let dropped = false;
      let waiting = false;
      const drop = (reason: PhotoRefusal) => {
        refuseOnce(reason, name);
        dropped = true;
        out?.destroy();
        // A destroyed file never drains: the rest of the part is read and thrown away.
        if (waiting) stream.resume();
      };
      const ended = new Promise<boolean>((resolve) => {
        stream.once('end', () => resolve(true));
        stream.once('error', () => resolve(false));
      });
      stream.on('limit', () => drop('tooLarge'));
      // Paused until the file is open: nothing is held in memory meanwhile.
      stream.pause();
      return (async () => {
        const file = path.join(await postFolder(), String(slot));
        if (!dropped) {
          out = createWriteStream(file);
          // A write still under way when the photo is dropped fails: nothing to report, the folder goes anyway.
          out.on('error', () => {});
        }
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          total += chunk.length;
          if (total > PHOTO_LIMITS.bytesTotal && !dropped) drop('totalTooLarge');
          if (dropped || !out) return;
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
        stream.resume();
        const whole = await ended;
        if (!out || dropped || !whole) return void out?.destroy();
        const written = out;
        await new Promise<void>((resolve, reject) => written.end((error?: Error | null) => (error ? reject(error) : resolve())));
        if (bytes > 0) slots[slot] = { name, path: file, bytes, digest: hash.digest('base64url') };
      })().catch((error: unknown) => {
        stream.resume();
        throw error;
      });
    }

    // A body that is not multipart as announced: a broken part header, no closing boundary, a wrong boundary.
    parser.on('error', () => fail(400));
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
        // The disk failed: the site's, not the visitor's, fault.
        (error: unknown) => {
          failed = true;
          next(error);
        },
      );
    });
    req.once('close', () => {
      if (!req.complete) fail(400);
    });
    req.pipe(parser);
  };
}

/**
 * Answers `status` with the error page once the rest of the post has been read and thrown away (up
 * to DISCARD_BYTES, within the post's deadline): a browser reads no answer before it has sent its
 * whole post, and an answer that closed the connection earlier would show as a reset, not as the
 * page. `hopeless` (a post announced larger than DISCARD_BYTES) is answered at once and its
 * connection closed.
 */
function answerOnceRead(req: Request, res: Response, refuse: Refuse, status: number, hopeless: boolean): void {
  if (hopeless) {
    res.setHeader('Connection', 'close');
    res.on('finish', () => req.destroy());
    return refuse(req, res, status);
  }
  if (req.complete) return refuse(req, res, status);
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) req.destroy();
  });
  req.once('end', () => refuse(req, res, status));
  req.resume();
}
