import { Resvg } from '@resvg/resvg-js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SHARE_IMAGE_SIZE, shareImagePath } from '../../shared/share-image.ts';

/**
 * Emits a PNG of every SVG illustration under `public/images` into the browser build, for the Open
 * Graph and Twitter card tags (see shared/share-image.ts). A watching build renders only what changed.
 */
export function shareImages(publicDir: string): Plugin {
  const rendered = new Map<string, { svg: string; png: Buffer }>();
  return {
    name: 'share-images',
    generateBundle() {
      const imagesDir = path.join(publicDir, 'images');
      for (const file of readdirSync(imagesDir, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.svg')) continue;
        const src = `/images/${file.split(path.sep).join('/')}`;
        const svg = readFileSync(path.join(imagesDir, file), 'utf8');
        let entry = rendered.get(src);
        if (entry?.svg !== svg) rendered.set(src, (entry = { svg, png: rasterize(svg) }));
        this.emitFile({ type: 'asset', fileName: shareImagePath(src)!.slice(1), source: entry.png });
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
