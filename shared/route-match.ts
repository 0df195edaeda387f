import { pagePathOf } from './document';
import { LOCALES, type Locale } from './locales';
import { ROUTE_NAMES, ROUTE_TRAITS, routePattern, type QueryParamRole, type RouteName } from './routes';

/**
 * Which screen of the route table a path is, without the router: asked before anything renders (the
 * HTML cache's key, the address redirects), where react-router's `matchRoutes` is too slow (it flattens
 * and ranks the whole tree on every call: about half a millisecond here). The patterns are compiled
 * once and ranked as react-router ranks them, so both always agree (tests/unit/route-match.test.ts).
 */
interface CompiledRoute {
  name: RouteName;
  locale: Locale;
  regex: RegExp;
  score: number;
}

/** `/blog/:category?` is two paths, `/blog` and `/blog/:category`, as react-router explodes it. */
function explodeOptional(pattern: string): string[] {
  const segments = pattern.split('/');
  const last = segments.at(-1)!;
  if (!last.endsWith('?')) return [pattern];
  const without = segments.slice(0, -1).join('/');
  return [...explodeOptional(without || '/'), `${without}/${last.slice(0, -1)}`];
}

/** react-router's `computeScore` (the table has no splat or index route): a static segment above a parameter. */
function score(path: string): number {
  const segments = path.split('/');
  return segments.reduce((sum, s) => sum + (s.startsWith(':') ? 3 : s === '' ? 1 : 10), segments.length);
}

function compile(path: string): RegExp {
  const source = path.replace(/[.*+^${}|()[\]\\]/g, '\\$&').replace(/\/:[\w-]+/g, '/[^/]+');
  // Not case-sensitive, and trailing slashes allowed, as react-router matches.
  return new RegExp(`^${source}\\/*$`, 'i');
}

// Sorted once; equal scores keep the route table's order, as react-router keeps sibling order.
const COMPILED: CompiledRoute[] = LOCALES.flatMap((locale) =>
  ROUTE_NAMES.flatMap((name) => explodeOptional(routePattern(name, locale)).map((path) => ({ name, locale, regex: compile(path), score: score(path) }))),
).sort((a, b) => b.score - a.score);

/** The screen a page path (no query, no payload suffix) renders, or null (the 404 page). */
export function matchRoute(pathname: string): { name: RouteName; locale: Locale } | null {
  const route = COMPILED.find((r) => r.regex.test(pathname));
  return route ? { name: route.name, locale: route.locale } : null;
}

/** The query parameters the screen of a page or payload path reads (its `query` trait); none for any other path. */
export function queryParamsOf(pathname: string): Readonly<Record<string, QueryParamRole>> | undefined {
  const route = matchRoute(pagePathOf(pathname));
  return route ? ROUTE_TRAITS[route.name].query : undefined;
}
