import type { Request, RequestHandler, Response } from 'express';
import { concurrencyLimit, QueueFull } from '../../lib/concurrency-limit';

/**
 * A refused request (429, or 503 when shed) is answered after this pause. The refusal is decided at
 * once and nothing is spent on it meanwhile (a timer), but a flood's clients ignore `Retry-After` and
 * ask again the moment they are answered: answered at once, 200 connections would make thousands of
 * refusals a second, each a trip through the middleware, out of the one core the cached pages need.
 * Paused, each connection asks at most once a second. A visitor sees the same error page either way.
 */
export const REFUSAL_PAUSE_MS = 1000;

export function afterPause(res: Response, answer: () => void): void {
  const timer = setTimeout(answer, REFUSAL_PAUSE_MS);
  res.once('close', () => clearTimeout(timer));
}

export interface AdmissionQueueOptions {
  /** The requests it holds; the others pass untouched. */
  applies: (req: Request) => boolean;
  /** How many run at once, and how many may wait; one more is shed. */
  running: number;
  waiting: number;
  /** Answers a shed request (a 503; `Retry-After` is set), after the pause. */
  refuse: (req: Request, res: Response) => void;
  onShed: () => void;
}

/** Seconds a shed request is told to wait: a queue of renders empties within a second or two. */
const SHED_RETRY_AFTER_S = '2';

/**
 * Work that runs for a request (a render) at most `running` at a time, the next `waiting` in turn, and
 * any more shed before anything is spent on it: what a crowd can make the process hold at once is
 * bounded, and what is admitted is answered in good time. A slot is the request's until its answer is
 * sent or its client has gone.
 */
export function admissionQueue({ applies, running, waiting, refuse, onShed }: AdmissionQueueOptions): RequestHandler {
  const limit = concurrencyLimit(running, { maxQueue: waiting });
  return (req, res, next) => {
    if (!applies(req)) return next();
    limit(
      () =>
        new Promise<void>((done) => {
          if (res.closed) return done();
          res.once('close', done);
          next();
        }),
    ).catch((error: unknown) => {
      if (!(error instanceof QueueFull)) return next(error);
      onShed();
      afterPause(res, () => {
        res.setHeader('Retry-After', SHED_RETRY_AFTER_S);
        refuse(req, res);
      });
    });
  };
}
