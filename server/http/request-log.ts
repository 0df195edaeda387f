import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Probes and scrapes come every few seconds and say nothing of visitors. */
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

/** The load balancer's request id when it is well formed, else a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * A request's line, once its answer is sent or its client has gone. A client that went away before
 * its answer ('request aborted') decided so: no fault of ours, so debug. Cookies, authorization and
 * query strings (which may hold what a visitor typed) stay out of the logs.
 */
export function logRequest(logger: Logger, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, id: string, fields: { responseTime?: number; cache?: string }): void {
  const answered = res.writableEnded;
  const level: Level = !answered ? 'debug' : res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  logger[level]({ req: { id, method: req.method, path }, res: { status: res.statusCode }, ...fields }, answered ? 'request completed' : 'request aborted');
}

/**
 * One log line per request with a request id: the load balancer's `X-Request-Id` when it is well
 * formed, else a new one; echoed in the answer. Not pino-http (decision 0030): it made two child
 * loggers per request, serialising the request into each, whether or not the line was written.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestId(req);
    res.setHeader('X-Request-Id', id);
    if (!UNLOGGED.has(req.url)) {
      const start = Date.now();
      res.once('close', () => logRequest(logger, req, res, id, { responseTime: Date.now() - start }));
    }
    next();
  };
}
