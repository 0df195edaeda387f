import { describe, expect, it } from 'vitest';
import { decodeHeic, isHeic } from '../../server/site/photos/heic';

/**
 * HEIC goes to the WebAssembly decoder by its HEIF brand (the `ftyp` box), not by its name: HEVC
 * brands do, AVIF (which libvips reads) and anything else do not. The decoder runs in a worker thread
 * and a file that only looks like HEIC is refused there, without taking the process down.
 */
const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(16)]);

describe('HEIC', () => {
  it('is told by its brand', () => {
    for (const brand of ['heic', 'heix', 'mif1', 'hevc']) expect(isHeic(ftyp(brand))).toBe(true);
    for (const brand of ['avif', 'isom', 'qt  ']) expect(isHeic(ftyp(brand))).toBe(false);
    expect(isHeic(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(false);
    expect(isHeic(Buffer.from('GIF89a........'))).toBe(false);
  });

  it('refuses a file that only claims to be HEIC, in its worker', async () => {
    const fake = Buffer.concat([ftyp('heic'), Buffer.from('not really an image, only its first box')]);
    await expect(decodeHeic(fake, { maxPixels: 50_000_000, timeoutMs: 20_000 })).rejects.toThrow();
  });
});
