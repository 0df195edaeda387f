import { describe, expect, it } from 'vitest';
import type { Article, Product, SiteSettings } from '../../shared/api/contract';
import { buildHead } from '../../shared/head';
import { documentStart } from '../../server/site/render/document';
import {
  absoluteUrl,
  articleLd,
  blocksText,
  breadcrumbList,
  faqPage,
  localBusiness,
  openingHoursSpecification,
  productLd,
  type SiteFacts,
} from '../../shared/structured-data';

const settings: SiteSettings = {
  company_name: 'Shade Co',
  company_legal_name: 'Shade Co d.o.o.',
  company_email: 'info@shade.example',
  company_phone: '+386 1 000 00 00',
  company_vat_id: 'SI00000000',
  company_legal_form: 'doo',
  company_register_court: '',
  company_register_number: '',
  company_managing_director: '',
  company_share_capital: '',
  founded_year: 2003,
  street_address: 'Main 1',
  postal_code: '2390',
  town: 'Ravne',
  country: 'SI',
  latitude: 46.5,
  longitude: 14.9,
  website_url: 'https://shade.example',
  showrooms: [
    {
      key: 'ravne',
      name: 'Ravne',
      street_address: 'Main 1',
      postal_code: '2390',
      town: 'Ravne',
      country: 'SI',
      phone: '+386 1',
      email: 'a@shade.example',
      latitude: 46.5,
      longitude: 14.9,
    },
    {
      key: 'klagenfurt',
      name: 'Klagenfurt',
      street_address: 'Ring 2',
      postal_code: '9020',
      town: 'Klagenfurt',
      country: 'AT',
      phone: '+43 1',
      email: 'k@shade.example',
      latitude: 46.6,
      longitude: 14.3,
    },
  ],
  locale_showroom: { sl: 'ravne', en: 'ravne', de: 'klagenfurt' },
  opening_hours: [
    { country: 'SI', days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '07:00', closes: '17:00' },
    { country: 'AT', days: ['Mo', 'Tu', 'Fr'], opens: '09:00', closes: '16:00' },
  ],
  social: [],
  retention_submission_months: 24,
  retention_unconfirmed_days: 30,
};
const site: SiteFacts = { origin: 'https://x.example', locale: 'en', settings };
const image = { src: '/images/p.svg', width: 800, height: 600, alt: 'A product' };

const product = {
  id: 1,
  slug: 'roller-shutters',
  slugs: { sl: 'rolete', en: 'roller-shutters', de: 'rolllaeden' },
  title: 'Roller shutters',
  summary: 'Shutters made to measure.',
  image,
  seo: { title: 'Roller shutters', description: 'd' },
  key: 'roller-shutter',
  offerType: 'rolete',
  inquiryPreset: {},
  category: { id: 2, slug: 'shutters', slugs: { sl: 's', en: 'shutters', de: 's' }, title: 'Shutters', summary: '', image, offerType: 'rolete', order: 1 },
  body: [],
  features: [],
  variants: [],
  options: [],
  images: [{ ...image, src: '/images/p2.svg' }, image],
} satisfies Product;

describe('LocalBusiness', () => {
  const ld = localBusiness(site, 'https://x.example/images/home/hero.svg');

  it('states the company, address, geo and contacts from settings', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': 'https://x.example/#business',
      name: 'Shade Co',
      telephone: '+386 1 000 00 00',
      email: 'info@shade.example',
      url: 'https://shade.example',
      address: { '@type': 'PostalAddress', streetAddress: 'Main 1', postalCode: '2390', addressLocality: 'Ravne', addressCountry: 'SI' },
      geo: { '@type': 'GeoCoordinates', latitude: 46.5, longitude: 14.9 },
    });
    expect(ld).not.toHaveProperty('sameAs');
  });

  it('holds every opening-hours entry once: the home country on the business, the other on its showroom', () => {
    expect(ld.openingHoursSpecification).toEqual(openingHoursSpecification([settings.opening_hours[0]!]));
    const departments = ld.department as Record<string, any>[];
    // The showroom at the head office's own address is the business itself, not a department.
    expect(departments).toHaveLength(1);
    expect(departments[0]).toMatchObject({ name: 'Shade Co Klagenfurt', address: { addressCountry: 'AT' } });
    expect(departments[0]!.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Tuesday', 'https://schema.org/Friday'],
        opens: '09:00',
        closes: '16:00',
      },
    ]);
  });

  it('keeps an entry of a country without a showroom on the business', () => {
    const hours = [...settings.opening_hours, { country: 'HR', days: ['Sa' as const], opens: '08:00', closes: '12:00' }];
    const other = localBusiness({ ...site, settings: { ...settings, opening_hours: hours } });
    expect((other.openingHoursSpecification as unknown[]).length).toBe(2);
    expect(other).not.toHaveProperty('image');
  });
});

