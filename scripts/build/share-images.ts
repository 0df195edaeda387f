import { Resvg } from '@resvg/resvg-js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { RASTER_IMAGE } from '../../shared/images.ts';
import { SHARE_IMAGE_SIZE, shareImagePath } from '../../shared/share-image.ts';

/**
 * Emits the share picture of every image under `public/images` into the browser build, for the Open
 * Graph and Twitter card tags (see shared/share-image.ts): a PNG of an SVG, a JPEG of a raster image.
 * A watching build makes only what changed.
 */
export function shareImages(publicDir: string): Plugin {
  const made = new Map<string, { source: Buffer; picture: Buffer }>();
  return {
    name: 'share-images',
    async generateBundle() {
      const imagesDir = path.join(publicDir, 'images');
      const names = new Map<string, string>();
      for (const file of readdirSync(imagesDir, { recursive: true, encoding: 'utf8' })) {
        const src = `/images/${file.split(path.sep).join('/')}`;
        const target = shareImagePath(src);
        if (!target) continue;
        // photo.jpg and photo.webp would share one picture.
        if (names.has(target)) throw new Error(`${src} and ${names.get(target)} would have the same share picture ${target}: rename one`);
        names.set(target, src);
        const source = readFileSync(path.join(imagesDir, file));
        let entry = made.get(src);
        if (!entry?.source.equals(source))
          made.set(src, (entry = { source, picture: RASTER_IMAGE.test(src) ? await photograph(source) : rasterize(source.toString('utf8')) }));
        this.emitFile({ type: 'asset', fileName: target.slice(1), source: entry.picture });
      }
    },
  };
}

/** The SVG drawn at the share size: its viewBox scaled to cover the frame, centred. */
export function rasterize(svg: string): Buffer {
  const { width, height } = SHARE_IMAGE_SIZE;
  const framed = svg.replace(/<svg\b[^>]*>/, (tag) => {
    if (!/\sviewBox="/.test(tag)) throw new Error('An illustration needs a viewBox to be scaled for sharing');
    const rest = tag.replace(/\s(?:width|height|preserveAspectRatio)="[^"]*"/g, '').slice('<svg'.length);
    return `<svg width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"${rest}`;
  });
  return new Resvg(framed, { fitTo: { mode: 'original' } }).render().asPng();
}

/** A raster image at the share size, scaled to cover the frame and centred, as a JPEG every network takes. */
function photograph(source: Buffer): Promise<Buffer> {
  return sharp(source, { autoOrient: true })
    .resize({ ...SHARE_IMAGE_SIZE, fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
