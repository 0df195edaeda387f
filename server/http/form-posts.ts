import express, { type Request, type RequestHandler, type Response } from 'express';

/**
 * What a POST must pass before any action runs: it comes from this site's own pages (Sec-Fetch-Site,
 * else Origin, else Referer), its body is small, and its sender has not posted too often.
 */
export function isSameOrigin(req: Request, origin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const from = req.headers.origin ?? req.headers.referer;
  if (typeof from !== 'string') return false;
  try {
    return new URL(from).origin === origin;
  } catch {
    return false;
  }
}

/** A fixed-window counter per client address; old windows are dropped as they pass. */
export function createRateLimiter({ windowMs, max, now = Date.now }: { windowMs: number; max: number; now?: () => number }) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** Seconds until the client may post again, or 0 when this post is allowed. */
    hit(key: string): number {
      const t = now();
      if (t - windowStart >= windowMs) {
        windowStart = t;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count > max ? Math.ceil((windowStart + windowMs - t) / 1000) : 0;
    },
  };
}

export interface FormPostOptions {
  origin: string;
  rateLimit: { windowMs: number; max: number };
  refuse: (req: Request, res: Response, status: number) => void;
}

export function formPosts({ origin, rateLimit, refuse }: FormPostOptions): RequestHandler[] {
  const limiter = createRateLimiter(rateLimit);
  const guard: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST') return next();
    if (!isSameOrigin(req, origin)) return refuse(req, res, 403);
    const retryAfter = limiter.hit(req.ip ?? 'unknown');
    if (retryAfter > 0) {
      res.setHeader('Retry-After', String(retryAfter));
      return refuse(req, res, 429);
    }
    next();
  };
  return [guard, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 })];
}
