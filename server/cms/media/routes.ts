import express from 'express';
import { mediaUploadBodySchema } from '../../../shared/api/staff-media';
import { fieldErrors } from '../../../shared/forms/fields';
import { PHOTO_FIELD } from '../../../shared/forms/photos';
import { isMultipart, readMultipartSubmission } from '../forms/multipart';
import type { StaffService } from '../staff/service';
import { actorOf, staffGuard, withBody } from '../staff/routes';
import type { MediaLibrary } from './library';

/** The media endpoints of shared/api/staff-media.ts: the list and uploads for editors, the files for everyone. */

const NOT_FOUND = { error: 'not_found' } as const;

export function mediaRoutes({ media, staff }: { media: MediaLibrary; staff: StaffService }): express.Router {
  const router = express.Router();
  router.use('/staff/media', staffGuard(staff, 'content'));

  router.get('/staff/media', (_req, res) => void res.json(media.list()));
  router.post('/staff/media', async (req, res) => {
    // Multipart only: any other body is left unread, as the staff endpoints' JSON is.
    if (!isMultipart(req)) return void res.status(415).json({ error: 'unsupported_type' });
    const posted = await readMultipartSubmission(req);
    if (!posted.ok) return void res.status(posted.status).json({ error: posted.status === 413 ? 'too_large' : 'bad_request', fields: posted.fields });
    const body = mediaUploadBodySchema.safeParse(posted.body);
    if (!body.success) return void res.status(400).json({ error: 'bad_request', fields: fieldErrors(body.error) });
    if (posted.photos.length !== 1) return void res.status(400).json({ error: 'bad_request', fields: { [PHOTO_FIELD]: 'media.errors.required' } });
    res.status(201).json(await media.upload(actorOf(res), body.data, posted.photos[0]!));
  });
  router.put(
    '/staff/media/:id',
    ...withBody(mediaUploadBodySchema, (body, req, res) => {
      const item = media.setAlt(actorOf(res), String(req.params.id), body);
      if (item) res.json(item);
      else res.status(404).json(NOT_FOUND);
    }),
  );

  // Public: the site relays it (immutable there: a file's name is its content's hash).
  router.get('/media/:file', (req, res) => {
    const path = media.pathOf(req.params.file);
    if (!path) return void res.status(404).json(NOT_FOUND);
    res.sendFile(path, (error) => {
      if (error && !res.headersSent) res.status(404).json(NOT_FOUND);
    });
  });
  return router;
}
