import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type DataRouteMatch, type StaticHandlerContext } from 'react-router';
import type { Logger } from 'pino';
import { i18nBundleSource } from '../../client/i18n/bundles';
import { I18nProvider } from '../../client/i18n/i18n';
import { buildHead } from '../../shared/head';
import type { DocumentData } from '../../shared/document';
import type { Translations } from '../i18n';
import { readSession } from '../http/session-cookie';
import type { Outbox } from '../outbox/types';
import type { AccountApi } from '../upstream/account-api';
import type { ContentApi } from '../upstream/content-api';
import { pageCacheControl, sharedRequestKey } from './cache-policy';
import { documentEnd, documentStart } from './document';
import { answerFromCache } from './html-cache';
import { errorDocument } from './error-document';
import { errorPageSettings } from './fallback-init';
import type { LoaderContext } from './loaders';
import type { AssetManifest } from './manifest';
import { isPrivatePage, layoutData, matchedPageModules, pageMeta, serializeErrors, unexpectedErrors, type PageHandler } from './page-handler';
import { logRouteErrors, sendRendered, type RenderedPage } from './rendered-page';
import { requestLocale } from './request-locale';
import type { SharedPages } from './shared-pages';

export interface RenderDeps {
  handler: PageHandler;
  manifest: AssetManifest;
  translations: Translations;
  api: ContentApi;
  account: AccountApi;
  /** The site's public origin: request URLs are built on it, never on the Host header. */
  origin: string;
  logger: Logger;
  /** A render that takes longer is aborted (the upstream has its own, shorter timeouts). */
  renderTimeoutMs?: number;
  /** The renders every visitor shares, and the HTML cache they fill; none when the cache is off. */
  pages?: SharedPages;
  /** Where the public forms' submissions are stored until they are delivered upstream. */
  outbox: Outbox;
  /** Google Tag Manager container id, when one is configured. */
  gtmId?: string;
  /** Share of page views that report web vitals (0 to 1); none when unset. */
  rumSampleRate?: number;
}

/**
 * The page's Fetch request for one visitor, on the configured origin (never the Host header), with
 * their cookies and a posted form's fields, aborted when the visitor goes away.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, origin: string, url = req.originalUrl, method = req.method): Request {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const post = method === 'POST';
  const form = new URLSearchParams();
  if (post) {
    for (const [key, value] of Object.entries((req.body ?? {}) as Record<string, string | string[]>)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
    }
  }
  return new Request(new URL(url, origin), {
    method: post ? 'POST' : 'GET',
    headers: { cookie: req.headers.cookie ?? '', ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: post ? form : undefined,
    signal: controller.signal,
  });
}

/**
 * A page's request as an anonymous visitor makes it: no cookie, nothing of whoever asked. Shared
 * renders use it; no visitor leaving stops it (the others waiting, and the cache, want the page).
 */
export function anonymousRequest(url: string, origin: string): Request {
  return new Request(new URL(url, origin));
}

export function loaderContext(deps: RenderDeps, request: Request): LoaderContext {
  return {
    api: deps.api,
    account: deps.account,
    session: readSession(request.headers.get('cookie')),
    secure: deps.origin.startsWith('https:'),
    origin: deps.origin,
    t: deps.translations.instances[requestLocale(request)].t,
    outbox: deps.outbox,
  };
}

/**
 * Runs the route tree's loaders (and a post's action) for a request; null when the request was aborted
 * (its visitor went away), which is no error. react-router 7.18 rejects an aborted `query()` with the
 * signal's reason, or, when the abort lands while a lazy route's loader runs, with a TypeError of its
 * own ("reading 'result'"): whatever an aborted query throws, the abort is the cause.
 */
export async function runLoaders(deps: RenderDeps, request: Request, requestContext: LoaderContext, filterMatchesToLoad?: (match: DataRouteMatch) => boolean) {
  const path = new URL(request.url).pathname;
  deps.logger.debug({ path }, 'render started');
  try {
    const context = await deps.handler.query(request, { requestContext, filterMatchesToLoad });
    if (!request.signal.aborted) return context;
  } catch (error) {
    if (!request.signal.aborted) throw error;
  }
  deps.logger.debug({ path }, 'render stopped: the client went away');
  return null;
}

/** The cookies that loaders and actions set (the session cookie), for the answer. */
export function setCookies(headers: Iterable<Headers>): [string, string][] {
  const cookies: [string, string][] = [];
  for (const h of headers) for (const cookie of h.getSetCookie()) cookies.push(['set-cookie', cookie]);
  return cookies;
}

/** A redirect a loader asked for, if it stays on this site. */
export function sameSiteLocation(response: Response): string | null {
  const location = response.headers.get('Location');
  return location && /^\/(?![/\\])/.test(location) ? location : null;
}

