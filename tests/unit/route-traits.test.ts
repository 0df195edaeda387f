import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../client/routes';
import { serverRoutes } from '../../server/site/routing/page-handler';
import { SCREEN_MODULES } from '../../server/site/screens/all';
import type { SitemapEntry } from '../../shared/api/contract';
import { parseRouteId, ROUTE_NAMES, ROUTE_TRAITS, type RouteName } from '../../shared/routes';

/** The screens a route tree gives an action to, by name (every locale alike). */
function screensWithAction(routes: { id?: string; action?: unknown; children?: unknown[] }[]): RouteName[] {
  const names = new Set<RouteName>();
  for (const route of routes[0]!.children as typeof routes) {
    const parsed = parseRouteId(route.id ?? '');
    if (parsed && route.action) names.add(parsed.name);
  }
  return [...names].sort();
}

describe('route traits', () => {
  const withAction = ROUTE_NAMES.filter((name) => ROUTE_TRAITS[name].action).sort();

  it('gives an action to exactly the screens that take a post, on the server and in the browser', () => {
    expect(withAction).toEqual([
      'accountDelete',
      'inquiry',
      'login',
      'newsletter',
      'newsletterConfirm',
      'newsletterUnsubscribe',
      'passwordReset',
      'profile',
      'register',
      'service',
      'verify',
      'verifyEmail',
    ]);
    expect(screensWithAction(serverRoutes(SCREEN_MODULES))).toEqual(withAction);
    // The browser's tree, as client/entry.tsx builds it.
    expect(screensWithAction(createRoutes({ action: (name) => (ROUTE_TRAITS[name].action ? () => null : undefined) }))).toEqual(withAction);
  });

  it('lets only the one-click unsubscribe take posts from anywhere, and keeps it private', () => {
    expect(ROUTE_NAMES.filter((name) => ROUTE_TRAITS[name].crossSitePost)).toEqual(['newsletterUnsubscribe']);
    expect(ROUTE_TRAITS.newsletterUnsubscribe).toMatchObject({ action: true, private: true, query: { token: 'input' } });
  });

  it('never indexes or lists a screen that is always private', () => {
    for (const name of ROUTE_NAMES) {
      if (ROUTE_TRAITS[name].private === true) expect(ROUTE_TRAITS[name], name).toMatchObject({ indexed: false, inSitemap: false });
      if (ROUTE_TRAITS[name].inSitemap) expect(ROUTE_TRAITS[name].indexed, name).toBe(true);
    }
  });

  it('puts in the sitemap every screen whose entities the content API lists there', () => {
    // `satisfies` names every route the sitemap contract allows, and no other.
    const listed = { product: true, slug: true, faqItem: true, page: true, blogArticle: true, blog: true, index: true, b2b: true } satisfies Record<
      SitemapEntry['route'],
      true
    >;
    for (const name of Object.keys(listed) as RouteName[]) expect(ROUTE_TRAITS[name].inSitemap, name).toBe(true);
  });
});
