import { Router } from 'express';
import type { Registry } from 'prom-client';
import { hasBearerToken } from './bearer';

/**
 * `GET /metrics` with `Authorization: Bearer $OPS_TOKEN`: the replica's metrics in Prometheus's text
 * format, never stored by anyone. Without OPS_TOKEN there is no such route: an unknown address like any other.
 */
export function metricsEndpoint({
  opsToken,
  registry,
  also,
  cacheControl,
}: {
  opsToken: string | undefined;
  registry: Registry;
  /** More metrics in the same format, read at each scrape (the embedded content API's, which no scraper can reach on loopback). */
  also?: () => Promise<string>;
  /** What caches are told: never to store it, in the words of the app's own cache policy. */
  cacheControl: string;
}): Router {
  const router = Router();
  if (!opsToken) return router;
  router.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', cacheControl);
    if (!hasBearerToken(req.headers.authorization, opsToken)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return void res.status(401).json({ error: 'unauthorized' });
    }
    const [own, more] = await Promise.all([registry.metrics(), also?.().catch(() => '') ?? '']);
    res.type(registry.contentType).send(more ? `${own}\n${more}` : own);
  });
  return router;
}
