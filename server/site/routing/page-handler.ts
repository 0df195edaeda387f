import type { Logger } from 'pino';
import { createStaticHandler, type DataRouteMatch } from 'react-router';
import { createRoutes } from '../../../client/routes';
import { LOCALES, pathLocale, type Locale } from '../../../shared/locales';
import type { LoaderContext } from './loader-context';
import { layoutLoader, notFoundLoader, screenAction, screenLoader, type ScreenModules } from './loaders';

export type PageHandler = ReturnType<typeof createPageHandler>;

/**
 * The route tree with the server's loaders (of some locales): the same tree the browser hydrates. The
 * screens' modules (server/site/screens/all.ts) are handed in, since they are built on this folder's helpers.
 */
export function serverRoutes(screens: ScreenModules, locales?: readonly Locale[]) {
  return createRoutes(
    {
      layout: layoutLoader,
      screen: (name, locale) => screenLoader(name, locale, screens[name]),
      action: (name, locale) => screenAction(locale, screens[name]),
      notFound: notFoundLoader,
    },
    locales,
  );
}

/**
 * Queries go to the tree of their path's locale alone: React Router ranks and matches every route it
 * is given on every query (compiling each pattern again), and a locale's addresses only ever match
 * its own routes or the catch-all. The whole tree answers a path under no locale.
 */
export function createPageHandler(screens: ScreenModules) {
  const whole = createStaticHandler(serverRoutes(screens));
  const byLocale = new Map(LOCALES.map((locale) => [locale, createStaticHandler(serverRoutes(screens, [locale]))]));
  return {
    /** The tree that answers a path. */
    forPath(path: string) {
      const locale = pathLocale(path);
      return locale ? byLocale.get(locale)! : whole;
    },
  };
}

/**
 * Runs the route tree's loaders (and a post's action) for a request; null when the request was aborted
 * (its visitor went away), which is no error. react-router 7.18 rejects an aborted `query()` with the
 * signal's reason, or, when the abort lands while a lazy route's loader runs, with a TypeError of its
 * own ("reading 'result'"): whatever an aborted query throws, the abort is the cause.
 */
export async function runLoaders(
  deps: { handler: PageHandler; logger: Logger },
  request: Request,
  requestContext: LoaderContext,
  filterMatchesToLoad?: (match: DataRouteMatch) => boolean,
) {
  const path = new URL(request.url).pathname;
  deps.logger.debug({ path }, 'render started');
  try {
    const context = await deps.handler.forPath(path).query(request, { requestContext, filterMatchesToLoad });
    if (!request.signal.aborted) return context;
  } catch (error) {
    if (!request.signal.aborted) throw error;
  }
  deps.logger.debug({ path }, 'render stopped: the client went away');
  return null;
}
