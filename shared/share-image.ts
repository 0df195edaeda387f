import type { Image } from './api/contract';
import { RASTER_IMAGE } from './images.ts';

/**
 * Social networks show a raster picture of about 1.91:1 and do not show SVG. The build makes a picture
 * of every image under /images/ at this size (scaled to fill it, centred, the overflow cropped), at the
 * path `shareImagePath` names: a PNG of an SVG illustration (flat colours), a JPEG of a raster one (a
 * photograph; the original may be a WebP, which not every network takes). A picture from elsewhere (an
 * upstream's photo) is shared as it is.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const SITE_IMAGE = /^\/images\/(.+)\.([a-z]+)$/i;

/** Where the build puts the share picture of one of the site's images; null for a picture from elsewhere. */
export function shareImagePath(src: string): string | null {
  const match = SITE_IMAGE.exec(src);
  if (!match) return null;
  if (match[2] === 'svg') return `/images/share/${match[1]}.png`;
  return RASTER_IMAGE.test(src) ? `/images/share/${match[1]}.jpg` : null;
}

/** The picture to name in Open Graph and Twitter card tags. */
export function shareImage(image: Image): Image {
  const src = shareImagePath(image.src);
  return src ? { src, alt: image.alt, ...SHARE_IMAGE_SIZE } : image;
}
