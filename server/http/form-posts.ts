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

/**
 * The largest form the site takes: the inquiry at its bounds. Its free text may hold about 7,900
 * characters (message 5,000, note 1,000, 20 fabric entries of 60, name, address, box...), which a
 * browser posts percent-encoded: 3 bytes for a comma or quote, 6 for a line break or a č, 9 for a €.
 * 16 kB holds a typical inquiry but not every valid one, and a form the schema accepts must never be
 * refused as too large; 80 kB holds the worst case (about 72 kB) and still bounds what one post can
 * make the server hold.
 */
const BODY_LIMIT = '80kb';
/** The inquiry has 33 fields with its controls, and its multi-select posts one key per entry (up to 20). */
const PARAMETER_LIMIT = 100;

export interface FormPostOptions {
  origin: string;
  rateLimit: { windowMs: number; max: number };
  refuse: (req: Request, res: Response, status: number) => void;
  /** Told of each post refused for the rate (the site's metrics). */
  onRateLimited?: () => void;
}

export function formPosts({ origin, rateLimit, refuse, onRateLimited }: FormPostOptions): RequestHandler[] {
  const limiter = createRateLimiter(rateLimit);
  const guard: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST') return next();
    if (!isSameOrigin(req, origin)) return refuse(req, res, 403);
    const retryAfter = limiter.hit(req.ip ?? 'unknown');
    if (retryAfter > 0) {
      onRateLimited?.();
      res.setHeader('Retry-After', String(retryAfter));
      return refuse(req, res, 429);
    }
    next();
  };
  return [guard, express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: PARAMETER_LIMIT })];
}
