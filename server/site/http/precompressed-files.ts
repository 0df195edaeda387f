import express, { Router, type Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ServeStaticOptions } from 'serve-static';
import { preferredEncoding, type Encoding } from '../request/accepted-encoding';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const ENCODING_OF: Record<string, Encoding> = { '.br': 'br', '.gz': 'gzip' };

/**
 * `express.static` that sends the `.br` or `.gz` copy the build made of a file (at the highest level,
 * scripts/build/precompress-files.ts) when the browser accepts it, so no request compresses a file
 * again. The copies are only ever sent as an encoding of their file, never at their own address.
 */
export function precompressedFiles(dir: string, options: Omit<ServeStaticOptions<Response>, 'cacheControl'> & { cacheControl: string }): Router {
  const files = new Set(existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/')) : []);
  const serve = express.static(dir, {
    ...options,
    // The site's cache policy (server/site/cache-control.ts) says it; express.static's own (and its maxAge) is off.
    cacheControl: false,
    // Only once a copy is really sent (an error page must not claim an encoding). The compression
    // middleware leaves an encoded answer alone.
    setHeaders(res: Response, file: string, stat) {
      res.setHeader('Cache-Control', options.cacheControl);
      const suffix = path.extname(file);
      const encoding = ENCODING_OF[suffix];
      if (encoding) {
        res.setHeader('Content-Encoding', encoding);
        res.type(path.extname(file.slice(0, -suffix.length)));
      }
      options.setHeaders?.(res, file, stat);
    },
  });
  const router = Router();
  router.use((req, res, next) => {
    const name = req.path.slice(1);
    if (ENCODING_OF[path.extname(name)]) {
      if (options.fallthrough === false) return next(Object.assign(new Error('Not Found'), { status: 404 }));
      return next('router');
    }
    if (!files.has(`${name}${SUFFIX.gzip}`)) return next();
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding && files.has(`${name}${SUFFIX[encoding]}`)) req.url = `/${name}${SUFFIX[encoding]}`;
    next();
  }, serve);
  return router;
}
