import type { ImageVariant } from './api/contract';

/** Where the build lists the variants it made, by the original's path (in the client build's folder). */
export const IMAGE_VARIANTS_MANIFEST = '.vite/image-variants.json';

/** Pictures the build makes variants of (and a JPEG to share); SVG illustrations are left as they are. */
export const RASTER_IMAGE = /\.(?:jpe?g|png|webp)$/i;

/**
 * The widths the build makes of a raster image: from a phone's column at 1x to a desktop column at 2x
 * and 3x (the widest slot, the product's and hero's, is about 560 CSS px). Never wider than the original.
 */
export const VARIANT_WIDTHS = [480, 800, 1200, 1600] as const;

/** Best first: AVIF is about half of WebP at the same look, and WebP is what an older browser takes. */
export const VARIANT_TYPES = ['image/avif', 'image/webp'] as const;

/** Each variant type's file extension. */
export const VARIANT_EXTENSION = { 'image/avif': 'avif', 'image/webp': 'webp' } as const;

/** Qualities that look alike on a photograph (AVIF's scale sits lower than WebP's): the build's and the editors' uploads'. */
export const VARIANT_ENCODING = { 'image/avif': { quality: 55, effort: 4 }, 'image/webp': { quality: 78 } } as const;

/** The widths to make of an original `width` wide: the list's up to it, or the original's alone. */
export function variantWidths(width: number): number[] {
  const widths = VARIANT_WIDTHS.filter((w) => w <= width);
  return widths.length ? widths : [width];
}

/** The `<source>` elements of a `<picture>`: one per type, in the order the variants first name them. */
export function pictureSources(variants: readonly ImageVariant[]): { type: string; srcSet: string }[] {
  const byType = new Map<string, ImageVariant[]>();
  for (const variant of variants) byType.set(variant.type, [...(byType.get(variant.type) ?? []), variant]);
  return [...byType].map(([type, list]) => ({
    type,
    // A space would end the URL in a srcset.
    srcSet: [...list]
      .sort((a, b) => a.width - b.width)
      .map((v) => `${v.src.replace(/\s/g, encodeURIComponent)} ${v.width}w`)
      .join(', '),
  }));
}

/**
 * Gives every image of an answer whose `src` `variants` lists those variants, unless it has its own.
 * Images sit at many places of many answers (products, cards, the hero, search results), so the answer
 * is walked rather than each schema followed: an image is any object with a `src`. Changed in place.
 */
export function attachVariants(answer: unknown, variants: ReadonlyMap<string, readonly ImageVariant[]>): void {
  if (variants.size === 0) return;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && record.variants === undefined) {
      const found = variants.get(record.src);
      if (found) record.variants = found;
    }
    Object.values(record).forEach(visit);
  };
  visit(answer);
}
