import { Router } from 'express';
import { MEDIA_PREFIX, mediaFileSchema } from '../../../shared/api/staff-media';
import { CACHE_CONTROL } from '../cache-control';
import { UpstreamError } from '../upstream/client';
import type { StaffMediaApi } from '../upstream/staff-media-api';

/**
 * `GET /media/:file`: an editor's photo or one of its variants, relayed from the content API (which
 * may be on loopback or elsewhere). A file's name is its photo's hash and the variant's width and type,
 * and a file never changes at its name: immutable for a year, as the build's hashed images are, so
 * browsers, nginx and a CDN keep it and a replica relays each file once per cache.
 *
 *   200 image/jpeg | image/avif | image/webp | 404 | 503 (upstream down)
 */
export function mediaFiles({ media }: { media: Pick<StaffMediaApi, 'file'> }): Router {
  const router = Router();
  router.get(`${MEDIA_PREFIX}:file`, async (req, res, next) => {
    const notFound = () => void res.status(404).setHeader('Cache-Control', CACHE_CONTROL.noStore).type('text').send('Not Found');
    const name = String(req.params.file);
    if (!mediaFileSchema.safeParse(name).success) return notFound();
    try {
      const file = await media.file(name);
      if (!file || !file.type.startsWith('image/')) return notFound();
      res.status(200).setHeader('Cache-Control', CACHE_CONTROL.immutable).type(file.type).send(file.bytes);
    } catch (error) {
      if (error instanceof UpstreamError)
        return void res.status(503).setHeader('Cache-Control', CACHE_CONTROL.noStore).setHeader('Retry-After', '5').type('text').send('Service Unavailable');
      next(error);
    }
  });
  return router;
}
