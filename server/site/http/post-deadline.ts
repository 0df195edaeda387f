import type { Request, RequestHandler, Response } from 'express';
import { deadlinePassed } from '../request/deadline';

/**
 * Every post is answered within `ms` of its arrival (POST_TIMEOUT_S), whatever holds it: a body still
 * arriving (408: the request timeout only counts until the body is in), a parse that can never end,
 * photos waiting behind others for the decoder (503, to be sent again). The work under way for it is
 * told to stop, its connection is closed after the answer (a body still arriving is not read), and
 * its temporary files go with the connection. An answer already begun is left to finish.
 */
export function postDeadline({ ms, refuse }: { ms: number; refuse: (req: Request, res: Response, status: number) => void }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      deadlinePassed(res);
      res.setHeader('Connection', 'close');
      const arrived = req.complete;
      if (arrived) res.setHeader('Retry-After', '5');
      else res.once('finish', () => req.destroy());
      refuse(req, res, arrived ? 503 : 408);
    }, ms);
    res.once('close', () => clearTimeout(timer));
    next();
  };
}
