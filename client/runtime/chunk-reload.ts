import type { RouteObject } from 'react-router';
import { mayReloadFor } from './reload-guard';

type Importer = () => Promise<unknown>;

/**
 * Makes every lazy route reload the page when its chunk fails to load (after a deploy the old files
 * are gone; the new page brings the new ones), at most once per path per 10 s, after which the error
 * reaches the route's error page. Returns each route's own importer, for prefetching without that.
 */
export function guardLazyRoutes(routes: RouteObject[], target: () => { pathname: string; search: string }): Map<string, Importer> {
  const importers = new Map<string, Importer>();
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      const lazy = route.lazy;
      if (typeof lazy === 'function' && route.id) {
        importers.set(route.id, lazy as Importer);
        route.lazy = (async () => {
          try {
            return await lazy();
          } catch (error) {
            const { pathname, search } = target();
            if (!mayReloadFor(pathname, Date.now(), sessionStorage)) throw error;
            window.location.href = pathname + search;
            // The page is going away; nothing renders in between.
            return new Promise<never>(() => {});
          }
        }) as RouteObject['lazy'];
      }
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return importers;
}
