import type { Image } from './api/contract';

/**
 * Social networks show a raster picture of about 1.91:1 and do not show SVG, while the site's
 * illustrations are SVG. The build makes a PNG of every SVG under /images/ at this size (scaled to
 * fill it, centred, the overflow cropped), at the path `shareImagePath` names; a picture of any other
 * kind (an upstream's photo) is shared as it is.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const ILLUSTRATION = /^\/images\/(.+)\.svg$/;

/** Where the build puts the PNG of an illustration; null for a picture that is not one. */
export function shareImagePath(src: string): string | null {
  const match = ILLUSTRATION.exec(src);
  return match ? `/images/share/${match[1]}.png` : null;
}

/** The picture to name in Open Graph and Twitter card tags. */
export function shareImage(image: Image): Image {
  const src = shareImagePath(image.src);
  return src ? { ...image, src, ...SHARE_IMAGE_SIZE } : image;
}
