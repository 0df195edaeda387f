import { Router } from 'express';
import { FORM_GUARD_PATH, type FormGuard } from '../../../shared/api/bff';
import { CACHE_CONTROL } from '../cache-control';
import type { SpamGuard } from '../spam/judge';

/**
 * `GET /api/forms/guard`: a fresh time token and a proof-of-work challenge for a form the visitor has
 * started filling in (shared/api/bff.ts). One visitor's, never cached. Costs the server one HMAC and
 * one SHA-256: no limit of its own beyond the site's.
 */
export function formGuardApi({ spam }: { spam: Pick<SpamGuard, 'guard'> }): Router {
  const router = Router();
  router.get(FORM_GUARD_PATH, async (_req, res) => {
    const answer: FormGuard = await spam.guard();
    res.setHeader('Cache-Control', CACHE_CONTROL.privateNoStore).json(answer);
  });
  return router;
}