describe('BreadcrumbList', () => {
  it('lists the crumbs with positions and absolute URLs; the page itself is the canonical URL', () => {
    const ld = breadcrumbList(
      [{ title: 'Home', path: '/en' }, { title: 'FAQ', path: '/en/faq#faq-a' }, { title: 'Q?' }],
      'https://x.example',
      'https://x.example/en/faq/q',
    );
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x.example/en' },
      { '@type': 'ListItem', position: 2, name: 'FAQ', item: 'https://x.example/en/faq#faq-a' },
      { '@type': 'ListItem', position: 3, name: 'Q?', item: 'https://x.example/en/faq/q' },
    ]);
  });
});

describe('Product', () => {
  it('names the product, its images (absolute, once each), brand and category, and no offer', () => {
    const ld = productLd(product, site, 'https://x.example/en/product/roller-shutters');
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Roller shutters',
      description: 'Shutters made to measure.',
      url: 'https://x.example/en/product/roller-shutters',
      image: ['https://x.example/images/p.svg', 'https://x.example/images/p2.svg'],
      brand: { '@type': 'Brand', name: 'Shade Co' },
      manufacturer: { '@id': 'https://x.example/#business' },
      category: 'Shutters',
      inLanguage: 'en-GB',
    });
  });
});

describe('FAQPage', () => {
  it('turns answer blocks into plain text', () => {
    const answer = [
      { type: 'paragraph' as const, text: 'First.' },
      { type: 'list' as const, ordered: false, items: ['one', 'two'] },
      { type: 'heading' as const, level: 2 as const, text: 'More' },
    ];
    expect(blocksText(answer)).toBe('First.\n\n- one\n- two\n\nMore');
    const ld = faqPage([{ question: 'Why?', answer, url: 'https://x.example/en/faq/why' }], site);
    expect(ld.mainEntity).toEqual([
      { '@type': 'Question', name: 'Why?', url: 'https://x.example/en/faq/why', acceptedAnswer: { '@type': 'Answer', text: 'First.\n\n- one\n- two\n\nMore' } },
    ]);
  });
});

describe('Article', () => {
  it('has headline, date, author, image and publisher', () => {
    const article = {
      id: 1,
      slug: 'a',
      slugs: { sl: 'a', en: 'a', de: 'a' },
      title: 'How to measure',
      excerpt: 'Measuring windows.',
      publishedAt: '2025-03-01',
      image,
      category: { id: 1, slug: 'tips', slugs: { sl: 't', en: 'tips', de: 't' }, title: 'Tips', description: '' },
      seo: { title: 't', description: 'd' },
      author: 'Ana Novak',
      body: [],
      related: [],
    } satisfies Article;
    const ld = articleLd(article, site, 'https://x.example/en/blog/tips/a', 'https://x.example/favicon.svg');
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: 'How to measure',
      datePublished: '2025-03-01',
      author: { '@type': 'Person', name: 'Ana Novak' },
      image: ['https://x.example/images/p.svg'],
      publisher: { '@type': 'Organization', name: 'Shade Co', logo: { '@type': 'ImageObject', url: 'https://x.example/favicon.svg' } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://x.example/en/blog/tips/a' },
    });
  });
});

describe('in the document', () => {
  it('is written as escaped JSON-LD that cannot close its element', () => {
    const evil = { ...product, title: '</script><script>alert(1)</script>' };
    const meta = { title: 't', description: 'd', alternates: { en: '/en/p' }, jsonLd: () => [productLd(evil, site, 'https://x.example/en/p')] };
    const head = buildHead(meta, { locale: 'en', siteName: 'S', origin: 'https://x.example', path: '/en/p' });
    const html = documentStart(head, { loader: '/assets/l.js', entry: '/assets/e.js', modulePreloads: [], stylesheets: [] });
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toContain('<');
    expect(JSON.parse(block).name).toBe('</script><script>alert(1)</script>');
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('absolute URLs keep absolute ones as they are', () => {
    expect(absoluteUrl('https://x.example', '/a')).toBe('https://x.example/a');
    expect(absoluteUrl('https://x.example', 'https://cdn.example/a.svg')).toBe('https://cdn.example/a.svg');
  });
});
