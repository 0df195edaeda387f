import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { ROUTE_NAMES, parseRouteId, pathTo, routeId, routePattern } from '../../shared/routes';

describe('route table', () => {
  it('names routes with the three-underscore separator', () => {
    expect(routeId('product', 'en')).toBe('product___en');
    expect(parseRouteId('product___de')).toEqual({ name: 'product', locale: 'de' });
    expect(parseRouteId('product___fr')).toBeNull();
    expect(parseRouteId('nothing___sl')).toBeNull();
  });

  it('has the localized paths of the specification', () => {
    expect(pathTo('index', 'sl')).toBe('/sl');
    expect(pathTo('faq', 'sl')).toBe('/sl/pogosta-vprasanja');
    expect(pathTo('faq', 'en')).toBe('/en/page/frequently-asked-questions-info-answers');
    expect(pathTo('faq', 'de')).toBe('/de/seite/haeufig-gestellte-fragen-infos-antworten');
    expect(pathTo('faqItem', 'de', { slug: 'x' })).toBe('/de/seite/haeufig-gestellte-fragen-infos-antworten/x');
    expect(pathTo('product', 'sl', { slug: 'rolete' })).toBe('/sl/izdelek/rolete');
    expect(pathTo('product', 'en', { slug: 'roller-shutters' })).toBe('/en/product/roller-shutters');
    expect(pathTo('product', 'de', { slug: 'rolllaeden' })).toBe('/de/produkt/rolllaeden');
    expect(pathTo('categories', 'de')).toBe('/de/kategorien');
    expect(pathTo('page', 'sl', { slug: 'politika-zasebnosti' })).toBe('/sl/stran/politika-zasebnosti');
    expect(pathTo('page', 'en', { slug: 'privacy-policy' })).toBe('/en/page/privacy-policy');
    expect(pathTo('page', 'de', { slug: 'allgemeine-geschaeftsbedingungen' })).toBe('/de/seite/allgemeine-geschaeftsbedingungen');
    expect(pathTo('search', 'sl')).toBe('/sl/iskanje');
    expect(pathTo('search', 'de')).toBe('/de/suche');
    expect(pathTo('profile', 'en')).toBe('/en/user/profile');
    expect(pathTo('b2b', 'de')).toBe('/de/b2b');
  });

  it('drops a missing optional segment and requires the others', () => {
    expect(pathTo('blog', 'sl')).toBe('/sl/blog');
    expect(pathTo('blog', 'sl', { category: 'nasveti' })).toBe('/sl/blog/nasveti');
    expect(() => pathTo('blogArticle', 'sl', { category: 'nasveti' })).toThrow(/slug/);
  });

  it('encodes parameters so a value can never add a segment or leave the site', () => {
    expect(pathTo('product', 'sl', { slug: '../x' })).toBe('/sl/izdelek/..%2Fx');
    expect(pathTo('product', 'sl', { slug: '//evil.example' })).toBe('/sl/izdelek/%2F%2Fevil.example');
  });

  it('gives every route a pattern in every locale, all distinct', () => {
    const patterns = LOCALES.flatMap((l) => ROUTE_NAMES.map((n) => routePattern(n, l)));
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const p of patterns) expect(p).toMatch(/^\/(sl|en|de)(\/|$)/);
  });
});
