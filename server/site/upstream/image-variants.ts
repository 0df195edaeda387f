import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImageVariant } from '../../../shared/api/contract';
import { IMAGE_VARIANTS_MANIFEST } from '../../../shared/images';

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
