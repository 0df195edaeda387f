import type { Image } from '../../shared/api/contract';
import { pictureSources } from '../../shared/images';
import { IMAGE_SLOTS, type ImageSlot } from './image-slots';

/**
 * An image with its intrinsic size, so the layout never shifts while it loads. A raster image with
 * variants is a `<picture>` (AVIF, then WebP, at the width its slot needs); an SVG is the file itself.
 * `lcp` marks the page's main picture, the largest thing in the first screen: fetched at once and
 * before other images. Everything else waits until it nears the screen.
 */
export function Img({ image, slot, className, lcp = false }: { image: Image; slot: ImageSlot; className?: string; lcp?: boolean }) {
  const img = (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={lcp ? 'eager' : 'lazy'}
      fetchPriority={lcp ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!image.variants?.length) return img;
  return (
    <picture>
      {pictureSources(image.variants).map(({ type, srcSet }) => (
        <source key={type} type={type} srcSet={srcSet} sizes={IMAGE_SLOTS[slot]} />
      ))}
      {img}
    </picture>
  );
}