/**
 * Answers a page, payload or SEO file request. One whose answer is the same for every visitor is
 * rendered once, as its shared key's URL, for all who ask for that key meanwhile, then kept
 * (`shared-pages.ts`); any other is rendered for this visitor, and stops when they go away.
 */
export async function answerPage(req: ExpressRequest, res: ExpressResponse, deps: Pick<RenderDeps, 'pages' | 'logger'>, renderForVisitor: () => Promise<RenderedPage | null>): Promise<void> {
  const { pages } = deps;
  const key = pages ? sharedRequestKey(req.method, req.originalUrl, req.headers.cookie) : null;
  if (pages && key !== null) {
    const shared = await pages.get(key);
    if (shared.entry) answerFromCache(req, res, shared.entry, ['x-cache', 'MISS']);
    else sendRendered(req, res, shared.page);
    return;
  }
  const page = await renderForVisitor();
  if (page) sendOwnRender(req, res, deps, page);
}

/** A render made for this visitor alone: its route errors are logged each time, and it is sent. */
function sendOwnRender(req: ExpressRequest, res: ExpressResponse, deps: Pick<RenderDeps, 'logger'>, page: RenderedPage): void {
  logRouteErrors(deps.logger, page, req.path);
  sendRendered(req, res, page);
}

export async function renderPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  await answerPage(req, res, deps, () => renderDocument(deps, toFetchRequest(req, res, deps.origin)));
}

/**
 * The document of a request: null when it was aborted. `refusal`: the status the request was already
 * refused with before the router, which the page's loader answers (see `renderErrorPage`).
 */
export async function renderDocument(deps: RenderDeps, request: Request, refusal?: number): Promise<RenderedPage | null> {
  const context = await runLoaders(deps, request, { ...loaderContext(deps, request), refusal });
  if (!context) return null;
  if (context instanceof Response) {
    const location = sameSiteLocation(context);
    if (!location) throw new Error(`A loader answered ${context.status} without a same-site Location`);
    return { status: context.status, headers: [['cache-control', 'no-store'], ...setCookies([context.headers])], body: Buffer.alloc(0), redirect: location, shareable: false, errors: [] };
  }
  return streamDocument(deps, context, request, setCookies([...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)]));
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
function streamDocument(deps: RenderDeps, context: StaticHandlerContext, request: Request, cookies: [string, string][]): Promise<RenderedPage | null> {
  const path = new URL(request.url).pathname;
  const layout = layoutData(context);
  const locale = layout?.locale ?? requestLocale(request);
  const i18n = deps.translations.instances[locale];
  const status = context.statusCode;
  const meta = pageMeta(context) ?? {
    title: i18n.exists(`error.${status}.title`) ? i18n.t(`error.${status}.title`) : i18n.t('error.title'),
    description: '',
    alternates: {},
    noindex: true,
  };
  const head = buildHead(meta, { locale, siteName: layout?.settings.company_name ?? '', origin: deps.origin, path });
  const assets = deps.manifest.forPage([...matchedPageModules(context), i18nBundleSource(locale)]);
  const data: DocumentData = {
    locale,
    buildId: deps.manifest.buildId,
    config: { gtmId: deps.gtmId ?? null, rumSampleRate: deps.rumSampleRate ?? 0 },
    hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
  };
  const { signal } = request;
  const isPrivate = request.method === 'POST' || isPrivatePage(context, request);

  return new Promise((resolve) => {
    let timedOut = false;
    // Cleared on every end of the render: a live timer or listener would keep the whole render in memory.
    const done = (page: RenderedPage | null) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve(page);
    };
    const router = createStaticRouter(deps.handler.dataRoutes, context);
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider value={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nProvider>,
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
            const headers: [string, string][] = [['content-type', 'text/html; charset=utf-8'], ['cache-control', pageCacheControl(status, isPrivate)], ...cookies];
            // A render cut short by its timer is whatever React had: never one to keep.
            done({ status, headers, body: Buffer.concat(chunks), shareable: !isPrivate && !timedOut, errors: unexpectedErrors(context.errors) });
          });
          pipe(body);
        },
        onShellError(error) {
          if (signal.aborted) return done(null);
          // An error thrown while rendering never reaches the route boundary on the server.
          deps.logger.error({ err: error, path }, 'render failed');
          const page = errorDocument(500, locale, deps.translations, deps.manifest, errorPageSettings(deps.api, locale));
          done({ status: 500, headers: [['content-type', 'text/html; charset=utf-8'], ['cache-control', 'no-store']], body: Buffer.from(page), shareable: false, errors: [] });
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
