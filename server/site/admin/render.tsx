import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { i18n as I18n, ResourceLanguage } from 'i18next';
import Negotiator from 'negotiator';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { createAdminRoutes, SHELL_ROUTE_ID } from '../../../client/admin/routes';
import { ADMIN_DATA_PARAM, type AdminDocumentData, type AdminPayload } from '../../../shared/admin/document';
import { ADMIN_NAMESPACES } from '../../../shared/admin/i18n';
import { STAFF_LOCALES, type StaffLocale } from '../../../shared/api/staff';
import { isHttpsOrigin } from '../../../shared/cookies';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import { cookiesOf } from '../request/cookies';
import { CLIENT_ADDRESS_HEADER, toFetchRequest } from '../request/fetch-request';
import { sameSiteLocation, serializeErrors, setCookies } from '../render/query-result';
import type { AssetManifest } from '../render/manifest';
import type { StaffApi } from '../upstream/staff-api';
import type { StaffMediaApi } from '../upstream/staff-media-api';
import type { StaffContentApi } from '../upstream/staff-content-api';
import type { AdminContext } from './context';
import { clearStaffSession, langCookie, readLang, readStaffSession } from './cookies';
import { adminDocument } from './document';
import { screenAction, screenLoader, shellLoader } from './screens';
import { CACHE_CONTROL } from '../cache-control';
import { unchanged } from '../upstream/kept-unchanged';

export interface AdminRenderDeps {
  staff: StaffApi;
  content: StaffContentApi;
  media: StaffMediaApi;
  photos: AdminContext['photos'];
  manifest: AssetManifest;
  /** The staff namespaces of every locale (server/lib/load-strings.ts); each request renders with a clone. */
  strings: I18n;
  origin: string;
  logger: Logger;
}

/**
 * The screens' language: the signed-in member's own; before signing in, the one picked (`?lang=`,
 * then kept in a cookie) or the browser's, else Slovenian.
 */
function screenLocale(req: ExpressRequest, context: Pick<AdminContext, 'member' | 'cookies'>): { locale: StaffLocale; picked: boolean } {
  if (context.member) return { locale: context.member.locale, picked: false };
  const asked = req.query.lang;
  if (typeof asked === 'string' && STAFF_LOCALES.includes(asked as StaffLocale)) return { locale: asked as StaffLocale, picked: true };
  const kept = readLang(context.cookies);
  if (kept) return { locale: kept, picked: false };
  const preferred = new Negotiator(req).language([...STAFF_LOCALES]);
  return { locale: (preferred as StaffLocale | undefined) ?? DEFAULT_LOCALE, picked: false };
}

/** The member of the session cookie, or null (none, or one the content API no longer knows: its cookie then goes). */
async function signedIn(deps: AdminRenderDeps, session: string | null) {
  if (!session) return { member: null, expired: false };
  const me = await deps.staff.me(session);
  return me.ok ? { member: me.data, expired: false } : { member: null, expired: me.status === 401 };
}

/**
 * Answers a staff screen: its document, or with `?_data` its data as JSON (a client navigation, or a
 * post from the browser's router). Loaders and actions are the screens' (server/site/admin/screens); the
 * route tree is the browser's (client/admin/routes.tsx).
 */
