import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { LAYOUT_ROUTE_ID } from '../../client/routes';
import { pagePathOf, PAYLOAD_SUFFIX, type PagePayload } from '../../shared/document';
import { isPrivatePage, serializeErrors, unexpectedErrors } from './page-handler';
import { forwardCookies, loaderContext, pageCacheControl, sameSiteLocation, sendFinished, toFetchRequest, type RenderDeps } from './render-page';

export function isPayloadPath(path: string): boolean {
  return path.endsWith(PAYLOAD_SUFFIX);
}

/**
 * `GET {page path}/_payload.json`: the page's loader data for a client navigation, from the same
 * loaders as the document. The layout's data (init) is left out: the browser has it already.
 * `POST`: a form posted from the browser runs the page's action; the router reloads the data after.
 */
export async function renderPayload(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  const pagePath = pagePathOf(req.path);
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  const request = toFetchRequest(req, res, deps.origin, pagePath + search);
  const post = request.method === 'POST';
  const context = await deps.handler.query(request, {
    requestContext: loaderContext(deps, request),
    filterMatchesToLoad: (match) => !post && match.route.id !== LAYOUT_ROUTE_ID,
  });
  if (request.signal.aborted) return;
  let payload: PagePayload;
  let isPrivate = post;
  if (context instanceof Response) {
    const location = sameSiteLocation(context);
    if (!location) throw new Error(`A loader answered ${context.status} without a same-site Location`);
    forwardCookies(res, [context.headers]);
    payload = { status: context.status, redirect: location, loaderData: {}, errors: null };
  } else {
    for (const error of unexpectedErrors(context.errors)) deps.logger.error({ err: error, url: req.originalUrl }, 'route error');
    forwardCookies(res, [...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)]);
    const { [LAYOUT_ROUTE_ID]: _layout, ...loaderData } = context.loaderData;
    payload = { status: context.statusCode, loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
    isPrivate ||= isPrivatePage(context);
  }
  const status = payload.redirect ? 200 : payload.status;
  const body = Buffer.from(JSON.stringify(payload));
  res.status(status).setHeader('Cache-Control', pageCacheControl(payload.status, isPrivate)).type('json');
  await sendFinished(deps, req, res, body, !isPrivate && !payload.redirect);
}
