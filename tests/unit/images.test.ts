import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageVariant } from '../../shared/api/contract';
import { attachVariants, pictureSources, RASTER_IMAGE, variantWidths } from '../../shared/images';
import { shareImage, shareImagePath } from '../../shared/share-image';

const avif = (width: number, src = `/assets/images/p-${width}w-h.avif`): ImageVariant => ({ src, width, type: 'image/avif' });
const webp = (width: number): ImageVariant => ({ src: `/assets/images/p-${width}w-h.webp`, width, type: 'image/webp' });

describe('image variants', () => {
  it('makes the listed widths up to the original, never wider, and a narrow original at its own width', () => {
    expect(variantWidths(1600)).toEqual([480, 800, 1200, 1600]);
    expect(variantWidths(1000)).toEqual([480, 800]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('knows raster files from illustrations', () => {
    expect(['a.jpg', 'a.JPEG', 'a.png', 'a.webp'].every((f) => RASTER_IMAGE.test(f))).toBe(true);
    expect(['a.svg', 'a.gif', 'a.jpg.svg'].some((f) => RASTER_IMAGE.test(f))).toBe(false);
  });

  it('groups variants into one source per type, in the order given, each srcset narrowest first', () => {
    expect(pictureSources([avif(800), webp(480), avif(480), webp(800)])).toEqual([
      { type: 'image/avif', srcSet: '/assets/images/p-480w-h.avif 480w, /assets/images/p-800w-h.avif 800w' },
      { type: 'image/webp', srcSet: '/assets/images/p-480w-h.webp 480w, /assets/images/p-800w-h.webp 800w' },
    ]);
  });

  it('keeps an upstream URL whole in a srcset, spaces encoded', () => {
    expect(pictureSources([avif(640, 'https://cdn.example/a b.avif?w=640,q=50')])[0]!.srcSet).toBe('https://cdn.example/a%20b.avif?w=640,q=50 640w');
  });
});

describe('share pictures', () => {
  it('names a PNG for an illustration, a JPEG for a raster image, nothing for a picture from elsewhere', () => {
    expect(shareImagePath('/images/products/a.svg')).toBe('/images/share/products/a.png');
    expect(shareImagePath('/images/products/a-photo.jpg')).toBe('/images/share/products/a-photo.jpg');
    expect(shareImagePath('/images/products/a-photo.webp')).toBe('/images/share/products/a-photo.jpg');
    expect(shareImagePath('/images/a.gif')).toBeNull();
    expect(shareImagePath('https://cdn.example/images/a.jpg')).toBeNull();
  });

  it('shares a raster image at 1200×630 without its variants', () => {
    expect(shareImage({ src: '/images/p.webp', width: 1600, height: 1200, alt: 'P', variants: [avif(480)] })).toEqual({
      src: '/images/share/p.jpg',
      width: 1200,
      height: 630,
      alt: 'P',
    });
  });
});

describe('attachVariants', () => {
  const built = new Map([['/images/p.jpg', [avif(480), webp(480)]]]);

  it('gives the build’s variants to every image naming a listed file, wherever it sits in the answer', () => {
    const answer = {
      image: { src: '/images/p.jpg', width: 1600, height: 1200, alt: 'P' },
      images: [{ src: '/images/p.svg', width: 800, height: 600, alt: 'S' }],
      related: [{ title: 'R', image: { src: '/images/p.jpg', width: 1600, height: 1200, alt: 'R' } }],
    };
    attachVariants(answer, built);
    expect(answer.image).toMatchObject({ variants: [avif(480), webp(480)] });
    expect(answer.related[0]!.image).toMatchObject({ variants: [avif(480), webp(480)] });
    expect(answer.images[0]).not.toHaveProperty('variants');
  });

  it('leaves the variants an upstream gave as they are', () => {
    const own = [avif(640, 'https://cdn.example/p-640.avif')];
    const answer = { image: { src: '/images/p.jpg', width: 1600, height: 1200, alt: 'P', variants: own } };
    attachVariants(answer, built);
    expect(answer.image.variants).toBe(own);
  });
});

describe('the seed content’s images', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  /** Every `{ src, width, height }` of content/*.json that names a file of public/. */
  function seedImages(): { src: string; width: number; height: number }[] {
    const found: { src: string; width: number; height: number }[] = [];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      if (typeof record.src === 'string' && record.src.startsWith('/')) found.push(record as never);
      Object.values(record).forEach(visit);
    };
    for (const file of readdirSync(path.join(root, 'content')).filter((f) => f.endsWith('.json')))
      visit(JSON.parse(readFileSync(path.join(root, 'content', file), 'utf8')));
    return found;
  }

  it('exist, at the width and height the content gives (the page reserves that box)', async () => {
    const images = seedImages();
    expect(images.filter((image) => RASTER_IMAGE.test(image.src)).length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      const file = readFileSync(path.join(root, 'public', image.src));
      const size = RASTER_IMAGE.test(image.src)
        ? await sharp(file)
            .metadata()
            .then((m) => ({ width: m.autoOrient.width, height: m.autoOrient.height }))
        : { width: Number(/<svg[^>]*\swidth="(\d+)"/.exec(file.toString())?.[1]), height: Number(/<svg[^>]*\sheight="(\d+)"/.exec(file.toString())?.[1]) };
      expect(size, image.src).toEqual({ width: image.width, height: image.height });
    }
  });
});
