import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { matchRoute } from '../../../shared/route-match';
import { ROUTE_TRAITS } from '../../../shared/routes';
import { multipartForms } from '../photos/upload';
import { isPayloadPath, payloadPageUrl } from '../render/payload';
import { clientRateLimit } from './client-rate-limit';

/**
 * What a POST must pass before any action runs: it comes from this site's own pages (Sec-Fetch-Site,
 * else Origin, else Referer), its body is small (photos apart), and its sender has not posted too often.
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

/**
 * A post to a page whose screen takes posts from anywhere (its `crossSitePost` trait: the newsletter's
 * one-click unsubscribe, which mail programs post from their own servers, many subscribers from one
 * address): it needs no same-origin proof and is not counted against the forms' rate limit.
 */
/**
 * A post to a public form (inquiry, service request, newsletter) over the rate limit: the form's action
 * answers it, with everything typed kept and when to send again (`res.locals.postLimitedFor`, seconds),
 * so a visitor behind an address a bot has used up loses nothing. Other posts get the error page.
 */
function isPublicFormPost(req: Request): boolean {
  const match = matchRoute(isPayloadPath(req.path) ? payloadPageUrl(req.path) : req.path);
  return match !== null && ROUTE_TRAITS[match.name].action && ROUTE_TRAITS[match.name].private === 'signedIn';
}

function postedFromAnywhere(req: Request): boolean {
  if (req.method !== 'POST') return false;
  const match = matchRoute(req.path);
  return match !== null && ROUTE_TRAITS[match.name].crossSitePost === true;
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
  /** Posts one client address may make in `windowMs`, counted in `store` (unset: in this process). */
  rateLimit: { windowMs: number; max: number; store?: Store };
  refuse: (req: Request, res: Response, status: number) => void;
  /** Where a multipart post's photos wait while it is answered (server/site/photos/upload.ts). */
  uploadDir: string;
  /** Told of each post refused for the rate (the site's metrics). */
  onRateLimited?: () => void;
  logger: Logger;
}

export function formPosts({ origin, rateLimit, refuse, uploadDir, onRateLimited, logger }: FormPostOptions): RequestHandler[] {
  const sameOrigin: RequestHandler = (req, res, next) =>
    req.method !== 'POST' || postedFromAnywhere(req) || isSameOrigin(req, origin) ? next() : refuse(req, res, 403);
  const limit = clientRateLimit({
    windowMs: rateLimit.windowMs,
    limit: rateLimit.max,
    store: rateLimit.store,
    skip: (req) => req.method !== 'POST' || postedFromAnywhere(req),
    refuse: (req, res, next) => {
      onRateLimited?.();
      if (!isPublicFormPost(req)) return refuse(req, res, 429);
      res.locals.postLimitedFor = Number(res.getHeader('Retry-After')) || rateLimit.windowMs / 1000;
      next();
    },
    logger,
  });
  // A form with photos posts multipart (server/site/photos/upload.ts): the same fields, and its photos in files.
  return [
    sameOrigin,
    limit,
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: PARAMETER_LIMIT }),
    multipartForms({ refuse, dir: uploadDir }),
  ];
}
