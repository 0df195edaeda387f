import { describe, expect, it } from 'vitest';
import { buildHead, MAX_TITLE_LENGTH } from '../../shared/head';
import { documentEnd, documentStart } from '../../server/site/render/document';

const meta = {
  title: 'Rolete',
  description: 'Opis',
  alternates: { sl: '/sl/izdelek/rolete', en: '/en/product/roller-shutters', de: '/de/produkt/rolllaeden' },
};

describe('head', () => {
  it('has title with site name, canonical and hreflang with x-default', () => {
    const head = buildHead(meta, { locale: 'en', siteName: 'Site', origin: 'https://x.example', path: '/en/product/roller-shutters' });
    expect(head).toMatchObject({
      lang: 'en-GB',
      title: 'Rolete | Site',
      description: 'Opis',
      canonical: 'https://x.example/en/product/roller-shutters',
      robots: null,
      alternates: [
        { hreflang: 'sl-SI', href: 'https://x.example/sl/izdelek/rolete' },
        { hreflang: 'en-GB', href: 'https://x.example/en/product/roller-shutters' },
        { hreflang: 'de-AT', href: 'https://x.example/de/produkt/rolllaeden' },
        { hreflang: 'x-default', href: 'https://x.example/sl/izdelek/rolete' },
      ],
    });
  });

  it('leaves the site name out of a title it would make longer than search results show', () => {
    const opts = { locale: 'en', siteName: 'Senčila Zorko', origin: 'https://x.example', path: '/en' } as const;
    const fits = 'x'.repeat(MAX_TITLE_LENGTH - ' | Senčila Zorko'.length);
    expect(buildHead({ ...meta, title: fits }, opts).title).toBe(`${fits} | Senčila Zorko`);
    expect(buildHead({ ...meta, title: `${fits}y` }, opts).title).toBe(`${fits}y`);
    expect(buildHead({ ...meta, title: 'Senčila Zorko' }, opts).title).toBe('Senčila Zorko');
  });

  it('has Open Graph and Twitter card entries, with the default picture where the page has none', () => {
    const head = buildHead(meta, { locale: 'en', siteName: 'Site', origin: 'https://x.example', path: '/en/product/roller-shutters' });
    const og = Object.fromEntries(head.social!.og.filter((m) => m.property !== 'og:locale:alternate').map((m) => [m.property, m.content]));
    expect(og).toEqual({
      'og:type': 'website',
      'og:site_name': 'Site',
      'og:title': 'Rolete',
      'og:description': 'Opis',
      'og:url': 'https://x.example/en/product/roller-shutters',
      'og:locale': 'en_GB',
      'og:image': 'https://x.example/images/share/home/hero.png',
      'og:image:width': '1200',
      'og:image:height': '630',
    });
    expect(head.social!.og.filter((m) => m.property === 'og:locale:alternate').map((m) => m.content)).toEqual(['sl_SI', 'de_AT']);
    expect(head.social!.twitter.map((m) => m.name)).toEqual(['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']);
    expect(head.jsonLd).toEqual([]);
    const product = buildHead(
      { ...meta, type: 'product', image: { src: '/images/p.svg', width: 10, height: 20, alt: 'P' } },
      { locale: 'sl', siteName: 'Site', origin: 'https://x.example', path: '/' },
    );
    expect(product.social!.og).toEqual(
      expect.arrayContaining([
        { property: 'og:type', content: 'product' },
        { property: 'og:image', content: 'https://x.example/images/share/p.png' },
        { property: 'og:image:alt', content: 'P' },
      ]),
    );
    // One of the site's raster pictures is shared as the JPEG the build made of it.
    const raster = buildHead(
      { ...meta, image: { src: '/images/p.webp', width: 1600, height: 1200, alt: 'P' } },
      { locale: 'sl', siteName: 'Site', origin: 'https://x.example', path: '/' },
    );
    expect(raster.social!.og).toEqual(
      expect.arrayContaining([
        { property: 'og:image', content: 'https://x.example/images/share/p.jpg' },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
      ]),
    );
    // A picture from elsewhere is shared as it is.
    const photo = buildHead(
      { ...meta, image: { src: 'https://cdn.example/p.jpg', width: 1600, height: 900, alt: '' } },
      { locale: 'sl', siteName: 'Site', origin: 'https://x.example', path: '/' },
    );
    expect(photo.social!.og).toEqual(
      expect.arrayContaining([
        { property: 'og:image', content: 'https://cdn.example/p.jpg' },
        { property: 'og:image:width', content: '1600' },
      ]),
    );
  });

  it('marks error pages noindex without a canonical', () => {
    const head = buildHead(
      { title: 'Not found', description: '', alternates: {}, noindex: true },
      { locale: 'sl', siteName: '', origin: 'https://x.example', path: '/sl/x' },
    );
    expect(head).toMatchObject({ title: 'Not found', canonical: null, robots: 'noindex, follow', alternates: [], social: null, jsonLd: [] });
  });

  it('escapes what it writes into the document', () => {
    const head = buildHead(
      { ...meta, title: '</title><script>alert(1)</script>', description: '"><x' },
      { locale: 'sl', siteName: 'S', origin: 'https://x.example', path: '/' },
    );
    const html = documentStart(head, {
      loader: '/assets/l.js',
      entry: '/assets/e.js',
      modulePreloads: ['/assets/a.js', '/assets/b.js'],
      stylesheets: ['/assets/s.css'],
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(html).toContain('content="&quot;&gt;&lt;x"');
    // One script: the loader, which names the app's modules for after the first paint.
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).toContain(
      '<script type="module" src="/assets/l.js" id="__app" data-entry="/assets/e.js" data-modules="/assets/a.js /assets/b.js" fetchpriority="low"></script>',
    );
    expect(html).not.toContain('modulepreload');
    const end = documentEnd({
      locale: 'sl',
      buildId: 'b',
      config: { gtmId: null, rumSampleRate: 0 },
      strings: { common: { x: '</script>' } },
      hydration: { loaderData: { q: '</script>' }, errors: null },
    });
    expect(end).not.toContain('</script>"');
    expect(end.endsWith('</script></body></html>')).toBe(true);
  });
});
