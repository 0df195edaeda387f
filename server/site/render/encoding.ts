import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Encoding } from '../request/accepted-encoding';

/**
 * Compression and validators of a finished page or payload. The whole body is in memory before the first
 * byte goes out, so it is compressed in one call, and its ETag is the same whether the answer came
 * from the HTML cache or from a render: a conditional request after the cached copy expired still
 * gets its 304. Which encoding a client gets: server/site/request/accepted-encoding.ts.
 */

/** Levels that cost under a millisecond for a page here: every page is compressed again after each expiry. */
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;
const brotliOptions = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } });

export function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, { level: GZIP_LEVEL });
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Off the main thread, for the HTML cache, which makes both encodings at once. */
export function compressAsync(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body, { level: GZIP_LEVEL });
}

/** A strong validator of the uncompressed bytes: the same for every encoding of them. */
export function entityTag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}
