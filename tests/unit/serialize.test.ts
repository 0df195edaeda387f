import { describe, expect, it } from 'vitest';
import { LAYOUT_ROUTE_ID } from '../../client/routes';
import { documentDataJson, documentStart } from '../../server/site/render/document';
import { escapeHtml, scriptJson } from '../../server/site/render/serialize';
import { unchanged } from '../../server/site/upstream/kept-unchanged';
import type { DocumentData } from '../../shared/document';
import type { Head } from '../../shared/head';
import { safeExternalUrl } from '../../shared/safe-url';

describe('serialization for the document', () => {
  it('keeps a value from closing the JSON script element', () => {
    const text = scriptJson({ q: '</script><script>alert(1)</script>', s: '\u2028' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toEqual({ q: '</script><script>alert(1)</script>', s: '\u2028' });
  });

  it('writes the document data as scriptJson would, each object kept unchanged made once', () => {
    const init = unchanged({ menus: [{ title: 'A </script> $& $1 \u2028' }], notification: null });
    const product = unchanged({ slug: 'p', description: '<p>Roleta & "več"</p>' });
    const strings = unchanged({ common: { header: { call: 'Call {{phone}} </script>' } } });
    const data = (layout: unknown, screen: unknown): DocumentData =>
      ({
        locale: 'en',
        buildId: 'b',
        config: { gtmId: null, rumSampleRate: 0 },
        strings,
        hydration: { loaderData: { [LAYOUT_ROUTE_ID]: layout, 'product:en': screen }, actionData: null, errors: null },
      }) as DocumentData;
    const first = data(
      { locale: 'en', init, settings: unchanged({ company_name: 'X & Y' }), origin: 'https://example.com', visitorEmail: null },
      { product, meta: { title: '<b>' } },
    );
    expect(documentDataJson(first)).toBe(scriptJson(first));
    expect(JSON.parse(documentDataJson(first))).toEqual(first);
    // Another render with the same objects, another visitor: only what differs is new.
    const second = data({ locale: 'en', init, settings: {}, origin: 'https://example.com', visitorEmail: 'a@example.com' }, { product, meta: { title: 'b' } });
    expect(documentDataJson(second)).toBe(scriptJson(second));
    // Written once: an object kept unchanged is never read again (which is why it must not change).
    product.slug = 'changed';
    strings.common.header.call = 'changed';
    expect(documentDataJson(second)).toContain('"slug":"p"');
    expect(documentDataJson(second)).toContain('"call":"Call {{phone}} \\u003c/script\\u003e"');
    const none = { ...data(undefined, null), strings: { common: {} } };
    delete (none.hydration.loaderData as Record<string, unknown>)[LAYOUT_ROUTE_ID];
    expect(documentDataJson(none)).toBe(scriptJson(none));
  });

  it('writes the structured data as scriptJson would, a block kept unchanged made once', () => {
    const business = unchanged({ '@type': 'LocalBusiness', name: 'A </script> & B' });
    const head = (jsonLd: Head['jsonLd']): Head => ({
      lang: 'en',
      title: 't',
      description: 'd',
      canonical: null,
      robots: null,
      alternates: [],
      social: null,
      jsonLd,
    });
    const assets = { loader: '/l.js', entry: '/e.js', modulePreloads: [], stylesheets: [] };
    const crumbs = { '@type': 'BreadcrumbList', itemListElement: [] };
    const blocks = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => m[1]);
    expect(blocks(documentStart(head([business, crumbs]), assets))).toEqual([scriptJson(business), scriptJson(crumbs)]);
    // Written once: the block kept unchanged is not read again, the other block on every document.
    business.name = 'changed';
    crumbs['@type'] = 'changed';
    expect(blocks(documentStart(head([business, crumbs]), assets))).toEqual([scriptJson({ ...business, name: 'A </script> & B' }), scriptJson(crumbs)]);
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`"a" & <b> 'c'`)).toBe('&quot;a&quot; &amp; &lt;b&gt; &#39;c&#39;');
  });
});

describe('URLs from content', () => {
  it('lets web, mail and phone links through and nothing else', () => {
    expect(safeExternalUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeExternalUrl('mailto:info@example.com')).toBe('mailto:info@example.com');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,x')).toBeNull();
    expect(safeExternalUrl('vbscript:x')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
  });
});
