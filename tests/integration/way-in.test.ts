import Database from 'better-sqlite3';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as c from '../../shared/api/contract';
import { DOCUMENT_DATA_ID, type DocumentData } from '../../shared/document';
import { LOCALES, type Locale } from '../../shared/locales';
import type { ScreenData } from '../../shared/page-data';
import { pathTo, inquiryPath } from '../../shared/routes';
import { leadStore } from '../../server/cms/leads/store';
import { personsFields } from '../support/form-guard';
import { untilFound } from '../support/until';
import { pageI18n } from '../support/i18n';
import { startTestSite, waitForMail } from './helpers';

/**
 * Issue 26, point 1: the way in. A quote link in every page's header, the inquiry and the service
 * request in the main menu, the inquiry as the home page's first button, and a product page's inquiry
 * opening with the product chosen, the company's mail naming and linking it, and the staff's lead
 * page showing it.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => site.stop());

const COMPANY = 'info@sencila-zorko.si';

/** The site's own paths a fragment links to (query and hash dropped). */
const linksOf = (html: string) => new Set([...html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)/g)].map((m) => m[1]!));
const headerOf = (html: string) => /<header class="site-header[^"]*">[\s\S]*?<\/header>/.exec(html)![0];
const barOf = (html: string) => headerOf(html).split('<nav')[0]!;
const documentData = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${DOCUMENT_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)![1]!) as DocumentData;

async function get(path: string): Promise<string> {
  const res = await request(site.server).get(path);
  expect(res.status, path).toBe(200);
  return res.text;
}

async function aProduct(locale: Locale): Promise<c.ProductSummary> {
  const payload = (await request(site.server).get(`${pathTo('categories', locale)}/_payload.json`)).body;
  const { categories, products } = payload.loaderData[`categories___${locale}`] as { categories: c.Category[]; products: Record<number, c.ProductSummary[]> };
  // Awnings: each of them fixes its system (content/products.json).
  const awnings = categories.find((category) => category.offerType === 'tende')!;
  return products[awnings.id]![1]!;
}

describe('the quote link, the menu and the hero', () => {
  it.each(LOCALES)('in %s: every kind of page has the quote link in its header bar, beside the call button, in the locale’s words', async (locale) => {
    const { t } = pageI18n(locale);
    const product = await aProduct(locale);
    for (const page of [pathTo('index', locale), pathTo('product', locale, { slug: product.slug }), pathTo('contact', locale), pathTo('service', locale)]) {
      const bar = barOf(await get(page));
      const link = /<a class="quote-link" href="([^"]+)">([\s\S]*?)<\/a>/.exec(bar);
      expect(link?.[1], page).toBe(pathTo('inquiry', locale));
      expect(link?.[2]).toBe(t('header.quote'));
      // Beside the call button: the next link in the bar.
      expect(bar.indexOf('class="call-link"')).toBeGreaterThan(bar.indexOf('class="quote-link"'));
    }
  });

  it.each(LOCALES)('in %s: the main menu offers the inquiry and the service request; the hero’s first button is the inquiry', async (locale) => {
    const html = await get(pathTo('index', locale));
    const menu = /<nav[^>]*id="main-menu"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(linksOf(menu)).toContain(pathTo('inquiry', locale));
    expect(linksOf(menu)).toContain(pathTo('service', locale));
    const hero = /<section class="hero">[\s\S]*?<\/section>/.exec(html)![0];
    expect(/<a class="button" href="([^"]+)"/.exec(hero)?.[1]).toBe(pathTo('inquiry', locale));
    expect(linksOf(hero)).toContain(pathTo('categories', locale));
  });
});

