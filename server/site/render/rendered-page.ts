import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';
import { preferredEncoding } from '../request/accepted-encoding';
import { compressSync, entityTag } from './encoding';

/**
 * A finished render of a page or a payload, not yet sent: the same object whether it is answered to
 * the one visitor it was rendered for, or to every visitor who asked for the URL meanwhile and into
 * the HTML cache (`shared-pages.ts`).
 */
export interface RenderedPage {
  status: number;
  /** Content-Type, Cache-Control and the cookies loaders or actions set, with lower-case names. */
  headers: [name: string, value: string][];
  body: Buffer;
  /** A loader's or action's same-site redirect, sent with `status` and no page. */
  redirect?: string;
  /** Nothing in it belongs to one visitor: it gets an ETag and may be kept (see `isStorable`). */
  shareable: boolean;
  /**
   * Route errors that are ours (not 4xx answers), for whoever asked for the render to log: a visitor's
   * render logs them each time, a background render once until it succeeds again.
   */
  errors: unknown[];
}

export function logRouteErrors(logger: Logger, page: RenderedPage, path: string): void {
  for (const error of page.errors) logger.error({ err: error, path }, 'route error');
}

/**
 * Sends a rendered page to one visitor, compressed for them in one piece (a page the cache keeps is
 * sent from its entry instead, compressed once for everyone). Its ETag is the same as a cached copy's,
 * so a conditional request after the copy expired still gets its 304.
 */
export function sendRendered(req: ExpressRequest, res: ExpressResponse, page: RenderedPage): void {
  // The visitor may have gone away while the page was rendered for them, or been answered without it (a post's deadline).
  if (res.destroyed || res.headersSent) return;
  for (const [name, value] of page.headers) res.append(name, value);
  if (page.redirect) return void res.redirect(page.status, page.redirect);
  res.status(page.status);
  if (page.shareable) {
    res.setHeader('ETag', entityTag(page.body));
    if (req.fresh) return void res.status(304).end();
  }
  // Below a kilobyte, compression saves less than a packet (the compression middleware's threshold too).
  const encoding = page.body.length >= 1024 ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  const bytes = encoding ? compressSync(page.body, encoding) : page.body;
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
