import { STATUS_CODES } from 'node:http';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { settingsFromList, type Init } from '../../../shared/api/contract';
import { DEFAULT_SHARE_IMAGE } from '../../../shared/head';
import type { Locale } from '../../../shared/locales';
import type { LayoutData, NotFoundData, PageMeta, RouteErrorData, ScreenData } from '../../../shared/page-data';
import { SLUG_PATTERN } from '../../../shared/page-data';
import { ROUTE_TRAITS, type ActionRoute, type RouteName } from '../../../shared/routes';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import { unchanged } from '../upstream/kept-unchanged';
import { fallbackInit } from '../upstream/fallback-init';
import type { LoaderContext } from './loader-context';
import { absoluteUrl, breadcrumbList, localBusiness, type JsonLd, type SiteFacts } from '../../../shared/structured-data';
import { requestLocale } from '../request/request-locale';
import type { PageFreshness } from '../cache-control';

/**
 * What every screen's loader and action is built on (each screen's own are in server/site/screens/): the
 * failures a loader throws (a route check, a missing entity, the upstream down), the wrapper that adds
 * what every page has (the site's structured data, `noindex`), and the layout's and the 404's loaders.
 */

/** A loader's or action's arguments, with the request's context (loader-context.ts). */
export type Args = Omit<LoaderFunctionArgs | ActionFunctionArgs, 'context'> & { context: LoaderContext };

function fail(status: number, message: string): never {
  throw data<RouteErrorData>({ message }, { status, statusText: STATUS_CODES[status] });
}

/** 'Page Not Found' for a failed route check, 'Page not found' for a missing entity (the reference messages). */
export function routeCheckFailed(request: Request): never {
  fail(404, `Page Not Found: ${new URL(request.url).pathname}`);
}

export function notFound(request: Request): never {
  fail(404, `Page not found: ${new URL(request.url).pathname}`);
}

/** Runs an upstream read; a missing entity is a 404, an unreachable upstream a 503. */
export async function load<T>(request: Request, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof UpstreamNotFound) notFound(request);
    if (error instanceof UpstreamError) fail(503, 'upstream_unavailable');
    throw error;
  }
}

function refuseIfRefused({ context }: Args): void {
  if (context.refusal) fail(context.refusal, STATUS_CODES[context.refusal] ?? 'refused');
}

export function slugParam(args: Args, name = 'slug'): string {
  const value = args.params[name];
  if (!value || !SLUG_PATTERN.test(value)) routeCheckFailed(args.request);
  return value;
}

/**
 * A screen's data, and the structured data only that screen has (a product, an article, questions),
 * built once the site's facts are known; `screenLoader` adds what every page has and takes it out.
 */
export type ScreenResult<N extends RouteName> = ScreenData<N> & { about?: (site: SiteFacts, url: string) => JsonLd[] };

/** What a post to a screen does: a redirect, or the data its page shows the answer with. */
type ScreenActionFunction = (args: Args, locale: Locale) => Promise<unknown>;

/**
 * The server's half of a screen (`server/site/screens/<route name>.ts`, beside its shared half in
 * shared/screens/): its loader (the data, the head and the structured data), its action when its
 * traits say it takes a post, and how long its page stays fresh in the process and at a CDN (null for
 * a screen whose pages are always one visitor's own: no cache keeps them).
 */
export type ScreenModule<N extends RouteName> = {
  loader: (args: Args, locale: Locale) => Promise<ScreenResult<N>>;
  freshness: PageFreshness | null;
} & (N extends ActionRoute ? { action: ScreenActionFunction } : { action?: never });

/** Every screen's server half, by route name (server/site/screens/all.ts). */
export type ScreenModules = { readonly [N in RouteName]: ScreenModule<N> };

export function redirectTo(location: string): Response {
  return new Response(null, { status: 301, headers: { Location: location } });
}

export function screenLoader(name: RouteName, locale: Locale, screen: ScreenModule<RouteName>) {
  return async (args: LoaderFunctionArgs) => {
    refuseIfRefused(args as Args);
    const { about, ...data } = await screen.loader(args as Args, locale);
    // init is the layout loader's read too: one request in flight, then cached. A screen that needs
    // nothing else of the content API (the forms, whose option sets come with the build) renders with
    // the upstream down and nothing cached, as the layout does, from the copy the layout falls back to.
    const init = await initOrFallback(args as Args, locale);
    const site: SiteFacts = { origin: (args as Args).context.origin, locale, settings: layoutPartsOf(init).settings };
    const meta = { ...data.meta, ...(ROUTE_TRAITS[name].indexed ? {} : { noindex: true }) };
    return { ...data, meta: { ...meta, jsonLd: structuredData(meta, site, new URL(args.request.url).pathname, about) } } as ScreenData<RouteName>;
  };
}

