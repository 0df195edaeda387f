import { readFileSync } from 'node:fs';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as c from '../../shared/api/contract';
import { LOCALES, LOCALE_ISO, type Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { attr, firstText, startTestSite } from './helpers';

type Ld = Record<string, any>;

let site: Awaited<ReturnType<typeof startTestSite>>;
const settings = JSON.parse(readFileSync(new URL('../../content/settings.json', import.meta.url), 'utf8')) as c.SiteSettings;

interface Pages {
  home: string;
  product: string;
  category: string;
  article: string;
  faq: string;
  faqItem: string;
}
const pages = new Map<Locale, Pages>();

beforeAll(async () => {
  site = await startTestSite();
  const payload = async (path: string) => (await request(site.server).get(`${path}/_payload.json`)).body as { loaderData: Record<string, any> };
  for (const locale of LOCALES) {
    const categories = (await payload(pathTo('categories', locale))).loaderData[`categories___${locale}`] as {
      categories: c.Category[];
      products: Record<number, c.ProductSummary[]>;
    };
    const category = categories.categories[0]!;
    const product = categories.products[category.id]![0]!;
    const article = ((await payload(pathTo('blog', locale))).loaderData[`blog___${locale}`] as { list: c.ArticleList }).list.items[0]!;
    const faq = ((await payload(pathTo('faq', locale))).loaderData[`faq___${locale}`] as { faq: c.Faq }).faq;
    pages.set(locale, {
      home: pathTo('index', locale),
      product: pathTo('product', locale, { slug: product.slug }),
      category: pathTo('slug', locale, { slug: category.slug }),
      article: pathTo('blogArticle', locale, { category: article.category.slug, slug: article.slug }),
      faq: pathTo('faq', locale),
      faqItem: pathTo('faqItem', locale, { slug: faq.categories[0]!.items[0]!.slug }),
    });
  }
});
afterAll(() => site?.stop());

async function page(path: string) {
  const res = await request(site.server).get(path);
  expect(res.status, path).toBe(200);
  const html = res.text;
  const head = html.slice(0, html.indexOf('</head>'));
  const blocks = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Ld);
  const og = (property: string) => [...head.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)">`, 'g'))].map((m) => m[1]);
  const crumbs = [...(/<nav class="breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, ''),
  );
  return { html, head, blocks, og, crumbs, byType: (type: string) => blocks.filter((b) => b['@type'] === type) };
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Every opening-hours entry of the business and its showrooms, as `SI Mo,Tu 07:00-17:00`-like keys. */
function hoursIn(business: Ld): string[] {
  const spec = (entries: Ld[] = []) =>
    entries.map((e) => `${e.dayOfWeek.map((d: string) => d.replace('https://schema.org/', '').slice(0, 2)).join(',')} ${e.opens}-${e.closes}`);
  return [...spec(business.openingHoursSpecification), ...(business.department ?? []).flatMap((d: Ld) => spec(d.openingHoursSpecification))].sort();
}

describe('structured data and Open Graph', () => {
  for (const locale of LOCALES) {
    describe(locale, () => {
      it('home: the business on every page, with address, geo, phone and every opening-hours entry', async () => {
        const { head, blocks, byType, og } = await page(pages.get(locale)!.home);
        expect(blocks.map((b) => b['@type'])).toEqual(['LocalBusiness']);
        const business = byType('LocalBusiness')[0]!;
        expect(business).toMatchObject({
          '@context': 'https://schema.org',
          name: settings.company_name,
          telephone: settings.company_phone,
          email: settings.company_email,
          address: {
            '@type': 'PostalAddress',
            streetAddress: settings.street_address,
            postalCode: settings.postal_code,
            addressLocality: settings.town,
            addressCountry: settings.country,
          },
          geo: { '@type': 'GeoCoordinates', latitude: settings.latitude, longitude: settings.longitude },
        });
        expect(hoursIn(business)).toEqual(settings.opening_hours.map((h) => `${h.days.join(',')} ${h.opens}-${h.closes}`).sort());
        const at = (business.department as Ld[]).find((d) => d.address.addressCountry === 'AT')!;
        expect(at.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '16:00' });
        expect(og('og:type')).toEqual(['website']);
        expect(og('og:image')[0]).toMatch(/^http:\/\/localhost:\d+\/images\//);
        expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
      });

      it('product: Product without prices or ratings, and the breadcrumb as shown', async () => {
        const { html, byType, og, crumbs } = await page(pages.get(locale)!.product);
        const product = byType('Product')[0]!;
        expect(decode(firstText(html, 'h1')!)).toBe(product.name);
        expect(product.description.length).toBeGreaterThan(10);
        expect(product.image[0]).toMatch(/^http:\/\/localhost:\d+\//);
        expect(product.brand).toEqual({ '@type': 'Brand', name: settings.company_name });
        expect(typeof product.category).toBe('string');
        expect(JSON.stringify(product)).not.toMatch(/offers|price|rating|review/i);
        const list = byType('BreadcrumbList')[0]!;
        expect(list.itemListElement.map((i: Ld) => i.name)).toEqual(crumbs.map(decode));
        expect(list.itemListElement.at(-1).item).toBe(attr(html, /<link rel="canonical" href="([^"]+)"/));
        expect(list.itemListElement.every((i: Ld, n: number) => i.position === n + 1 && /^http:\/\/localhost:\d+\//.test(i.item))).toBe(true);
        expect(og('og:type')).toEqual(['product']);
        // Shared as the picture the build made of the product's image, at the size social networks
        // want: a JPEG of a photograph (the first product's), a PNG of an illustration.
        const photo = /\.(?:jpe?g|png|webp)$/.test(product.image[0]);
        expect(og('og:image')).toEqual([product.image[0].replace(/\/images\/(.+)\.[a-z]+$/, photo ? '/images/share/$1.jpg' : '/images/share/$1.png')]);
        expect([og('og:image:width')[0], og('og:image:height')[0]]).toEqual(['1200', '630']);
        const shared = await request(site.server)
          .get(new URL(og('og:image')[0]!).pathname)
          .buffer(true);
        expect(shared.status).toBe(200);
        expect(shared.headers['content-type']).toBe(photo ? 'image/jpeg' : 'image/png');
        expect(await sharp(shared.body).metadata()).toMatchObject({ format: photo ? 'jpeg' : 'png', width: 1200, height: 630 });
        expect(byType('LocalBusiness')).toHaveLength(1);
      });

      it('product family page: breadcrumb and its own image', async () => {
        const { byType, crumbs, og } = await page(pages.get(locale)!.category);
        expect(crumbs).toHaveLength(3);
        expect(byType('BreadcrumbList')[0]!.itemListElement).toHaveLength(3);
        expect(og('og:image')[0]).toMatch(/^http:\/\/localhost:\d+\/images\//);
      });

      it('article: Article with headline, date, author and publisher', async () => {
        const { html, byType, og, crumbs } = await page(pages.get(locale)!.article);
        const article = byType('Article')[0]!;
        expect(article.headline).toBe(decode(firstText(html, 'h1')!));
        expect(article.datePublished).toMatch(/^\d{4}-\d\d-\d\d/);
        expect(article.author).toMatchObject({ '@type': 'Person' });
        expect(article.author.name.length).toBeGreaterThan(2);
        expect(article.image[0]).toMatch(/^http:\/\/localhost:\d+\//);
        expect(article.publisher).toMatchObject({ '@type': 'Organization', name: settings.company_name });
        expect(article.inLanguage).toBe(LOCALE_ISO[locale]);
        expect(crumbs).toHaveLength(4);
        expect(byType('BreadcrumbList')[0]!.itemListElement.map((i: Ld) => i.name)).toEqual(crumbs.map(decode));
        expect(og('og:type')).toEqual(['article']);
        expect(og('article:published_time')).toEqual([article.datePublished]);
      });

      it('faq list: a breadcrumb and no FAQPage (the list shows questions only)', async () => {
        const { byType } = await page(pages.get(locale)!.faq);
        expect(byType('FAQPage')).toHaveLength(0);
        expect(byType('BreadcrumbList')).toHaveLength(1);
      });

      it('faq item: FAQPage with its question, and a breadcrumb through its category', async () => {
        const { html, byType, crumbs } = await page(pages.get(locale)!.faqItem);
        const faq = byType('FAQPage')[0]!;
        expect(faq.mainEntity).toHaveLength(1);
        expect(faq.mainEntity[0].name).toBe(decode(firstText(html, 'h1')!));
        expect(faq.mainEntity[0].acceptedAnswer.text.length).toBeGreaterThan(20);
        const list = byType('BreadcrumbList')[0]!;
        expect(list.itemListElement.map((i: Ld) => i.name)).toEqual(crumbs.map(decode));
        expect(list.itemListElement[2].item).toMatch(/#faq-[a-z0-9-]+$/);
      });

      it('Open Graph: title, description, canonical url, image, locales and site name', async () => {
        for (const path of Object.values(pages.get(locale)!).filter((p): p is string => typeof p === 'string')) {
          const { head, og } = await page(path);
          const canonical = attr(head, /<link rel="canonical" href="([^"]+)"/);
          expect(og('og:url'), path).toEqual([canonical]);
          expect(og('og:title')[0]!.length).toBeGreaterThan(2);
          expect(og('og:description')[0]!.length).toBeGreaterThan(10);
          expect(og('og:image')[0]).toMatch(/^http:\/\/localhost:\d+\/images\/share\/.+\.(?:png|jpg)$/);
          expect(og('og:site_name')).toEqual([settings.company_name]);
          expect(og('og:locale')).toEqual([LOCALE_ISO[locale].replace('-', '_')]);
          expect(og('og:locale:alternate').sort()).toEqual(
            LOCALES.filter((l) => l !== locale)
              .map((l) => LOCALE_ISO[l].replace('-', '_'))
              .sort(),
          );
        }
      });
    });
  }

  it('writes no executable inline script: every script without src is a JSON data block', async () => {
    for (const path of Object.values(pages.get('sl')!).filter((p): p is string => typeof p === 'string')) {
      const { html } = await page(path);
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
        if (/\bsrc="/.test(tag)) expect(tag, path).toMatch(/^<script type="module" src="\/assets\//);
        else expect(tag, path).toMatch(/^<script type="application\/(ld\+)?json"/);
      }
    }
  });

  it('keeps structured data out of the hydration data and the page payloads', async () => {
    const { product, faq } = pages.get('en')!;
    const { html } = await page(product);
    expect(html.slice(html.indexOf('id="__data"'))).not.toContain('schema.org');
    for (const path of [product, faq]) {
      const res = await request(site.server).get(`${path}/_payload.json`);
      expect(res.text).not.toContain('schema.org');
      expect(res.text).toContain('"breadcrumb"');
    }
  });

  it('error pages have no Open Graph and no structured data', async () => {
    const res = await request(site.server).get('/en/product/no-such-product');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('og:url');
    expect(res.text).not.toContain('application/ld+json');
  });
});
