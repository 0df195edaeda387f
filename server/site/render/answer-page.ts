import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';
import type { ConcurrencyLimit } from '../../lib/concurrency-limit';
import { sharedRequestKey } from './cache-policy';
import { answerFromRender } from './html-cache';
import { logRouteErrors, sendRendered, type RenderedPage } from './rendered-page';
import type { SharedPages } from './shared-pages';

export interface AnswerDeps {
  /** The renders every visitor shares, and the HTML cache they fill; none when the cache is off. */
  pages?: SharedPages;
  /** Where a visitor's own render (but a form post's) waits its turn, or is shed (`QueueFull`): render-slots.ts. */
  renderSlots: ConcurrencyLimit;
  logger: Logger;
}

/**
 * Answers a page, payload or SEO file request. One whose answer is the same for every visitor is
 * rendered once, as its shared key's URL, for all who ask for that key meanwhile, then kept
 * (`shared-pages.ts`); any other is rendered for this visitor, and stops when they go away.
 */
export async function answerPage(
  req: ExpressRequest,
  res: ExpressResponse,
  deps: AnswerDeps,
  renderForVisitor: () => Promise<RenderedPage | null>,
): Promise<void> {
  const { pages } = deps;
  const key = pages ? sharedRequestKey(req.method, req.originalUrl, req.cookies) : null;
  if (pages && key !== null) {
    const shared = await pages.get(key);
    if (shared.entry) answerFromRender(req, res, shared.entry);
    else sendRendered(req, res, shared.page);
    return;
  }
  // A form post is never shed: the form limit bounds them, and a refused one would be a lost inquiry.
  // A visitor who left while their render waited for a slot is not rendered for.
  const page = req.method === 'POST' ? await renderForVisitor() : await deps.renderSlots(async () => (res.closed ? null : renderForVisitor()));
  if (page) sendOwnRender(req, res, deps, page);
}

/** A render made for this visitor alone: its route errors are logged each time, and it is sent. */
export function sendOwnRender(req: ExpressRequest, res: ExpressResponse, deps: Pick<AnswerDeps, 'logger'>, page: RenderedPage): void {
  logRouteErrors(deps.logger, page, req.path);
  sendRendered(req, res, page);
}
