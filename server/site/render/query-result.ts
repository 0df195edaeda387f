import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { LAYOUT_ROUTE_ID, NOT_FOUND_ROUTE_ID, PAGE_MODULES } from '../../../client/routes';
import type { SerializedRouteError } from '../../../shared/document';
import type { LayoutData, PageMeta } from '../../../shared/page-data';
import { parseRouteId } from '../../../shared/routes';

/** What the answer takes from a finished `query()` of the route tree (server/site/routing/page-handler.ts). */

/** Source paths of the page modules a render used, for module preloads. */
export function matchedPageModules(context: StaticHandlerContext): string[] {
  return context.matches.flatMap(({ route }) => {
    const name = route.id === NOT_FOUND_ROUTE_ID ? 'notFound' : parseRouteId(route.id)?.name;
    return name ? [`client/pages/${PAGE_MODULES[name]}.tsx`] : [];
  });
}

export function layoutData(context: StaticHandlerContext): LayoutData | undefined {
  return context.loaderData[LAYOUT_ROUTE_ID] as LayoutData | undefined;
}

/** The meta of the deepest route that has data (undefined on an error page). */
export function pageMeta(context: StaticHandlerContext): PageMeta | undefined {
  if (context.errors) return undefined;
  for (let i = context.matches.length - 1; i >= 0; i--) {
    const data = context.loaderData[context.matches[i]!.route.id] as { meta?: PageMeta } | undefined;
    if (data?.meta) return data.meta;
  }
  return undefined;
}

/**
 * Route errors as they may travel to the browser: responses keep their status and our own data; any
 * other error is reduced to a generic message (its text may hold upstream details).
 */
export function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, SerializedRouteError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]): [string, SerializedRouteError] => [
      id,
      isRouteErrorResponse(error)
        ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data }
        : { kind: 'error', message: 'Unexpected error' },
    ]),
  );
}

/** The errors in a render that are ours to log (not 4xx responses). */
export function unexpectedErrors(errors: StaticHandlerContext['errors']): unknown[] {
  return Object.values(errors ?? {}).filter((e) => !isRouteErrorResponse(e) || e.status >= 500);
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
