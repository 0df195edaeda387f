import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { StaticHandlerContext } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_MODULES } from '../../client/routes';
import { FRESHNESS, pageCacheControl, type PageFreshness } from '../../server/site/cache-control';
import { inProcessFreshMs, renderFreshness } from '../../server/site/render/cache-policy';
import { SCREEN_MODULES } from '../../server/site/screens/all';
import { SCREEN_NAMESPACE_NAMES, SCREEN_NAMESPACES } from '../../shared/i18n';
import { LOCALES } from '../../shared/locales';
import { pathTo, ROUTE_NAMES, ROUTE_TRAITS, ROUTES, routeId, type RouteName } from '../../shared/routes';
import { SCREENS } from '../../shared/screens/all';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The screen modules of a folder: its files, less the folder's own helpers. */
function screenFiles(dir: string, helpers: string[]): string[] {
  return readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.ts') && !helpers.includes(f))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

/** What a render of a screen's page looks like to the cache policy: the layout and the screen matched. */
const renderOf = (name: RouteName) => ({ matches: [{ route: { id: 'layout' } }, { route: { id: routeId(name, 'sl') } }] }) as unknown as StaticHandlerContext;

describe('one module per screen', () => {
  const names = [...ROUTE_NAMES].sort();

  it('has a shared and a server module for each screen, named by its route name, and no other', () => {
    expect(screenFiles('shared/screens', ['all.ts', 'define.ts', 'faq-paths.ts'])).toEqual(names);
    expect(screenFiles('server/site/screens', ['all.ts'])).toEqual(names);
    expect(Object.keys(SCREEN_MODULES).sort()).toEqual(names);
  });

  it('declares every fact of every screen in its shared module', () => {
    for (const name of ROUTE_NAMES) {
      const screen = SCREENS[name];
      const { path: paths } = screen;
      if (typeof paths !== 'string') expect(Object.keys(paths).sort(), name).toEqual([...LOCALES].sort());
      expect(existsSync(path.join(ROOT, 'client/pages', `${screen.page}.tsx`)), `${name}'s page`).toBe(true);
      expect(screen.traits, name).toEqual(
        expect.objectContaining({ action: expect.any(Boolean), indexed: expect.any(Boolean), inSitemap: expect.any(Boolean) }),
      );
      expect([true, false, 'signedIn'], name).toContain(screen.traits.private);
      expect(Array.isArray(screen.namespaces), name).toBe(true);
      for (const ns of screen.namespaces) expect(SCREEN_NAMESPACE_NAMES, name).toContain(ns);
    }
  });

  it('declares every fact of every screen in its server module', () => {
    for (const name of ROUTE_NAMES) {
      const screen = SCREEN_MODULES[name];
      expect(screen.loader, name).toBeTypeOf('function');
      // An action exactly where the traits say the screen takes a post.
      expect(typeof screen.action, name).toBe(ROUTE_TRAITS[name].action ? 'function' : 'undefined');
      // No freshness exactly where no cache may keep the page: it is always one visitor's own.
      if (ROUTE_TRAITS[name].private === true) expect(screen.freshness, name).toBeNull();
      else {
        const { inProcessS, atCdnS, staleAtCdnS } = screen.freshness!;
        for (const seconds of [inProcessS, atCdnS, staleAtCdnS]) expect(Number.isInteger(seconds) && seconds >= 0, name).toBe(true);
      }
    }
  });

  it('derives the tables that list every screen from the modules, one entry per screen', () => {
    for (const table of [ROUTES, ROUTE_TRAITS, SCREEN_NAMESPACES]) expect(Object.keys(table).sort()).toEqual(names);
    expect(Object.keys(PAGE_MODULES).sort()).toEqual([...names, 'notFound'].sort());
    for (const name of ROUTE_NAMES) {
      expect(ROUTES[name]).toBe(SCREENS[name].path);
      expect(ROUTE_TRAITS[name]).toBe(SCREENS[name].traits);
      expect(SCREEN_NAMESPACES[name]).toBe(SCREENS[name].namespaces);
      expect(PAGE_MODULES[name]).toBe(SCREENS[name].page);
    }
    // The route table's order is the modules' (react-router ranks equal matches by it).
    expect(ROUTE_NAMES).toEqual(Object.keys(SCREENS));
  });
});

describe("a screen's freshness", () => {
  const product = SCREEN_MODULES.product as { freshness: PageFreshness | null };
  const declared = product.freshness;
  afterEach(() => {
    product.freshness = declared;
  });

  it('is what its pages tell CDNs and how long the process keeps them', () => {
    const productPage = pathTo('product', 'sl', { slug: 'x' });
    expect(pageCacheControl(200, renderFreshness(renderOf('product'), false))).toBe(sharedPageValue(declared!));
    expect(inProcessFreshMs(undefined)(productPage)).toBe(declared!.inProcessS * 1000);

    // One edit of the product screen's module: its pages and payloads say so, no other screen's do.
    product.freshness = { inProcessS: 42, atCdnS: 7, staleAtCdnS: 70 };
    expect(pageCacheControl(200, renderFreshness(renderOf('product'), false))).toBe('public, max-age=0, s-maxage=7, stale-while-revalidate=70');
    expect(inProcessFreshMs(undefined)(productPage)).toBe(42_000);
    expect(inProcessFreshMs(undefined)(`${productPage}/_payload.json`)).toBe(42_000);
    expect(pageCacheControl(200, renderFreshness(renderOf('blogArticle'), false))).toBe(sharedPageValue(FRESHNESS.page));
    expect(inProcessFreshMs(undefined)(pathTo('categories', 'sl'))).toBe(FRESHNESS.page.inProcessS * 1000);

    // A private render is kept by no one; HTML_CACHE_TTL_S, when ops set it, stands for every screen's time in the process.
    expect(pageCacheControl(200, renderFreshness(renderOf('product'), true))).toBe('private, no-store');
    expect(inProcessFreshMs(60)(productPage)).toBe(60_000);
    // The sitemap and robots.txt keep their own time.
    expect(inProcessFreshMs(undefined)('/sitemap.xml')).toBe(FRESHNESS.seoFileInProcessS * 1000);
  });
});

function sharedPageValue(freshness: PageFreshness): string {
  return `public, max-age=0, s-maxage=${freshness.atCdnS}, stale-while-revalidate=${freshness.staleAtCdnS}`;
}
