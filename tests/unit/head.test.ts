import { describe, expect, it } from 'vitest';
import { buildHead } from '../../shared/head';
import { documentEnd, documentStart } from '../../server/render/document';

const meta = { title: 'Rolete', description: 'Opis', alternates: { sl: '/sl/izdelek/rolete', en: '/en/product/roller-shutters', de: '/de/produkt/rolllaeden' } };

describe('head', () => {
  it('has title with site name, canonical and hreflang with x-default', () => {
    const head = buildHead(meta, { locale: 'en', siteName: 'Site', origin: 'https://x.example', path: '/en/product/roller-shutters' });
    expect(head).toEqual({
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

  it('marks error pages noindex without a canonical', () => {
    const head = buildHead({ title: 'Not found', description: '', alternates: {}, noindex: true }, { locale: 'sl', siteName: '', origin: 'https://x.example', path: '/sl/x' });
    expect(head).toMatchObject({ title: 'Not found', canonical: null, robots: 'noindex, follow', alternates: [] });
  });

  it('escapes what it writes into the document', () => {
    const head = buildHead({ ...meta, title: '</title><script>alert(1)</script>', description: '"><x' }, { locale: 'sl', siteName: 'S', origin: 'https://x.example', path: '/' });
    const html = documentStart(head, { entry: '/assets/e.js', modulePreloads: ['/assets/a.js'], stylesheets: ['/assets/s.css'] });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(html).toContain('content="&quot;&gt;&lt;x"');
    expect(html).toContain('<script type="module" src="/assets/e.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/a.js">');
    const end = documentEnd({ locale: 'sl', buildId: 'b', i18n: {}, hydration: { loaderData: { q: '</script>' }, errors: null } });
    expect(end).not.toContain('</script>"');
    expect(end.endsWith('</script></body></html>')).toBe(true);
  });
});
