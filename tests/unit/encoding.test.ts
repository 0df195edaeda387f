import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAsync, compressSync, entityTag } from '../../server/site/render/encoding';
import { preferredEncoding } from '../../server/site/request/accepted-encoding';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, then none', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('refuses an encoding with q=0 and reads tokens case-insensitively', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br; q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('BR;q=0.5')).toBe('br');
    // Remembered per header: asking again gives the same answer.
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
  });

  it('takes brotli over gzip whatever their weights, and reads `*` as any encoding not named', () => {
    expect(preferredEncoding('gzip;q=1, br;q=0.1')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('identity;q=0, br;q=0, gzip;q=0')).toBeUndefined();
  });
});

describe('compression of a finished body', () => {
  const body = Buffer.from('<p>Senčila</p>'.repeat(500));

  it('round-trips in both encodings, sync and async', async () => {
    expect(gunzipSync(compressSync(body, 'gzip'))).toEqual(body);
    expect(brotliDecompressSync(compressSync(body, 'br'))).toEqual(body);
    expect(gunzipSync(await compressAsync(body, 'gzip'))).toEqual(body);
    expect(brotliDecompressSync(await compressAsync(body, 'br'))).toEqual(body);
    expect(compressSync(body, 'br').length).toBeLessThan(body.length / 10);
  });

  it('gives a strong ETag of the bytes', () => {
    expect(entityTag(body)).toMatch(/^"[\w-]{22}"$/);
    expect(entityTag(body)).toBe(entityTag(Buffer.from(body)));
    expect(entityTag(Buffer.from('other'))).not.toBe(entityTag(body));
  });
});
