import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
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
import { documentEnd, documentStart } from './document';
import { compressSync, entityTag, preferredEncoding, type Encoding } from './encoding';
import { isAnonymous, pickVariant, type HtmlCache } from './html-cache';
import { pageCacheKey } from './page-cache-key';
import { errorDocument } from './error-document';
import { errorPageSettings } from './fallback-init';
import type { LoaderContext } from './loaders';
import type { AssetManifest } from './manifest';
import { isPrivatePage, layoutData, matchedPageModules, pageMeta, serializeErrors, unexpectedErrors, type PageHandler } from './page-handler';
import { requestLocale } from './request-locale';

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
  /** Finished anonymous pages and payloads, served before the middleware chain on the next request. */
  htmlCache?: HtmlCache;
  /** Where the public forms' submissions are stored until they are delivered upstream. */
  outbox: Outbox;
  /** Google Tag Manager container id, when one is configured. */
  gtmId?: string;
  /** Share of page views that report web vitals (0 to 1); none when unset. */
  rumSampleRate?: number;
}

/**
 * Sends a finished page, payload or SEO file. One that is the same for every visitor goes into the
 * HTML cache first and is answered from there, so it is compressed once for this visitor and every next
 * one; any other is compressed here, in one piece.
 */
export async function sendFinished(deps: Pick<RenderDeps, 'htmlCache' | 'logger'>, req: ExpressRequest, res: ExpressResponse, body: Buffer, shareable: boolean): Promise<void> {
  const cache = shareable ? deps.htmlCache : undefined;
  const key = cache ? cacheKey(req, res) : null;
  const entry =
    cache && key !== null
      ? await cache.store(key, res.getHeaders(), body).catch((err: unknown) => {
          deps.logger.warn({ err }, 'html cache store failed');
          return null;
        })
      : null;
  if (res.destroyed) return;
  if (shareable) {
    res.setHeader('ETag', entry?.etag ?? entityTag(body));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
  }
  const accept = req.headers['accept-encoding'];
  let bytes = body;
  let encoding: Encoding | undefined;
  if (entry) {
    ({ body: bytes, encoding } = pickVariant(entry, accept));
  } else {
    // Below a kilobyte, compression saves less than a packet (the compression middleware's threshold too).
    encoding = body.length >= 1024 ? preferredEncoding(accept) : undefined;
    if (encoding) bytes = compressSync(body, encoding);
  }
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/**
 * The HTML cache key of a GET answer the cache may keep (anonymous, no cookie set), or null. Only the
 * query parameters the page reads are part of it (tracking parameters are not), and a page with free
 * input (a search) is not kept: anyone could fill the cache with one-off pages and push out the real ones.
 */
function cacheKey(req: ExpressRequest, res: ExpressResponse): string | null {
  if (req.method !== 'GET' || res.statusCode !== 200) return null;
  if (!isAnonymous(req.headers.cookie) || res.hasHeader('Set-Cookie')) return null;
  return pageCacheKey(req.originalUrl);
}

/**
 * The page's Fetch request, on the configured origin (never the Host header), with a posted form's
 * fields, aborted when the visitor goes away.
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

/** Cookies that loaders and actions set (the session cookie) go out with the answer. */
export function forwardCookies(res: ExpressResponse, headers: Iterable<Headers>): void {
  for (const h of headers) for (const cookie of h.getSetCookie()) res.append('Set-Cookie', cookie);
}

/** A redirect a loader asked for, if it stays on this site. */
export function sameSiteLocation(response: Response): string | null {
  const location = response.headers.get('Location');
  return location && /^\/(?![/\\])/.test(location) ? location : null;
}

/**
 * Cache policy of a rendered page: shared caches may keep successful anonymous pages briefly; account
 * screens and answers to a post are private and never kept.
 */
export function pageCacheControl(status: number, isPrivate: boolean): string {
  if (isPrivate) return 'private, no-store';
  return status === 200 ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=600' : 'no-store';
}

export async function renderPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  const request = toFetchRequest(req, res, deps.origin);
  const context = await deps.handler.query(request, { requestContext: loaderContext(deps, request) });
  if (request.signal.aborted) return;
  if (context instanceof Response) {
    const location = sameSiteLocation(context);
    if (!location) throw new Error(`A loader answered ${context.status} without a same-site Location`);
    forwardCookies(res, [context.headers]);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(context.status, location);
    return;
  }
  forwardCookies(res, [...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)]);
  for (const error of unexpectedErrors(context.errors)) deps.logger.error({ err: error, url: req.originalUrl }, 'route error');
  streamDocument(req, res, deps, context, request);
}

/**
 * The error page of a request refused before the router (429 from the form rate limit, a failure in
 * the middleware): the page at that address renders with the status, inside the layout, so the
 * visitor still has the header, the phone and the email. Nothing is posted or run again.
 */
export async function renderErrorPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps, status: number): Promise<void> {
  const request = toFetchRequest(req, res, deps.origin, req.originalUrl, 'GET');
  const context = await deps.handler.query(request, { requestContext: { ...loaderContext(deps, request), refusal: status } });
  if (request.signal.aborted) return;
  if (context instanceof Response) throw new Error(`The error page of ${status} answered ${context.status}`);
  streamDocument(req, res, deps, context, request);
}

function streamDocument(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps, context: StaticHandlerContext, request: Request) {
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
  const head = buildHead(meta, { locale, siteName: layout?.settings.company_name ?? '', origin: deps.origin, path: req.path });
  const assets = deps.manifest.forPage([...matchedPageModules(context), i18nBundleSource(locale)]);
  const data: DocumentData = {
    locale,
    buildId: deps.manifest.buildId,
    config: { gtmId: deps.gtmId ?? null, rumSampleRate: deps.rumSampleRate ?? 0 },
    hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
  };

  const router = createStaticRouter(deps.handler.dataRoutes, context);
  let timer: NodeJS.Timeout | undefined;
  const { pipe, abort } = renderToPipeableStream(
    <I18nProvider value={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nProvider>,
    {
      onShellReady() {
        // Pages load their data before rendering (loaders return plain data), so nothing waits on
        // the network once the shell is ready: the whole document is collected and sent as one
        // piece, with its length, compressed once, instead of many small compressed chunks.
        const chunks: Buffer[] = [Buffer.from(documentStart(head, assets))];
        const body = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
        body.on('finish', () => {
          chunks.push(Buffer.from(documentEnd(data)));
          const isPrivate = req.method === 'POST' || isPrivatePage(context);
          res.status(status);
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', pageCacheControl(status, isPrivate));
          sendFinished(deps, req, res, Buffer.concat(chunks), !isPrivate).catch((err: unknown) => res.destroy(err as Error));
        });
        pipe(body);
      },
      onShellError(error) {
        // An error thrown while rendering never reaches the route boundary on the server.
        deps.logger.error({ err: error, url: req.originalUrl }, 'render failed');
        if (!res.headersSent) {
          res.status(500).setHeader('Cache-Control', 'no-store').type('html').send(errorDocument(500, locale, deps.translations, deps.manifest, errorPageSettings(deps.api, locale)));
        }
      },
      onError(error) {
        if (!request.signal.aborted) deps.logger.error({ err: error, url: req.originalUrl }, 'render error');
      },
    },
  );
  timer = setTimeout(() => abort(new Error('render timed out')), deps.renderTimeoutMs ?? 10_000);
  // Cleared on every end of the response: a live timer would keep the whole render in memory.
  res.on('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) abort();
  });
}
