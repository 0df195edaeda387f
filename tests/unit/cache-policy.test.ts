import { parse } from 'cookie';
import { describe, expect, it } from 'vitest';
import { isStorable, sharedRequestKey } from '../../server/site/render/cache-policy';

describe('which requests share one render and the HTML cache, and under which key', () => {
  it('shares anonymous reads of pages and payloads under a locale prefix, keyed by what the page reads', () => {
    const keys: [string, string][] = [
      ['/sl', '/sl'],
      ['/en/blog', '/en/blog'],
      ['/en/blog?page=2', '/en/blog?page=2'],
      ['/de/kategorien/_payload.json', '/de/kategorien/_payload.json'],
      ['/en/blog/_payload.json?page=3', '/en/blog/_payload.json?page=3'],
      // Tracking parameters share the page's render and entry: the key is the URL rendered.
      ['/en/blog?utm_source=x', '/en/blog'],
      ['/en/blog?page=2&utm_source=x', '/en/blog?page=2'],
      ['/en/categories/_payload.json?gclid=1', '/en/categories/_payload.json'],
    ];
    for (const [url, key] of keys) expect(sharedRequestKey('GET', url, {}), url).toBe(key);
    expect(sharedRequestKey('HEAD', '/en/blog', parse('cc_cookie=x; i18n_redirected=de'))).toBe('/en/blog');
  });

  it('shares the SEO files at their exact addresses, whatever the query', () => {
    expect(sharedRequestKey('GET', '/sitemap.xml', {})).toBe('/sitemap.xml');
    expect(sharedRequestKey('GET', '/sitemap.xml?any=query', {})).toBe('/sitemap.xml');
    expect(sharedRequestKey('HEAD', '/robots.txt', {})).toBe('/robots.txt');
    expect(sharedRequestKey('GET', '/SITEMAP.XML', {})).toBeNull();
    expect(sharedRequestKey('GET', '/sitemap.xml/', {})).toBeNull();
  });

  it('renders for the visitor alone what may differ per visitor', () => {
    expect(sharedRequestKey('POST', '/sl/servis', {})).toBeNull();
    expect(sharedRequestKey('GET', '/en/blog', parse(`i18n_redirected=en; sid=${'x'.repeat(43)}`))).toBeNull();
    expect(sharedRequestKey('GET', '/sitemap.xml', parse(`sid=${'x'.repeat(43)}`))).toBeNull();
    // Free input (a search, a form's thank-you), and a 404 under an unknown prefix (in the cookie's locale).
    expect(sharedRequestKey('GET', '/en/search?q=blinds', {})).toBeNull();
    expect(sharedRequestKey('GET', '/en/inquiry?sent=1&utm_source=x', {})).toBeNull();
    expect(sharedRequestKey('GET', '/fr/blog', {})).toBeNull();
    expect(sharedRequestKey('GET', '/favicon.svg', {})).toBeNull();
  });

  it('stores only a 200 that is the same for everyone and sets no cookie', () => {
    const page = { status: 200, shareable: true, headers: [['content-type', 'text/html; charset=utf-8']] as [string, string][] };
    expect(isStorable(page)).toBe(true);
    expect(isStorable({ ...page, status: 404 })).toBe(false);
    expect(isStorable({ ...page, shareable: false })).toBe(false);
    expect(isStorable({ ...page, headers: [...page.headers, ['set-cookie', 'sid=x']] })).toBe(false);
  });
});
