import { Router } from 'express';
import type { AssetManifest } from '../render/manifest';
import { CACHE_CONTROL } from '../cache-control';

/** What `/builds/latest.json` and `/builds/meta/{id}.json` answer. */
export interface BuildInfo {
  id: string;
  timestamp: number;
}

/**
 * The running build, for the browser's hourly check: `latest.json` is asked with a timestamp query and
 * may be cached for a second only (a deploy must show at once); a build's own meta file never changes,
 * so it is cached for a year. Only the running build's meta exists here (older ones live on in caches).
 */
export function buildFiles(manifest: Pick<AssetManifest, 'buildId' | 'builtAt'>): Router {
  const info: BuildInfo = { id: manifest.buildId, timestamp: manifest.builtAt };
  const router = Router();
  router.get('/builds/latest.json', (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.latestBuild);
    res.json(info);
  });
  router.get('/builds/meta/:file', (req, res) => {
    if (req.params.file !== `${info.id}.json`) {
      res.status(404).setHeader('Cache-Control', CACHE_CONTROL.noStore).json({ error: 'unknown build' });
      return;
    }
    res.setHeader('Cache-Control', CACHE_CONTROL.immutable);
    // This site has no route rules and prerenders nothing: the meta says so, in the reference's shape.
    res.json({ ...info, matcher: null, prerendered: [] });
  });
  return router;
}
