import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { i18nForReact } from '../../../client/i18n/for-react';
import { buildHead } from '../../../shared/head';
import type { DocumentData } from '../../../shared/document';
import { toFetchRequest } from '../request/fetch-request';
import { requestLocale } from '../request/request-locale';
import { loaderContext, previewTokenOf, type LoaderDeps } from '../routing/loader-context';
import { runLoaders, type PageHandler } from '../routing/page-handler';
import { errorPageSettings } from '../upstream/fallback-init';
import { unchanged } from '../upstream/kept-unchanged';
import { answerPage, sendOwnRender, type AnswerDeps } from './answer-page';
import { CACHE_CONTROL, pageCacheControl } from '../cache-control';
import { isPrivateRender, renderFreshness } from './cache-policy';
import { documentEnd, documentStart } from './document';
import { errorDocument } from './error-document';
import type { AssetManifest } from './manifest';
import { layoutData, matchedPageModules, pageMeta, sameSiteLocation, serializeErrors, setCookies, unexpectedErrors } from './query-result';
import type { RenderedPage } from './rendered-page';

/** What rendering a page needs: the loaders' context, the route tree, the assets, the answer's plumbing. */
export interface RenderDeps extends LoaderDeps, AnswerDeps {
  handler: PageHandler;
  manifest: AssetManifest;
  /** A render that takes longer is aborted (the upstream has its own, shorter timeouts). */
  renderTimeoutMs?: number;
  /** Google Tag Manager container id, when one is configured. */
  gtmId?: string;
  /** Share of page views that report web vitals (0 to 1); none when unset. */
  rumSampleRate?: number;
}

/**
 * The routes of the matched branch alone, for the static router: it converts every route it is given
 * and React Router matches them again while rendering, on every render; the whole tree has a route per
 * screen and locale (64), the branch two. Rendering needs no other: links are plain anchors.
 */
function matchedBranch(context: StaticHandlerContext): RouteObject[] {
  return context.matches.reduceRight<RouteObject[] | undefined>((children, { route }) => [{ ...route, children } as RouteObject], undefined) ?? [];
}

export async function renderPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  await answerPage(req, res, deps, () => renderDocument(deps, toFetchRequest(req, res, deps.origin)));
}

/**
 * The document of a request: null when it was aborted. `refusal`: the status the request was already
 * refused with before the router, which the page's loader answers (see `renderErrorPage`).
 */
export async function renderDocument(deps: RenderDeps, request: Request, refusal?: number): Promise<RenderedPage | null> {
  const requestContext = loaderContext(deps, request);
  const context = await runLoaders(deps, request, { ...requestContext, refusal });
  if (!context) return null;
  if (context instanceof Response) {
    const location = sameSiteLocation(context);
    if (!location) throw new Error(`A loader answered ${context.status} without a same-site Location`);
    return redirectPage(context.status, location, setCookies([context.headers]));
  }
  if (context.statusCode === 404 && request.method === 'GET') {
    const moved = await movedTo(deps, new URL(request.url).pathname);
    if (moved) return redirectPage(301, moved, []);
  }
  return streamDocument(
    deps,
    context,
    request,
    requestContext.i18n,
    setCookies([...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)]),
  );
}

function redirectPage(status: number, location: string, cookies: [string, string][]): RenderedPage {
  return {
    status,
    headers: [['cache-control', CACHE_CONTROL.noStore], ...cookies],
    body: Buffer.alloc(0),
    redirect: location,
    shareable: false,
    errors: [],
  };
}

/** Where the content's redirects table sends an old address of a renamed page, if anywhere (a site path only). */
async function movedTo(deps: RenderDeps, path: string): Promise<string | null> {
  try {
    const { to } = await deps.api.redirect(path);
    return to.startsWith('/') && !to.startsWith('//') && !to.includes('\\') ? to : null;
  } catch {
    // Not a redirect, or the upstream cannot say: the 404 stands.
    return null;
  }
}

/**
 * The error page of a request refused before the router (429 from the form rate limit, a failure in
 * the middleware): the page at that address renders with the status, inside the layout, so the
 * visitor still has the header, the phone and the email. Nothing is posted or run again.
 */
