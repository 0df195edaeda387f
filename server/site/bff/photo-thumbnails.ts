import { Router } from 'express';
import { PHOTO_THUMBNAIL_PATH } from '../../../shared/api/bff';
import { PHOTO_LIMITS } from '../../../shared/forms/photos';
import { readSession } from '../request/session-cookie';
import { UpstreamError } from '../upstream/client';
import type { AccountApi } from '../upstream/account-api';
import { CACHE_CONTROL } from '../cache-control';

/**
 * `GET /api/account/photos/:submissionId/:n`: the thumbnail of photo n (0-based) of one of the
 * signed-in visitor's own submissions, for their profile. The content API answers only for the
 * session's own verified address; anyone else (no session, another's submission, a wrong number)
 * gets the same 404, which tells nothing about what exists. Never cached by anyone but the visitor.
 *
 *   200 image/jpeg | 404 | 503 (upstream down)
 */
const SUBMISSION_ID = /^[0-9a-f-]{36}$/;

export function photoThumbnails({ account }: { account: Pick<AccountApi, 'photoThumbnail'> }): Router {
  const router = Router();
  router.get(`${PHOTO_THUMBNAIL_PATH}/:submissionId/:n`, async (req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.privateNoStore);
    const session = readSession(req.cookies);
    const n = Number(req.params.n);
    const id = String(req.params.submissionId);
    const notFound = () => void res.status(404).json({ error: 'not_found' });
    if (!session || !SUBMISSION_ID.test(id) || !Number.isInteger(n) || n < 0 || n >= PHOTO_LIMITS.count) return notFound();
    try {
      const thumbnail = await account.photoThumbnail(session, id, n);
      if (!thumbnail) return notFound();
      res.status(200).type('image/jpeg').send(thumbnail);
    } catch (error) {
      if (error instanceof UpstreamError) return void res.status(503).setHeader('Retry-After', '5').json({ error: 'upstream_unavailable' });
      next(error);
    }
  });
  return router;
}
