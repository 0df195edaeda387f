import { parse } from 'cookie';
import { describe, expect, it } from 'vitest';
import { localeRedirect } from '../../server/site/http/locale-redirect';

const go = (path: string, query = '', cookie?: string) => localeRedirect(path, query, parse(cookie ?? ''))?.location ?? null;

describe('locale redirects', () => {
  it('sends the root to /sl whatever the cookie says', () => {
    expect(go('/')).toBe('/sl');
    expect(go('/', '', 'i18n_redirected=en')).toBe('/sl');
    expect(go('/', 'a=1')).toBe('/sl?a=1');
  });

  it('puts a path without a prefix under the cookie locale, else sl, keeping the query', () => {
    expect(go('/kategorije')).toBe('/sl/kategorije');
    expect(go('/categories', 'x=1&y=2', 'i18n_redirected=en')).toBe('/en/categories?x=1&y=2');
    expect(go('/kategorien', '', 'other=1; i18n_redirected=de')).toBe('/de/kategorien');
    expect(go('/kategorije', '', 'i18n_redirected=fr')).toBe('/sl/kategorije');
  });

  it('removes a trailing slash', () => {
    expect(go('/sl/')).toBe('/sl');
    expect(go('/en/categories/')).toBe('/en/categories');
    expect(go('/en/categories/', 'q=1')).toBe('/en/categories?q=1');
    expect(go('/kategorije/')).toBe('/sl/kategorije');
  });

  it('leaves canonical paths and unknown prefixes alone', () => {
    expect(go('/sl')).toBeNull();
    expect(go('/en/product/x')).toBeNull();
    expect(go('/fr/produit')).toBeNull();
    expect(go('/pt-br/x')).toBeNull();
  });

  it('never yields a Location that leaves the origin', () => {
    const attacks = [
      '//evil.example',
      '//evil.example/',
      '/\\evil.example',
      '/\\evil.example/',
      '/%2F%2Fevil.example/',
      '/%2F%2Fevil.example',
      '/sl//evil.example',
      '/sl//evil.example/',
      '///evil.example//',
      '/\\/evil.example',
      '/%5C%5Cevil.example/',
      '/en/\\evil.example/',
    ];
    for (const path of attacks) {
      for (const cookie of [undefined, 'i18n_redirected=en']) {
        const location = go(path, '', cookie);
        if (location === null) continue;
        expect(location, path).toMatch(/^\/(sl|en|de)(\/[^/\\]|$|\?)/);
        expect(new URL(location, 'https://site.example').origin, path).toBe('https://site.example');
      }
    }
  });

  it('encodes what a header may not hold', () => {
    expect(go('/sl/č/')).toBe('/sl/%C4%8D');
    expect(go('/x y')).toBe('/sl/x%20y');
    expect(go('/sl/100%/')).toBe('/sl/100%25');
  });

  it('says when the choice came from the cookie', () => {
    expect(localeRedirect('/kategorije', '', {})).toMatchObject({ chosen: 'sl', byCookie: true });
    expect(localeRedirect('/', '', {})).toMatchObject({ chosen: 'sl', byCookie: false });
    expect(localeRedirect('/sl/', '', {})).toMatchObject({ chosen: null, byCookie: false });
  });
});
