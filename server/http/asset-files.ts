import express, { type RequestHandler } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { preferredEncoding } from '../render/encoding';

const SUFFIX = { br: '.br', gzip: '.gz' } as const;
const PRECOMPRESSED = /\.(?:br|gz)$/;

/**
 * The hashed build assets (`/assets/*`): immutable, cached for a year, and sent in the `.br` or `.gz`
 * file the build compressed at the highest level (scripts/build/precompress-assets.ts) when the
 * browser accepts it, so no request compresses anything. A missing asset is a 404, never a page.
 */
export function assetFiles(dir: string): RequestHandler[] {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, { immutable: true, maxAge: '1y', index: false, fallthrough: false });
  const pickFile: RequestHandler = (req, res, next) => {
    const name = req.path.slice(1);
    // The compressed copies are only ever sent as an encoding of their asset.
    if (PRECOMPRESSED.test(name)) return next(Object.assign(new Error('Not Found'), { status: 404 }));
    if (!files.has(`${name}${SUFFIX.gzip}`)) return next();
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding && files.has(`${name}${SUFFIX[encoding]}`)) {
      // Typed from the asset's own name; the compression middleware leaves an encoded answer alone.
      res.type(path.extname(name));
      res.setHeader('Content-Encoding', encoding);
      req.url = `/${name}${SUFFIX[encoding]}`;
    }
    next();
  };
  return [pickFile, serve];
}
