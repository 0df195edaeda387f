import { Router } from 'express';
import { SUBMISSION_PHOTO_PATH, SUBMISSION_PHOTO_TOKEN } from '../../../shared/api/bff';
import { UpstreamError } from '../upstream/client';
import type { FormsApi } from '../upstream/forms-api';
import { CACHE_CONTROL } from '../cache-control';

/**
 * `GET /api/submission-photos/:token`: a photo the company's notification links because a
 * submission's photos were too large together to attach (docs/decisions/0034-uploads-under-attack.md),
 * until a staff area shows them. The link is the authority, as the mail is for an attachment: its
 * token is 32 random bytes that only that mail holds (the content API keeps their hash), so there is
 * nothing to guess or list, and every other token, well formed or not, gets the same 404. Never kept
 * by any cache, never indexed, never sent on as a referrer.
 *
 *   200 image/jpeg (a download named as the photo) | 404 | 503 (upstream down)
 */
export function submissionPhotos({ forms }: { forms: Pick<FormsApi, 'linkedPhoto'> }): Router {
  const router = Router();
  router.get(`${SUBMISSION_PHOTO_PATH}/:token`, async (req, res, next) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.privateNoStore);
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const token = String(req.params.token);
    const notFound = () => void res.status(404).json({ error: 'not_found' });
    if (!SUBMISSION_PHOTO_TOKEN.test(token)) return notFound();
    try {
      const photo = await forms.linkedPhoto(token);
      if (!photo) return notFound();
      if (photo.disposition) res.setHeader('Content-Disposition', photo.disposition);
      res.status(200).type('image/jpeg').send(photo.bytes);
    } catch (error) {
      if (error instanceof UpstreamError) return void res.status(503).setHeader('Retry-After', '5').json({ error: 'upstream_unavailable' });
      next(error);
    }
  });
  return router;
}
