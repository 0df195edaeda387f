import express, { Router, type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { rumReportSchema, type RumReport } from '../../../shared/rum';
import { hasBearerToken } from '../../lib/bearer';
import { clientRateLimit } from '../http/client-rate-limit';
import { isSameOrigin } from '../http/form-posts';
import { rumLogFields, RUM_LOG_MESSAGE } from '../rum/log-line';
import type { RumSummary } from '../rum/summary';
import { CACHE_CONTROL } from '../cache-control';

/**
 * `POST /api/rum`: the web-vitals report of a page view (shared/rum.ts), sent by the page itself with
 * `navigator.sendBeacon`. Logged as one line and counted in the summary.
 *
 *   204                               (logged and counted)
 *   400 { error: 'bad_request' }      (not JSON, or not a report)
 *   403 { error: 'forbidden' }        (not from this site's pages)
 *   413 { error: 'too_large' }        (body over 4 kB)
 *   415 { error: 'unsupported_type' } (not application/json)
 *   429 { error: 'rate_limited' }     (with RateLimit and Retry-After headers)
 *
 * `GET /api/rum/p75` with `Authorization: Bearer $OPS_TOKEN`: the summary's rows (server/site/rum/summary.ts);
 * without OPS_TOKEN the address does not exist.
 */

/** The largest report is about 600 bytes; 4 kB leaves room and still bounds what one post costs. */
const BODY_LIMIT = '4kb';

export interface RumApiOptions {
  origin: string;
  /** Reports one client address may send in a minute. */
  limit: number;
  opsToken: string | undefined;
  logger: Logger;
  summary: RumSummary;
  /** Told of each accepted report (the site's metrics). */
  webVitals?: { record(report: RumReport): void };
  /** Told of each report refused for the rate (the site's metrics). */
  onRateLimited?: () => void;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  next();
};

const refuse = (res: Response, status: number, error: string) => void res.status(status).json({ error });

export function rumApi({ origin, limit, opsToken, logger, summary, webVitals, onRateLimited }: RumApiOptions): Router {
  const router = Router();
  router.post(
    '/api/rum',
    noStore,
    (req, res, next) => (isSameOrigin(req, origin) ? next() : refuse(res, 403, 'forbidden')),
    // Counted by each replica alone (N replicas take N times the limit): reports come with every sampled
    // page view, too many to cost a database round trip each, as the forms' shared budget does.
    clientRateLimit({
      windowMs: 60_000,
      limit,
      logger,
      refuse: (_req, res) => {
        onRateLimited?.();
        refuse(res, 429, 'rate_limited');
      },
    }),
    (req, res, next) => (req.is('application/json') ? next() : refuse(res, 415, 'unsupported_type')),
    express.json({ limit: BODY_LIMIT }),
    (req, res) => {
      const parsed = rumReportSchema.safeParse(req.body);
      if (!parsed.success) return refuse(res, 400, 'bad_request');
      logger.info(rumLogFields(parsed.data), RUM_LOG_MESSAGE);
      summary.record(parsed.data);
      webVitals?.record(parsed.data);
      res.status(204).end();
    },
  );
  const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') return refuse(res, 413, 'too_large');
    if (type === 'entity.parse.failed') return refuse(res, 400, 'bad_request');
    next(error);
  };
  router.use('/api/rum', bodyErrors);

  if (opsToken) {
    router.get('/api/rum/p75', noStore, (req, res) => {
      if (!hasBearerToken(req.headers.authorization, opsToken)) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        return refuse(res, 401, 'unauthorized');
      }
      res.json({ rows: summary.rows() });
    });
  }
  return router;
}