export async function renderErrorPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps, status: number): Promise<void> {
  const page = await renderDocument(deps, toFetchRequest(req, res, deps.origin, req.originalUrl, 'GET'), status);
  if (!page) return;
  if (page.redirect) throw new Error(`The error page of ${status} answered ${page.status}`);
  sendOwnRender(req, res, deps, page);
}

/**
 * Renders the route tree into the whole document. Pages load their data before rendering (loaders
 * return plain data), so nothing waits on the network once the shell is ready: the document is
 * collected and sent as one piece, with its length, compressed once, instead of many small
 * compressed chunks. Null when the request is aborted; the render stops then.
 */
function streamDocument(
  deps: RenderDeps,
  context: StaticHandlerContext,
  request: Request,
  i18n: i18n,
  cookies: [string, string][],
): Promise<RenderedPage | null> {
  const path = new URL(request.url).pathname;
  const layout = layoutData(context);
  const locale = layout?.locale ?? requestLocale(request);
  const status = context.statusCode;
  const meta = pageMeta(context) ?? {
    title: i18n.exists(`error.${status}.title`) ? i18n.t(`error.${status}.title`) : i18n.t('error.title'),
    description: '',
    alternates: {},
    noindex: true,
  };
  const head = buildHead(meta, { locale, siteName: layout?.settings.company_name ?? '', origin: deps.origin, path });
  const assets = deps.manifest.forPage(matchedPageModules(context));
  const data: DocumentData = {
    locale,
    buildId: deps.manifest.buildId,
    config: { gtmId: deps.gtmId ?? null, rumSampleRate: deps.rumSampleRate ?? 0 },
    // What the request's instance rendered with, inlined: the browser fetches no strings to hydrate.
    strings: unchanged(deps.i18n.strings(i18n)),
    hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
  };
  const { signal } = request;
  const isPrivate = isPrivateRender(request, context);

  return new Promise((resolve) => {
    let timedOut = false;
    // Cleared on every end of the render: a live timer or listener would keep the whole render in memory.
    const done = (page: RenderedPage | null) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve(page);
    };
    const router = createStaticRouter(matchedBranch(context), context);
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18nForReact(i18n)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>,
      {
        onShellReady() {
          const chunks: Buffer[] = [Buffer.from(documentStart(head, assets))];
          const body = new Writable({
            write(chunk: Buffer, _encoding, next) {
              chunks.push(chunk);
              next();
            },
          });
          body.on('finish', () => {
            if (signal.aborted) return done(null);
            chunks.push(Buffer.from(documentEnd(data)));
            const headers: [string, string][] = [
              ['content-type', 'text/html; charset=utf-8'],
              ['cache-control', pageCacheControl(status, renderFreshness(context, isPrivate))],
              ...cookies,
            ];
            // A draft is never a page for search engines.
            if (previewTokenOf(request)) headers.push(['x-robots-tag', 'noindex, nofollow']);
            // A render cut short by its timer is whatever React had: never one to keep.
            done({ status, headers, body: Buffer.concat(chunks), shareable: !isPrivate && !timedOut, errors: unexpectedErrors(context.errors) });
          });
          pipe(body);
        },
        onShellError(error) {
          if (signal.aborted) return done(null);
          // An error thrown while rendering never reaches the route boundary on the server.
          deps.logger.error({ err: error, path }, 'render failed');
          const page = errorDocument(500, i18n, deps.manifest, errorPageSettings(deps.api, locale));
          done({
            status: 500,
            headers: [
              ['content-type', 'text/html; charset=utf-8'],
              ['cache-control', CACHE_CONTROL.noStore],
            ],
            body: Buffer.from(page),
            shareable: false,
            errors: [],
          });
        },
        onError(error) {
          if (!signal.aborted) deps.logger.error({ err: error, path }, 'render error');
        },
      },
    );
    const stop = () => abort(signal.reason);
    const timer = setTimeout(() => {
      timedOut = true;
      abort(new Error('render timed out'));
    }, deps.renderTimeoutMs ?? 10_000);
    signal.addEventListener('abort', stop, { once: true });
  });
}
