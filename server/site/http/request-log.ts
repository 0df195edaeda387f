import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';
import type { Entry, Served } from '../render/html-cache';
import type { CachedAnswerLog } from '../render/shared-pages';
import { requestId } from '../request/request-id';

/** Probes and scrapes come every few seconds and say nothing of visitors. */
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);

const pathOf = (req: IncomingMessage & { originalUrl?: string }) => (req.originalUrl ?? req.url ?? '').split('?')[0];

/**
 * A request's line, once its answer is sent or its client has gone:
 * `{"reqId", "req": {"method", "path"}, "res": {"status"}, "responseTime" | "cache", "msg"}`. A client
 * that went away before its answer ('request aborted') decided so: no fault of ours, so debug.
 * Cookies, authorization and query strings (which may hold what a visitor typed) stay out of the logs.
 */
export function logRequest(
  logger: Logger,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  id: string,
  fields: { responseTime?: number; cache?: Served },
): void {
  const answered = res.writableEnded;
  const level: Level = !answered ? 'debug' : res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    { reqId: id, req: { method: req.method, path: pathOf(req) }, res: { status: res.statusCode }, ...fields },
    answered ? 'request completed' : 'request aborted',
  );
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

/**
 * The lines of the answers from the HTML cache, the same as `logRequest`'s. Of such a line only the
 * request id differs from one answer of an entry to the next: the rest (method, path, status, how the
 * cache answered) is serialized once per entry and kind of answer, as a pino child logger's bindings,
 * rather than on every answer (decision 0039).
 */
export function cachedAnswerLog(logger: Logger): CachedAnswerLog {
  const children = new WeakMap<Entry, Logger[]>();
  // The site's level is set once, at start.
  const info = logger.isLevelEnabled('info');
  return (entry, req, res, served, id) => {
    if (!res.writableEnded) return logRequest(logger, req, res, id, { cache: served });
    if (!info) return;
    // GET or HEAD, 200 or 304, hit or stale.
    const kind = (req.method === 'HEAD' ? 4 : 0) + (res.statusCode === 304 ? 2 : 0) + (served === 'stale' ? 1 : 0);
    let kinds = children.get(entry);
    if (!kinds) children.set(entry, (kinds = []));
    const child = (kinds[kind] ??= logger.child({ req: { method: req.method, path: pathOf(req) }, res: { status: res.statusCode }, cache: served }));
    child.info({ reqId: id }, 'request completed');
  };
}