export function createAdminRenderer(deps: AdminRenderDeps) {
  const handler = createStaticHandler(createAdminRoutes({ shell: shellLoader, loader: screenLoader, action: screenAction }));
  const https = isHttpsOrigin(deps.origin);
  // "Slovenščina", "English", "Deutsch": each name from its own language's words, capitalised there.
  const languages = STAFF_LOCALES.map((code) => {
    const name = deps.strings.getFixedT(code, 'common')(`languages.${code}`);
    return { code, name: name.charAt(0).toLocaleUpperCase(code) + name.slice(1) };
  });

  // Each locale's words for the browser, one object kept unchanged: its JSON is made once (render/document.ts).
  const strings = Object.fromEntries(
    STAFF_LOCALES.map((code) => [code, unchanged(Object.fromEntries(ADMIN_NAMESPACES.map((ns) => [ns, deps.strings.getResourceBundle(code, ns)])))]),
  ) as Record<StaffLocale, ResourceLanguage>;

  return async function renderAdmin(req: ExpressRequest, res: ExpressResponse): Promise<void> {
    const wantsData = req.query[ADMIN_DATA_PARAM] !== undefined;
    const url = new URL(req.originalUrl, deps.origin);
    url.searchParams.delete(ADMIN_DATA_PARAM);
    const request = toFetchRequest(req, res, deps.origin, url.pathname + url.search);
    const cookies = cookiesOf(request);
    const session = readStaffSession(cookies);
    const { member, expired } = await signedIn(deps, session);
    const { locale, picked } = screenLocale(req, { member, cookies });
    const context: AdminContext = {
      staff: deps.staff,
      content: deps.content,
      media: deps.media,
      photos: deps.photos,
      session: member ? session : null,
      member,
      locale,
      cookies,
      client: request.headers.get(CLIENT_ADDRESS_HEADER),
      https,
      languages,
    };
    const extraCookies = [...(expired ? [clearStaffSession(https)] : []), ...(picked ? [langCookie(locale, https)] : [])];

    let result: StaticHandlerContext | Response;
    try {
      result = await handler.query(request, { requestContext: context as never });
    } catch (error) {
      if (request.signal.aborted) return;
      throw error;
    }
    if (request.signal.aborted) return;
    // No staff screen is ever kept by anyone: it is one member's, and may show visitors' personal data.
    res.setHeader('Cache-Control', CACHE_CONTROL.privateNoStore);
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');

    if (result instanceof Response) {
      const location = sameSiteLocation(result);
      if (!location) throw new Error(`A staff screen answered ${result.status} without a same-site Location`);
      const cookieHeaders = [...setCookies([result.headers]).map(([, value]) => value), ...extraCookies];
      if (cookieHeaders.length) res.setHeader('Set-Cookie', cookieHeaders);
      if (wantsData) return void res.json({ status: result.status, redirect: location, loaderData: {}, errors: null } satisfies AdminPayload);
      return void res.redirect(result.status, location);
    }

    const cookieHeaders = [
      ...setCookies([...Object.values(result.actionHeaders), ...Object.values(result.loaderHeaders)]).map(([, value]) => value),
      ...extraCookies,
    ];
    if (cookieHeaders.length) res.setHeader('Set-Cookie', cookieHeaders);
    const hydration = { loaderData: result.loaderData, actionData: result.actionData, errors: serializeErrors(result.errors) };
    // The status travels in the payload: the browser's router reads it there, and a refused form is no failed request.
    if (wantsData) return void res.json({ status: result.statusCode, ...hydration } satisfies AdminPayload);

    const i18n = deps.strings.cloneInstance({ lng: locale, defaultNS: ADMIN_NAMESPACES[0], fallbackNS: [...ADMIN_NAMESPACES.slice(1)] });
    const screen = result.matches.at(-1)?.route.id ?? SHELL_ROUTE_ID;
    const title = i18n.exists(`titles.${screen}`) ? `${i18n.t(`titles.${screen}`)} · ${i18n.t('shell.name')}` : i18n.t('shell.name');
    const data: AdminDocumentData = { locale, buildId: deps.manifest.buildId, strings: strings[locale], hydration };
    const body = await renderBody(handler.dataRoutes, result, i18n, deps.logger, req.path);
    const assets = deps.manifest.forAdmin(`client/admin/pages/${screen}.tsx`);
    // Ended, not sent: Express would hash the page for an ETag that no-store makes useless.
    res
      .status(result.statusCode)
      .type('html')
      .end(adminDocument({ lang: locale, title }, assets, body, data));
  };
}

/** The screen's markup, collected: nothing waits on the network once the loaders have run. */
function renderBody(routes: StaticHandler['dataRoutes'], context: StaticHandlerContext, i18n: I18n, logger: Logger, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        chunks.push(chunk);
        next();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const router = createStaticRouter(routes, context);
    const { pipe } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>,
      {
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError: (error) => logger.error({ err: error, path }, 'staff screen render error'),
      },
    );
  });
}
