import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The load balancer's request id when it is well formed, else a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * One log line per request with a request id: the load balancer's `X-Request-Id` when it is well
 * formed, else a new one; echoed in the answer. Cookies, authorization and query strings (which may
 * hold what a visitor typed) stay out of the logs.
 */
export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestId(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Probes and scrapes come every few seconds and say nothing of visitors.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
    customLogLevel(_req, res, err) {
      // The client went away before its answer ('request aborted'): theirs to decide, no fault of ours.
      if (!err && !res.writableEnded) return 'debug';
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
