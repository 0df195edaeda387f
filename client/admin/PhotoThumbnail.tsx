import type { ImageVariant } from '../../shared/api/contract';

/** The width a photo is shown at in the staff area's lists and pickers (CSS pixels). */
const THUMBNAIL_WIDTH = 120;

/** An editor's photo, small: its smallest WebP variant (every browser the staff use decodes it), else the photo. */
export function PhotoThumbnail({ image, alt }: { image: { src: string; width: number; height: number; variants?: readonly ImageVariant[] }; alt: string }) {
  const smallest = image.variants?.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width)[0];
  return (
    <img
      className="admin-thumbnail"
      src={smallest?.src ?? image.src}
      width={THUMBNAIL_WIDTH}
      height={Math.round((THUMBNAIL_WIDTH * image.height) / image.width)}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}
