import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../client/routes';
import { LOCALES, pathLocale } from '../../shared/locales';
import { matchRoute, queryParamsOf } from '../../shared/route-match';
import { parseRouteId, ROUTE_NAMES, routePattern } from '../../shared/routes';

/** What the router itself renders for a path: the screen's name and locale, or null for the 404 route. */
function routerMatch(pathname: string) {
  const leaf = matchRoutes(createRoutes(), pathname)?.at(-1);
  return leaf ? parseRouteId(leaf.route.id!) : null;
}

/** Every pattern with its parameters filled by words that also look like other routes' fixed words. */
function samplePaths(): string[] {
  const words = ['x', 'roller-shutters', 'blog', 'kategorije', 'search', 'page', 'rolete'];
  const paths = new Set<string>(['/', '/fr', '/fr/x', '/en/x/y/z', '/en/blog/a/b/c', '/sl/izdelek', '/de/produkt/a/b']);
  for (const locale of LOCALES) {
    for (const name of ROUTE_NAMES) {
      const pattern = routePattern(name, locale);
      for (const word of words) {
        paths.add(pattern.replace(/\/:\w+\?/g, '').replace(/:\w+/g, word));
        paths.add(pattern.replace(/\?/g, '').replace(/:\w+/g, word));
        paths.add(`${pattern.replace(/\?/g, '').replace(/:\w+/g, word)}/${word}`);
      }
    }
  }
  return [...paths];
}

describe('matchRoute', () => {
  it('agrees with the router on every screen of the route table and on paths around them', () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(300);
    for (const path of paths) expect(matchRoute(path), path).toEqual(routerMatch(path));
  });

  it("matches a path in its locale's tree alone as in the whole tree (the server queries that tree)", () => {
    const trees = new Map(LOCALES.map((locale) => [locale, createRoutes({}, [locale])]));
    let checked = 0;
    for (const path of samplePaths()) {
      const locale = pathLocale(path);
      if (!locale) continue;
      const leaf = matchRoutes(trees.get(locale)!, path)?.at(-1);
      expect(leaf ? parseRouteId(leaf.route.id!) : null, path).toEqual(routerMatch(path));
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('gives the query parameters the screen reads', () => {
    expect(queryParamsOf('/en/blog')).toEqual({ page: 'listPage' });
    expect(queryParamsOf('/sl/blog/nasveti')).toEqual({ page: 'listPage' });
    expect(queryParamsOf('/sl/blog/_payload.json')).toEqual({ page: 'listPage' });
    expect(queryParamsOf('/de/suche')).toEqual({ q: 'input' });
    expect(queryParamsOf('/en/blog/tips/an-article')).toBeUndefined();
    expect(queryParamsOf('/en/categories')).toBeUndefined();
    expect(queryParamsOf('/sitemap.xml')).toBeUndefined();
  });
});

describe('the locale of a path', () => {
  it.each([
    ['/en', 'en'],
    ['/sl/izdelek/rolete', 'sl'],
    ['/de/', 'de'],
    ['/', null],
    ['', null],
    ['en', null],
    ['/english', null],
    ['/EN', null],
    ['//en', null],
    ['/fr/page', null],
  ])('%s: %s', (path, locale) => {
    expect(pathLocale(path)).toBe(locale);
  });
});
