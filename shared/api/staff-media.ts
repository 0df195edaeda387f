import { z } from 'zod';
import { imageVariantSchema } from './contract';
import { LOCALES } from '../locales';

/*
 * The editors' photos (media) in the content API, beside the content editing's endpoints
 * (shared/api/staff-content.ts) and with their rules (Bearer staff session of a member with
 * STAFF_PERMISSIONS.content; 401/403). The content API stores each photo with its AVIF and WebP
 * variants, made as it is uploaded, and names them in every public answer whose image is the photo.
 *
 *   GET  staff/media                           -> MediaItem[] (newest first)
 *   POST staff/media   multipart: a part `body` (JSON MediaUploadBody) and one `photos` part, a JPEG
 *                      within PHOTO_LIMITS.longSidePx that the BFF decoded and cleaned
 *                      -> MediaItem | 400 {error, fields} (no JPEG, alt texts missing) | 413
 *   PUT  staff/media/:id  MediaUploadBody      -> MediaItem | 400 | 404 (new alt texts)
 *
 * Public (the site relays it at the same path, immutable: a file's name is its content's hash):
 *   GET  media/:file                           -> image/jpeg | image/avif | image/webp | 404
 */

/** Where a media file is on the site and in the content API: `/media/{id}.jpg`, `/media/{id}-{width}w.{avif|webp}`. */
export const MEDIA_PREFIX = '/media/';
export const mediaFileSchema = z.string().regex(/^[a-f0-9]{20}(-\d{1,4}w\.(avif|webp)|\.jpg)$/);

/** An alt text: what the photo shows, for someone who cannot see it (required in every language). */
export const mediaAltSchema = z.string().trim().min(1, 'media.errors.alt').max(300, 'media.errors.altLong');
export const mediaUploadBodySchema = z.object({
  alt: z.object(Object.fromEntries(LOCALES.map((l) => [l, mediaAltSchema])) as Record<(typeof LOCALES)[number], typeof mediaAltSchema>),
});
export type MediaUploadBody = z.infer<typeof mediaUploadBodySchema>;

export const mediaItemSchema = z.object({
  id: z.string(),
  /** The cleaned JPEG (the `<img>`'s own source, and what structured data names). */
  src: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: mediaUploadBodySchema.shape.alt,
  /** AVIF then WebP, at the site's widths up to the photo's own. */
  variants: z.array(imageVariantSchema),
  /** The editor's file name, cleaned. */
  name: z.string(),
  createdAt: z.string(),
  by: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
