import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { LAYOUT_ROUTE_ID } from '../../../client/routes';
import { pagePathOf, PAYLOAD_SUFFIX, type PagePayload } from '../../../shared/document';
import { toFetchRequest } from '../request/fetch-request';
import { loaderContext } from '../routing/loader-context';
import { runLoaders } from '../routing/page-handler';
import { answerPage } from './answer-page';
import { CACHE_CONTROL, pageCacheControl } from '../cache-control';
import { isPrivateRender, renderFreshness } from './cache-policy';
import { sameSiteLocation, serializeErrors, setCookies, unexpectedErrors } from './query-result';
import type { RenderedPage } from './rendered-page';
import type { RenderDeps } from './render-page';

export function isPayloadPath(path: string): boolean {
  return path.endsWith(PAYLOAD_SUFFIX);
}

/** The page a payload URL is the data of: `/en/blog/_payload.json?page=2` is `/en/blog?page=2`. */
export function payloadPageUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? pagePathOf(url) : pagePathOf(url.slice(0, q)) + url.slice(q);
}

/**
 * `GET {page path}/_payload.json`: the page's loader data for a client navigation, from the same
 * loaders as the document. The layout's data (init) is left out: the browser has it already.
 * `POST`: a form posted from the browser runs the page's action; the router reloads the data after.
 */
export async function renderPayload(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  await answerPage(req, res, deps, () =>
    renderPayloadOf(deps, toFetchRequest(req, res, deps.origin, payloadPageUrl(req.originalUrl), req.method, { byScript: true })),
  );
}

/** The payload of the page `request` asks for: null when it was aborted. */
export async function renderPayloadOf(deps: RenderDeps, request: Request): Promise<RenderedPage | null> {
  const post = request.method === 'POST';
  const context = await runLoaders(deps, request, loaderContext(deps, request), (match) => !post && match.route.id !== LAYOUT_ROUTE_ID);
  if (!context) return null;
  let payload: PagePayload;
  let isPrivate = post;
  let cacheControl: string;
  let cookies: [string, string][];
  let errors: unknown[] = [];
  if (context instanceof Response) {
    const location = sameSiteLocation(context);
    if (!location) throw new Error(`A loader answered ${context.status} without a same-site Location`);
    cookies = setCookies([context.headers]);
    payload = { status: context.status, redirect: location, loaderData: {}, errors: null };
    // A redirect is kept by no one; the answer to a post is one visitor's own.
    cacheControl = post ? CACHE_CONTROL.privateNoStore : CACHE_CONTROL.noStore;
  } else {
    cookies = setCookies([...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)]);
    const { [LAYOUT_ROUTE_ID]: _layout, ...loaderData } = context.loaderData;
    payload = { status: context.statusCode, loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
    isPrivate = isPrivateRender(request, context);
    cacheControl = pageCacheControl(payload.status, renderFreshness(context, isPrivate));
    errors = unexpectedErrors(context.errors);
  }
  return {
    // A redirect travels in the payload, for the browser's router to follow.
    status: payload.redirect ? 200 : payload.status,
    headers: [['content-type', 'application/json; charset=utf-8'], ['cache-control', cacheControl], ...cookies],
    body: Buffer.from(JSON.stringify(payload)),
    shareable: !isPrivate && !payload.redirect,
    errors,
  };
}
