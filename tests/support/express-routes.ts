import type { Express } from 'express';

/** What the walk reads of Express 5's router layers (the `router` package): a route, or a router mounted under a path. */
type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle: { stack?: Layer[] }; rawPath?: string };

/**
 * Every route of an Express app that takes a request body (POST, PUT, PATCH), with its full path,
 * read from the app's router itself: a route added anywhere in the app is on the list.
 */
export function bodyRoutes(app: Express): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods).filter((m) => ['post', 'put', 'patch'].includes(m))) {
          for (const path of paths) found.push({ method: method.toUpperCase(), path: prefix + path });
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, prefix + (layer.rawPath === '/' ? '' : (layer.rawPath ?? '')));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}
