import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { LOCALES, type Locale } from '../shared/locales';
import { matchRoute } from '../shared/route-match';
import { ROUTE_NAMES, routeId, routePattern, type RouteName } from '../shared/routes';
import { screenFacts } from '../shared/screens/all';
import { Layout } from './layout/Layout';
import { FatalError, RouteError } from './layout/ErrorPage';

/**
 * The route tree, rendered on the server and hydrated in the browser. Page components load lazily
 * (one chunk per screen, its module's `page`); loaders are attached by whoever builds the tree: the
 * server reads the upstream, the browser reads the page payload.
 */
export const PAGE_MODULES = {
  ...screenFacts('page'),
  notFound: 'not-found',
};

export const LAYOUT_ROUTE_ID = 'layout';
export const NOT_FOUND_ROUTE_ID = 'notFound';

/** A page module: its component, and when a move within its route reloads its data (react-router's `shouldRevalidate`). */
export function loadPageModule(module: string): Promise<{ default: React.ComponentType; shouldRevalidate?: ShouldRevalidateFunction }> {
  return import(`./pages/${module}.tsx`);
}

/**
 * The id of the page route a path renders (`product___sl`, or the 404 route), without the router:
 * react-router's `matchRoutes` flattens and ranks the whole tree on every call, a long task on a
 * phone while the page hydrates (and again for every link the prefetcher looks at).
 */
export function pageRouteId(pathname: string): string {
  const match = matchRoute(pathname);
  return match ? routeId(match.name, match.locale) : NOT_FOUND_ROUTE_ID;
}

export interface RouteLoaders {
  layout?: LoaderFunction;
  screen?: (name: RouteName, locale: Locale) => LoaderFunction | undefined;
  /** Screens that take a posted form. */
  action?: (name: RouteName, locale: Locale) => ActionFunction | undefined;
  notFound?: LoaderFunction;
  /** What a screen's module waits for besides its code, before it renders: in the browser, its strings. */
  strings?: (name: RouteName) => Promise<unknown> | undefined;
}

function pageRoute(
  id: string,
  path: string,
  module: string,
  loader: LoaderFunction | undefined,
  action?: ActionFunction,
  strings?: () => Promise<unknown> | undefined,
): RouteObject {
  return {
    id,
    path,
    loader,
    action,
    errorElement: <RouteError />,
    lazy: async () => {
      const [page] = await Promise.all([loadPageModule(module), strings?.()]);
      return { Component: page.default, shouldRevalidate: page.shouldRevalidate };
    },
  };
}

/**
 * The tree of every locale (the server's), or of some: the browser's has its page's locale alone, since
 * moving to another is a full page load, and React Router ranks and matches every route it has.
 */
export function createRoutes(loaders: RouteLoaders = {}, locales: readonly Locale[] = LOCALES): RouteObject[] {
  const screens = locales.flatMap((locale) =>
    ROUTE_NAMES.map((name) =>
      pageRoute(
        routeId(name, locale),
        routePattern(name, locale),
        PAGE_MODULES[name],
        loaders.screen?.(name, locale),
        loaders.action?.(name, locale),
        loaders.strings && (() => loaders.strings!(name)),
      ),
    ),
  );
  return [
    {
      id: LAYOUT_ROUTE_ID,
      path: '/',
      loader: loaders.layout,
      // `init` belongs to the locale; a locale switch is a full page load, so the layout never reloads.
      shouldRevalidate: () => false,
      element: <Layout />,
      errorElement: <FatalError />,
      children: [...screens, pageRoute(NOT_FOUND_ROUTE_ID, '*', PAGE_MODULES.notFound, loaders.notFound)],
    },
  ];
}
