import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { BoundedMemoryStore } from './bounded-memory-store';

export interface ClientRateLimitOptions {
  windowMs: number;
  /** Requests one client may make in a window. */
  limit: number;
  /** Where the counts live; unset, in this process (`BoundedMemoryStore`). */
  store?: Store;
  /** Requests that are not counted. */
  skip?: (req: Request) => boolean;
  /**
   * Answers a client over its limit; its `RateLimit` and `Retry-After` headers are set by then. `next`
   * lets the request go on, for a handler further on to answer it (a form keeps what was typed).
   */
  refuse: (req: Request, res: Response, next: NextFunction) => void;
  logger: Logger;
}

/**
 * A budget of requests per client address and window, the same for every limit of the site: the
 * address is `req.ip` (what TRUST_PROXY makes of X-Forwarded-For), an IPv6 client is counted by its
 * /56 (one subscriber may be handed the whole range), and every counted answer carries the standard
 * `RateLimit` and `RateLimit-Policy` headers (IETF draft 8), a refused one `Retry-After` as well.
 *
 * A store that cannot count (the database is unreachable) refuses nobody: the request goes on
 * uncounted and a warning is logged. What a refused post would protect is the outbox, which decides
 * by itself whether it can take the post.
 */
export function clientRateLimit({ windowMs, limit, store, skip, refuse, logger }: ClientRateLimitOptions): RequestHandler {
  const limiter = rateLimit({
    windowMs,
    limit,
    store: store ?? new BoundedMemoryStore(),
    skip,
    ipv6Subnet: 56,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    logger,
    handler: (req, res, next) => refuse(req, res, next),
  });
  return (req, res, next) =>
    // express-rate-limit hands on an error only when its store failed (the rest is our own code, which does not throw).
    void limiter(req, res, (error?: unknown) => {
      if (error) logger.warn({ err: error, path: req.path }, 'rate limit store failed; the request goes on uncounted');
      next();
    });
}
