import type { Image } from '../../shared/api/contract';

/** An image with its intrinsic size, so the layout never shifts while it loads. */
export function Img({ image, className, eager = false }: { image: Image; className?: string; eager?: boolean }) {
  return (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