describe('an inquiry from a product page', () => {
  it.each(LOCALES)('in %s: opens with the family and the product’s system chosen, in every language’s address', async (locale) => {
    const product = await aProduct(locale);
    const productPage = await get(pathTo('product', locale, { slug: product.slug }));
    const inquiry = inquiryPath(locale, { step: 1, offerType: 'tende', product: product.slug });
    expect(linksOf(productPage)).toContain(inquiry);

    const html = await get(inquiry);
    const screen = documentData(html).hydration.loaderData[`inquiry___${locale}`] as ScreenData<'inquiry'>;
    expect(screen.offerType).toBe('tende');
    expect(screen.product).toMatchObject({ key: 'polkasetne-tende', title: product.title, offerType: 'tende', preset: { system: 'polkasetna' } });
    // Without JavaScript too: the product's step, its system ticked, the product named, its key carried.
    expect(html).toMatch(/<input type="radio"(?=[^>]*name="system")(?=[^>]*value="polkasetna")[^>]*checked=""/);
    expect(html).toContain(`<span class="form-step__product">${product.title}</span>`);
    expect(html).toContain('<input type="hidden" name="product" value="polkasetne-tende"/>');
    for (const other of LOCALES) expect(html).toContain(inquiryPath(other, { step: 1, offerType: 'tende', product: product.slugs[other] }));
  });

  it('answers a product of another family, or none, with a 404', async () => {
    const product = await aProduct('en');
    expect((await request(site.server).get(inquiryPath('en', { step: 1, offerType: 'rolete', product: product.slug }))).status).toBe(404);
    expect((await request(site.server).get(inquiryPath('en', { step: 1, offerType: 'tende', product: 'no-such-product' }))).status).toBe(404);
    // The first design's address of a product's inquiry leads to its product step.
    const old = await request(site.server).get(`/en/inquiry/tende/${product.slug}`);
    expect([old.status, old.headers.location]).toEqual([301, inquiryPath('en', { step: 1, offerType: 'tende', product: product.slug })]);
  });

  it('sent without JavaScript: stored with the product, the company’s mail names and links it, the lead page shows it', async () => {
    const product = await aProduct('de');
    const path = pathTo('inquiry', 'de', { offerType: 'tende', product: product.slug });
    const email = `produkt.${Date.now()}@example.com`;
    const body = new URLSearchParams({
      intent: 'send',
      step: '3',
      product: 'polkasetne-tende',
      offerType: 'tende',
      system: 'polkasetna',
      width: '400',
      length: '250',
      nameAndSurname: 'Eva Berger',
      email,
      terms: 'on',
      ...personsFields(),
    });
    const sent = await request(site.server).post(path).set('Sec-Fetch-Site', 'same-origin').type('form').send(body.toString());
    expect(sent.status).toBe(303);

    const db = new Database(path_(site.dataDir), { readonly: true });
    try {
      const row = await untilFound(
        'the submission is stored',
        () => db.prepare("SELECT id, data FROM submissions WHERE kind = 'inquiry' AND email = ?").get(email) as { id: string; data: string } | undefined,
      );
      expect(JSON.parse(row.data)).toMatchObject({ offerType: 'tende', system: 'polkasetna', product: 'polkasetne-tende' });
      expect(leadStore(db).detail(row.id)?.product).toEqual({ slug: product.slug, title: product.title });
    } finally {
      db.close();
    }
    const notification = await waitForMail(site.dataDir, COMPANY, email);
    // The first row of the product's section: its name and its page (a long row goes on the next line),
    // in the company's language (Slovenian, COMPANY_LOCALE), as the rest of its mail.
    expect(notification).toMatch(
      new RegExp(String.raw`Podatki o izdelku\n-+\nStran izdelka:\s+Polkasetne tende – http://[^/]+${pathTo('product', 'sl', { slug: 'polkasetne-tende' })}\n`),
    );
    expect(notification).toContain('Jezik obiskovalca: nemščina');
  });

  it('drops the product when the visitor chose another family after coming from its page', async () => {
    const email = `anders.${Date.now()}@example.com`;
    const body = new URLSearchParams({
      intent: 'send',
      step: '3',
      product: 'polkasetne-tende',
      offerType: 'pergola',
      nameAndSurname: 'Eva Berger',
      email,
      terms: 'on',
      ...personsFields(),
    });
    expect((await request(site.server).post(pathTo('inquiry', 'en')).set('Sec-Fetch-Site', 'same-origin').type('form').send(body.toString())).status).toBe(303);
    const db = new Database(path_(site.dataDir), { readonly: true });
    try {
      const row = await untilFound(
        'the submission is stored',
        () => db.prepare("SELECT data FROM submissions WHERE kind = 'inquiry' AND email = ?").get(email) as { data: string } | undefined,
      );
      expect(JSON.parse(row.data)).not.toHaveProperty('product');
    } finally {
      db.close();
    }
  });
});

const path_ = (dataDir: string) => path.join(dataDir, 'cms.sqlite');
