import { parse } from 'cookie';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, canonicalSegment, canonicalSegments } from '../../server/site/http/canonical-url';
import { localeRedirect } from '../../server/site/http/locale-redirect';
import { pageCacheKey } from '../../server/site/render/cache-policy';
import { pathTo } from '../../shared/routes';

describe('canonical spelling of a path', () => {
  it('decodes percent-encoded unreserved characters, and only those', () => {
    expect(canonicalSegment('%72oller-shutters')).toBe('roller-shutters');
    expect(canonicalSegment('%52oller%2Dshutters%2e%5F%7E')).toBe('roller-shutters._~');
    // Reserved characters and their escapes differ in meaning: an encoded slash is no segment break.
    expect(canonicalSegment('a%2fb%3A%40')).toBe('a%2Fb%3A%40');
    expect(canonicalSegment('100%25')).toBe('100%25');
  });

  it('spells escapes in upper-case hex and encodes what a segment may not hold, as the links do', () => {
    expect(canonicalSegment('sen%c4%8dila')).toBe('sen%C4%8Dila');
    expect(canonicalSegment('senčila')).toBe(encodeURIComponent('senčila'));
    // Only ASCII letters are folded (no slug has any other letter): a non-ASCII one is kept as it is.
    expect(canonicalSegment('šŽ')).toBe(encodeURIComponent('šŽ'));
    expect(canonicalSegment('x y"<>\\^`{|}')).toBe('x%20y%22%3C%3E%5C%5E%60%7B%7C%7D');
    expect(canonicalSegment('100%')).toBe('100%25');
    expect(canonicalSegment('😀')).toBe('%F0%9F%98%80');
    // What pathTo makes is already canonical.
    for (const slug of ['roller-shutters', 'sen\u010Dila', 'a/b', "o'neil"]) {
      const path = pathTo('product', 'en', { slug });
      expect(
        canonicalSegments(path)
          .map((s) => `/${s}`)
          .join(''),
      ).toBe(path);
    }
  });

  it('lower-cases letters: every path of the route table and of content is lower case', () => {
    expect(canonicalSegments('/EN/Roller-Shutters')).toEqual(['en', 'roller-shutters']);
    expect(canonicalSegments('/en/%52OLLER')).toEqual(['en', 'roller']);
  });

  it('drops empty segments and resolves dot segments, never above the root', () => {
    expect(canonicalSegments('//en//categories/')).toEqual(['en', 'categories']);
    expect(canonicalSegments('/en/./x/../categories')).toEqual(['en', 'categories']);
    expect(canonicalSegments('/en/%2E%2E/%2e%2e/../sl')).toEqual(['sl']);
    expect(canonicalSegments('/')).toEqual([]);
  });

  it('drops a list page parameter at 1 and keeps everything else as sent', () => {
    expect(canonicalQuery('/en/blog', 'page=1')).toBe('');
    expect(canonicalQuery('/en/blog', 'utm_source=a%20b&page=1&x')).toBe('utm_source=a%20b&x');
    expect(canonicalQuery('/en/blog/_payload.json', 'pag%65=1')).toBe('');
    expect(canonicalQuery('/en/blog', 'page=2')).toBe('page=2');
    expect(canonicalQuery('/en/blog', 'page=01')).toBe('page=01');
    expect(canonicalQuery('/en/categories', 'page=1')).toBe('page=1');
  });
});

describe('address redirects', () => {
  const go = (path: string, query = '', cookie?: string) => localeRedirect(path, query, parse(cookie ?? ''))?.location ?? null;

  it('redirect every other spelling to the canonical path in one hop, query kept', () => {
    expect(go('/en/%72oller-shutters', 'utm_source=x')).toBe('/en/roller-shutters?utm_source=x');
    expect(go('/EN/Roller-Shutters')).toBe('/en/roller-shutters');
    expect(go('//en//product//x/')).toBe('/en/product/x');
    expect(go('/Kategorije//', '', 'i18n_redirected=en')).toBe('/en/kategorije');
    expect(go('/EN/categories/_payload.json')).toBe('/en/categories/_payload.json');
    expect(go('/sl/izdelek/sen%c4%8dila')).toBe('/sl/izdelek/sen%C4%8Dila');
    expect(go('/en/blog', 'page=1&q=%C4%8D')).toBe('/en/blog?q=%C4%8D');
  });

  it('leave canonical addresses alone', () => {
    for (const path of ['/en/roller-shutters', '/sl/izdelek/sen%C4%8Dila', '/en/product/a%2Fb', '/en/categories/_payload.json'])
      expect(go(path), path).toBeNull();
    expect(go('/en/blog', 'page=2&utm_source=X')).toBeNull();
    expect(go('/en/search', 'q=Rolete')).toBeNull();
  });
});

describe('HTML cache key', () => {
  it('is the URL when there is no query', () => {
    expect(pageCacheKey('/en/categories')).toBe('/en/categories');
  });

  it('keeps only the parameters the screen reads, in one spelling', () => {
    expect(pageCacheKey('/en/categories?utm_source=x&page=2')).toBe('/en/categories');
    expect(pageCacheKey('/en/blog?utm_source=x&page=2')).toBe('/en/blog?page=2');
    expect(pageCacheKey('/en/blog?pag%65=%32&gclid=1')).toBe('/en/blog?page=2');
    expect(pageCacheKey('/en/blog/tips/_payload.json?x=1&page=3')).toBe('/en/blog/tips/_payload.json?page=3');
    expect(pageCacheKey('/sitemap.xml?x=1')).toBe('/sitemap.xml');
  });

  it('is none for a page with free input', () => {
    expect(pageCacheKey('/en/search?q=x')).toBeNull();
    expect(pageCacheKey('/en/page/frequently-asked-questions-info-answers?q=')).toBeNull();
    expect(pageCacheKey('/en/inquiry?sent=1')).toBeNull();
    expect(pageCacheKey('/en/search?utm_source=x')).toBe('/en/search');
  });
});
