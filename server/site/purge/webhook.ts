import express, { Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { SITEMAP_PATH } from '../render/seo-files';
import { CACHE_CONTROL } from '../cache-control';
import { verifyPurge, type PurgeSignature } from '../../lib/purge-signature';

const bodySchema = z.object({ id: z.string().max(64).optional(), paths: z.array(z.string().startsWith('/').max(2048)).max(1000).optional() }).strict();

/**
 * Where a purge is recorded before it is done: its signature is accepted once (a captured call
 * replayed within the skew allowed is refused), and every other replica is told to purge the same.
 */
export interface PurgeBroadcast {
  /** 'replayed' when the signature was used before; else the other replicas are told (or there are none). */
  publish(signature: PurgeSignature, paths: readonly string[]): Promise<'published' | 'replayed'>;
}

/** One process alone: nobody else to tell; the signatures used are kept in memory until they expire. */
export function inProcessPurgeBroadcast(now = Date.now): PurgeBroadcast {
  /** Digest (hex) → expiry (ms). Purges are rare: a sweep on each is cheap. */
  const used = new Map<string, number>();
  return {
    async publish({ digest, expiresS }) {
      for (const [key, expiresMs] of used) if (expiresMs < now()) used.delete(key);
      const key = digest.toString('hex');
      if (used.has(key)) return 'replayed';
      used.set(key, expiresS * 1000);
      return 'published';
    },
  };
}

export interface CachePurgeOptions {
  secret: string | undefined;
  broadcast: PurgeBroadcast;
  /** Drops this replica's cached pages under the path prefixes (all when none) and its upstream answers. */
  purge: (paths: string[]) => number;
  logger: Logger;
}

/**
 * `POST /api/cache/purge`: the content system says what changed (`{"id": "...", "paths": [...]}`, page
 * paths, each naming its page with any query and its payload, or `/prefix/*` every page under it; no
 * paths: everything) and every replica drops those pages and its copies of upstream answers. `id`,
 * unique per call, makes two calls with the same paths in one second two signatures, not a replay.
 * Signed with the shared secret; without a secret configured the endpoint does not exist.
 *
 *   200 { purged: n }                  (pages this replica dropped; the others drop theirs)
 *   400 { error: 'bad_request' }       (not the JSON above)
 *   401 { error: 'bad_signature' }     (no signature, a wrong one, or one over five minutes off)
 *   409 { error: 'replayed' }          (this signature was accepted before: the purge was done)
 *   503 { error: 'unavailable' }       (the database failed: nothing was purged, send it again)
 */
export function cachePurge({ secret, broadcast, purge, logger }: CachePurgeOptions): Router {
  const router = Router();
  if (!secret) return router;
  router.post('/api/cache/purge', express.text({ type: 'application/json', limit: '64kb' }), async (req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    const raw = typeof req.body === 'string' ? req.body : '';
    const signature = verifyPurge(secret, req.get('x-signature'), raw);
    if (!signature) return void res.status(401).json({ error: 'bad_signature' });
    let parsed;
    try {
      parsed = bodySchema.safeParse(JSON.parse(raw || '{}'));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return void res.status(400).json({ error: 'bad_request' });
    const paths = parsed.data.paths ?? [];
    // The sitemap lists every page: whatever changed, it changed too. No paths: everything goes anyway.
    const purged = paths.length > 0 ? [...paths, SITEMAP_PATH] : [];
    let published;
    try {
      published = await broadcast.publish(signature, purged);
    } catch (err) {
      // A purge the other replicas may not hear of is not done here either: the content system's retry does it everywhere.
      logger.error({ err }, 'cache purge not recorded: the database failed');
      return void res.status(503).setHeader('Retry-After', '5').json({ error: 'unavailable' });
    }
    // 409 rather than 401: the signature is good, and a sender that retried after a lost answer learns the purge was done.
    if (published === 'replayed') return void res.status(409).json({ error: 'replayed' });
    res.json({ purged: purge(purged) });
  });
  return router;
}
