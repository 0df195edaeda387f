import { Router } from 'express';
import { CACHE_CONTROL } from '../cache-control';

export interface Readiness {
  /** False once shutdown has begun, so the load balancer stops sending traffic. */
  accepting: boolean;
  /** Whether the site can serve pages: the upstream answers, or its answers are cached. */
  check(): Promise<boolean>;
}

/** Ready: not shutting down, and able to serve pages. */
export async function isReady(readiness: Readiness): Promise<boolean> {
  return readiness.accepting && (await readiness.check().catch(() => false));
}

/** `/healthz`: the process is alive. `/readyz`: it can serve pages and is not shutting down. */
export function healthRoutes(readiness: Readiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    const ready = await isReady(readiness);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
  });
  return router;
}
