import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import type { ImageVariant } from '../../shared/api/contract';
import {
  IMAGE_VARIANTS_MANIFEST,
  RASTER_IMAGE,
  VARIANT_ENCODING as ENCODE,
  VARIANT_EXTENSION as EXTENSION,
  VARIANT_TYPES,
  variantWidths,
} from '../../shared/images.ts';

/**
 * Makes AVIF and WebP copies of every raster image under `public/images` at the widths of
 * shared/images.ts, named by their content's hash under `assets/images/` (served like every hashed
 * asset: immutable, a year), and lists them by the original's path in the manifest the server reads
 * (server/site/upstream/image-variants.ts).
 *
 * AVIF is slow to encode (seconds for one photograph), so every copy is kept in `cacheDir`, keyed by
 * the original's bytes, the copy's type, width and settings and the encoder's version: a build, or a
 * watching build's rebuild, makes only what is new.
 */
export function imageVariants(publicDir: string, cacheDir: string): Plugin {
  async function cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const file = path.join(cacheDir, createHash('sha256').update(key).digest('hex'));
    try {
      return await readFile(file);
    } catch {
      const bytes = await make();
      await mkdir(cacheDir, { recursive: true });
      // Whole or not at all: a build stopped halfway must not leave a cut file for the next to send.
      await writeFile(`${file}.${process.pid}`, bytes);
      await rename(`${file}.${process.pid}`, file);
      return bytes;
    }
  }

  async function variantsOf(source: Buffer, name: string) {
    const { autoOrient } = await sharp(source).metadata();
    const sourceHash = createHash('sha256').update(source).digest('hex');
    const jobs = VARIANT_TYPES.flatMap((type) => variantWidths(autoOrient.width).map((width) => ({ type, width })));
    return Promise.all(
      jobs.map(async ({ type, width }) => {
        const bytes = await cached(JSON.stringify([sourceHash, type, width, ENCODE[type], sharp.versions]), () => {
          const resized = sharp(source, { autoOrient: true }).resize({ width, withoutEnlargement: true });
          return (type === 'image/avif' ? resized.avif(ENCODE[type]) : resized.webp(ENCODE[type])).toBuffer();
        });
        const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
        return { variant: { src: `/assets/images/${name}-${width}w-${hash}.${EXTENSION[type]}`, width, type }, bytes };
      }),
    );
  }

  return {
    name: 'image-variants',
    async generateBundle() {
      const imagesDir = path.join(publicDir, 'images');
      const manifest: Record<string, ImageVariant[]> = {};
      for (const file of readdirSync(imagesDir, { recursive: true, encoding: 'utf8' }).sort()) {
        if (!RASTER_IMAGE.test(file)) continue;
        const files = await variantsOf(readFileSync(path.join(imagesDir, file)), path.parse(file).name);
        for (const { variant, bytes } of files) this.emitFile({ type: 'asset', fileName: variant.src.slice(1), source: bytes });
        manifest[`/images/${file.split(path.sep).join('/')}`] = files.map((f) => f.variant);
      }
      this.emitFile({ type: 'asset', fileName: IMAGE_VARIANTS_MANIFEST, source: JSON.stringify(manifest, null, 2) });
    },
  };
}
