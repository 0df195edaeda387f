import { describe, expect, it } from 'vitest';
import { isSharedRequest, isStorable } from '../../server/render/cache-policy';

describe('which requests share one render and the HTML cache', () => {
  it('shares anonymous reads of pages and payloads under a locale prefix, with no query or a page number', () => {
    for (const url of ['/sl', '/en/blog', '/en/blog?page=2', '/de/kategorien/_payload.json', '/en/blog/_payload.json?page=3']) {
      expect(isSharedRequest('GET', url, undefined), url).toBe(true);
    }
    expect(isSharedRequest('HEAD', '/en/blog', 'cc_cookie=x; i18n_redirected=de')).toBe(true);
  });

  it('renders for the visitor alone what may differ per visitor', () => {
    expect(isSharedRequest('POST', '/sl/servis', undefined)).toBe(false);
    expect(isSharedRequest('GET', '/en/blog', `i18n_redirected=en; sid=${'x'.repeat(43)}`)).toBe(false);
    // A free query string (a search, tracking), and a 404 under an unknown prefix (in the cookie's locale).
    expect(isSharedRequest('GET', '/en/search?q=blinds', undefined)).toBe(false);
    expect(isSharedRequest('GET', '/en/blog?utm_source=x', undefined)).toBe(false);
    expect(isSharedRequest('GET', '/en/blog?page=2&utm_source=x', undefined)).toBe(false);
    expect(isSharedRequest('GET', '/fr/blog', undefined)).toBe(false);
    expect(isSharedRequest('GET', '/favicon.svg', undefined)).toBe(false);
  });

  it('stores only a 200 that is the same for everyone and sets no cookie', () => {
    const page = { status: 200, shareable: true, headers: [['content-type', 'text/html; charset=utf-8']] as [string, string][] };
    expect(isStorable(page)).toBe(true);
    expect(isStorable({ ...page, status: 404 })).toBe(false);
    expect(isStorable({ ...page, shareable: false })).toBe(false);
    expect(isStorable({ ...page, headers: [...page.headers, ['set-cookie', 'sid=x']] })).toBe(false);
  });
});