/**
 * The page's JSON-LD: the business on every page, the breadcrumb where the page shows one (the very
 * same crumbs), and what the screen adds. Built when the document is written (see PageMeta.jsonLd).
 */
function structuredData(meta: PageMeta, site: SiteFacts, path: string, about: ScreenResult<RouteName>['about']): () => JsonLd[] {
  return () => {
    const url = absoluteUrl(site.origin, meta.alternates[site.locale] ?? path);
    return [businessOf(site), ...(meta.breadcrumb?.length ? [breadcrumbList(meta.breadcrumb, site.origin, url)] : []), ...(about?.(site, url) ?? [])];
  };
}

const businessBlocks = new WeakMap<SiteFacts['settings'], { origin: string; block: JsonLd }>();

/**
 * The business's block, the same on every page: made once per settings object (once per init answer,
 * `layoutPartsOf`) and so written once (server/site/render/document.ts).
 */
function businessOf(site: SiteFacts): JsonLd {
  let made = businessBlocks.get(site.settings);
  if (made?.origin !== site.origin) {
    made = { origin: site.origin, block: unchanged(localBusiness(site, absoluteUrl(site.origin, DEFAULT_SHARE_IMAGE.src))) };
    businessBlocks.set(site.settings, made);
  }
  return made.block;
}

export function screenAction(locale: Locale, screen: ScreenModule<RouteName>) {
  const { action } = screen;
  return action && ((args: ActionFunctionArgs) => action(args as ActionFunctionArgs & { context: LoaderContext }, locale));
}

/**
 * The signed-in visitor's address, for the footer's signup (null without a session, or when the
 * upstream cannot say now: the signup works without it). A shared render has no cookie, so it never
 * asks, and a page with a session is rendered for its visitor alone.
 */
async function signedInEmail(context: LoaderContext, locale: Locale): Promise<string | null> {
  if (!context.session) return null;
  try {
    const result = await context.account.account(locale, context.session);
    return result.ok ? result.data.email : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/**
 * The layout's parts of each init answer, made once per answer (the upstream cache hands every render
 * the same answer while it is fresh): every document then carries the same objects, and writes their
 * JSON once (server/site/render/document.ts).
 */
const layoutParts = new WeakMap<Init, Pick<LayoutData, 'init' | 'settings'>>();

function layoutPartsOf(answer: Init): Pick<LayoutData, 'init' | 'settings'> {
  let parts = layoutParts.get(answer);
  if (!parts) {
    const { locales: _serverOnly, settings, ...init } = answer;
    layoutParts.set(answer, (parts = { init: unchanged(init), settings: unchanged(settingsFromList(settings)) }));
  }
  return parts;
}

/** `init` for the locale, or with the upstream down the last copy the process read, else the build's. */
function initOrFallback({ context, request }: Args, locale: Locale): Promise<Init> {
  return load(request, () =>
    context.api.init(locale).catch((error: unknown) => {
      if (error instanceof UpstreamError) return fallbackInit(context.api, locale, context.t);
      throw error;
    }),
  );
}

/**
 * The layout's data: `init` for the page's locale, loaded before any page renders. With the upstream
 * down it falls back to a copy, so the error page still comes in the layout, phone and email included
 * (the page's own loader fails with the 503).
 */
export async function layoutLoader(args: LoaderFunctionArgs): Promise<LayoutData> {
  const { context, request } = args as Args;
  const locale = requestLocale(request);
  const [answer, visitorEmail] = await Promise.all([initOrFallback(args as Args, locale), signedInEmail(context, locale)]);
  return { locale, ...layoutPartsOf(answer), origin: context.origin, visitorEmail, formToken: context.spam.issueToken() };
}

export async function notFoundLoader(args: LoaderFunctionArgs): Promise<NotFoundData> {
  refuseIfRefused(args as Args);
  notFound(args.request);
}
