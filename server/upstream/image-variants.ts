import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImageVariant } from '../../shared/api/contract';
import { IMAGE_VARIANTS_MANIFEST } from '../../shared/images';

/** The AVIF and WebP copies the build made of each raster image under public/images, by its path. */
export type ImageVariants = ReadonlyMap<string, ImageVariant[]>;

/**
 * Reads the list the build wrote (scripts/build/image-variants.ts). A client build without one has
 * no raster images of its own: every picture is then named as the upstream gave it.
 */
export function loadImageVariants(clientDir: string): ImageVariants {
  let text: string;
  try {
    text = readFileSync(path.join(clientDir, IMAGE_VARIANTS_MANIFEST), 'utf8');
  } catch {
    return new Map();
  }
  return new Map(Object.entries(JSON.parse(text) as Record<string, ImageVariant[]>));
}

/**
 * Gives every image of an upstream answer that names one of the site's own raster files the build's
 * variants, unless the upstream gave it variants of its own. Images sit at many places of many answers
 * (products, cards, the hero, search results), so the answer is walked rather than each schema
 * followed: an image is any object with a `src`, and only a path the build listed matches. The answer
 * is the one just parsed, changed in place.
 */
export function attachImageVariants(answer: unknown, variants: ImageVariants): void {
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
