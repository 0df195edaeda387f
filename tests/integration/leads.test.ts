import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../shared/api/contract';
import { LOCALES } from '../../shared/locales';
import { pathTo, inquiryPath } from '../../shared/routes';
import { signPurge } from '../../server/lib/purge-signature';
import { startCms, type RunningCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { startTestSite } from './helpers';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';

/**
 * The ways to a lead: the contact page, the call link, the paths to both forms from every page, and
 * error pages that still show the phone and email when the content API is down.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
/** The settings the embedded content API serves (and the build falls back to). */
const settings = c.siteSettingsSchema.parse(JSON.parse(readFileSync(path.join(CONTENT_DIR, 'settings.json'), 'utf8')));

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.stop());

/** The site's own paths a page links to (query and hash dropped). */
function linksOf(html: string): Set<string> {
  const paths = [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)/g)].map((m) => m[1]!);
  return new Set(paths.filter((p) => !p.startsWith('//')));
}

/** A `tel:` link's number as dialled. */
const dialled = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
const byCountry = (country: string) => settings.showrooms.find((s) => s.country === country)!;

/** The header's call link: the first `tel:` link inside `<header class="site-header">`. */
function headerCallLink(html: string): string | null {
  const header = /<header class="site-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';
  return /<a class="call-link" href="(tel:[^"]+)"/.exec(header)?.[1] ?? null;
}

describe('the contact page', () => {
  it.each(LOCALES)('in %s: both showrooms with address, hours, phone, email and directions, and both forms', async (locale) => {
    const res = await request(site.server).get(pathTo('contact', locale));
    expect(res.status).toBe(200);
    const html = res.text;
    for (const showroom of settings.showrooms) {
      expect(html).toContain(showroom.street_address);
      expect(html).toContain(`${showroom.postal_code} ${showroom.town}`);
      expect(html).toContain(`href="${dialled(showroom.phone)}"`);
      expect(html).toContain(`href="mailto:${showroom.email}"`);
      // A plain link with the coordinates: nothing of the map service is embedded or loaded.
      expect(html).toContain(`destination=${showroom.latitude},${showroom.longitude}`);
      for (const hours of settings.opening_hours.filter((h) => h.country === showroom.country)) {
        expect(html).toContain(`${hours.opens}–${hours.closes}`);
      }
    }
    expect(html).not.toMatch(/<iframe|maps\.googleapis|<script[^>]+src="https?:/);
    const links = linksOf(html);
    expect(links).toContain(pathTo('inquiry', locale));
    expect(links).toContain(pathTo('service', locale));
  });

  it('lists the visitor\u2019s market first (Klagenfurt on German pages)', async () => {
    const de = (await request(site.server).get(pathTo('contact', 'de'))).text;
    const sl = (await request(site.server).get(pathTo('contact', 'sl'))).text;
    const main = (html: string) => html.slice(html.indexOf('<main'));
    expect(main(de).indexOf(byCountry('AT').street_address)).toBeLessThan(main(de).indexOf(byCountry('SI').street_address));
    expect(main(sl).indexOf(byCountry('SI').street_address)).toBeLessThan(main(sl).indexOf(byCountry('AT').street_address));
  });

  it('describes the same showrooms in its LocalBusiness structured data', async () => {
    const html = (await request(site.server).get(pathTo('contact', 'en'))).text;
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const business = blocks.find((b) => b['@type'] === 'LocalBusiness');
    expect(business).toBeDefined();
    const departments = business.department as Record<string, any>[];
    const austria = byCountry('AT');
    expect(departments).toEqual([
      expect.objectContaining({
        telephone: austria.phone,
        email: austria.email,
        address: expect.objectContaining({ streetAddress: austria.street_address, postalCode: austria.postal_code }),
        geo: { '@type': 'GeoCoordinates', latitude: austria.latitude, longitude: austria.longitude },
      }),
    ]);
    expect(business.telephone).toBe(settings.company_phone);
  });

  it('is in the sitemap in every locale', async () => {
    const xml = (await request(site.server).get('/sitemap.xml')).text;
    for (const locale of LOCALES) expect(xml).toContain(`${pathTo('contact', locale)}</loc>`);
  });
});

describe('the phone a page shows', () => {
  it.each([
    ['sl', 'SI'],
    ['en', 'SI'],
    ['de', 'AT'],
  ] as const)('on %s pages is the %s showroom\u2019s, in the header call link and beside the forms', async (locale, country) => {
    for (const path of [pathTo('index', locale), pathTo('categories', locale), pathTo('inquiry', locale)]) {
      const html = (await request(site.server).get(path)).text;
      expect(headerCallLink(html), path).toBe(dialled(byCountry(country).phone));
    }
  });
});

describe('paths to the forms', () => {
  const get = async (path: string) => {
    const res = await request(site.server).get(path);
    expect(res.status, path).toBe(200);
    return res.text;
  };

  it.each(LOCALES)('in %s: the home page offers both forms in its blocks and the notification, the menus offer Contact', async (locale) => {
    const html = await get(pathTo('index', locale));
    const main = linksOf(html.slice(html.indexOf('<main'), html.indexOf('</main>')));
    expect(main).toContain(pathTo('inquiry', locale));
    expect(main).toContain(pathTo('service', locale));
    const notification = /<section class="notification[\s\S]*?<\/section>/.exec(html)![0];
    expect(linksOf(notification)).toContain(pathTo('inquiry', locale));
    const menu = /<nav[^>]*id="main-menu"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(linksOf(menu)).toContain(pathTo('contact', locale));
    const footer = html.slice(html.indexOf('<footer'));
    for (const name of ['contact', 'inquiry', 'service'] as const) expect(linksOf(footer)).toContain(pathTo(name, locale));
  });

  it.each(LOCALES)('in %s: product and category pages offer the inquiry with the offer type (and the product) chosen', async (locale) => {
    const payload = (await request(site.server).get(`${pathTo('categories', locale)}/_payload.json`)).body;
    const { categories, products } = payload.loaderData[`categories___${locale}`] as { categories: c.Category[]; products: Record<number, c.ProductSummary[]> };
    const category = categories[0]!;
    const product = products[category.id]![0]!;
    const inquiry = inquiryPath(locale, { step: 1, offerType: category.offerType });
    expect(linksOf(await get(pathTo('slug', locale, { slug: category.slug })))).toContain(inquiry);
    expect(linksOf(await get(pathTo('product', locale, { slug: product.slug })))).toContain(
      inquiryPath(locale, { step: 1, offerType: category.offerType, product: product.slug }),
    );
  });

  it.each(LOCALES)('in %s: an article ends with both forms, and so does the B2B page', async (locale) => {
    const blog = (await request(site.server).get(`${pathTo('blog', locale)}/_payload.json`)).body;
    const article = (blog.loaderData[`blog___${locale}`] as { list: c.ArticleList }).list.items[0]!;
    for (const path of [pathTo('blogArticle', locale, { category: article.category.slug, slug: article.slug }), pathTo('b2b', locale)]) {
      const html = await get(path);
      const cta = /<aside class="cta cta--lead"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
      expect(linksOf(cta), path).toContain(pathTo('inquiry', locale));
      expect(linksOf(cta), path).toContain(pathTo('service', locale));
    }
  });

  it('FAQ answers that mention a form link to it', async () => {
    const faq = (await request(site.server).get(`${pathTo('faq', 'sl')}/_payload.json`)).body.loaderData['faq___sl'] as { faq: c.Faq };
    const items = faq.faq.categories.flatMap((category) => category.items);
    const linked = { inquiry: 0, service: 0 };
    for (const item of items) {
      const html = await get(pathTo('faqItem', 'sl', { slug: item.slug }));
      const answer = linksOf(html.slice(html.indexOf('<div class="prose">'), html.indexOf('</article>')));
      const text = html.slice(html.indexOf('<div class="prose">')).split('</div>')[0]!;
      // "the form", "the service request", "enter it in the inquiry" (not "demand", also povpraševanje)
      if (!/obrazc|servisn\w* zahtev|v povpraševanj/i.test(text)) continue;
      if (/servisn/i.test(text)) {
        expect(answer, item.slug).toContain(pathTo('service', 'sl'));
        linked.service++;
      } else {
        expect(answer, item.slug).toContain(pathTo('inquiry', 'sl'));
        linked.inquiry++;
      }
    }
    expect(linked.inquiry).toBeGreaterThan(0);
    expect(linked.service).toBeGreaterThan(0);
  });

  it('reaches both forms within two clicks from every page in the sitemap', async () => {
    const xml = (await request(site.server).get('/sitemap.xml')).text;
    const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(pages.length).toBeGreaterThan(100);
    const known = new Map<string, Set<string>>();
    const links = async (path: string) => {
      let found = known.get(path);
      if (!found) known.set(path, (found = linksOf((await request(site.server).get(path)).text)));
      return found;
    };
    const isForm = (name: 'inquiry' | 'service', path: string) => LOCALES.some((l) => path === pathTo(name, l) || path.startsWith(`${pathTo(name, l)}/`));
    const within2 = async (from: string, name: 'inquiry' | 'service') => {
      const first = [...(await links(from))];
      if (first.some((p) => isForm(name, p))) return true;
      for (const next of first) if ([...(await links(next))].some((p) => isForm(name, p))) return true;
      return false;
    };
    const missing: string[] = [];
    for (const page of pages) {
      for (const name of ['inquiry', 'service'] as const) if (!(await within2(page, name))) missing.push(`${page} → ${name}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('error pages', () => {
  it('a 429 from the form rate limit comes in the layout, with the phone and email', async () => {
    const limited = await startTestSite({ FORM_RATE_LIMIT_MAX: '1' });
    try {
      const post = (fields: Record<string, string>) =>
        request(limited.server).post(pathTo('service', 'de')).set('Origin', limited.url).type('form').send(fields);
      expect((await post({ phone: '' })).status).toBe(400);
      const res = await post({
        phone: '0664 123 456',
        streetAddress: 'Hauptplatz 1',
        postalCode: '9020',
        town: 'Klagenfurt',
        content: 'Der Motor brummt.',
        terms: 'on',
      });
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      expect(res.text).toContain('<header class="site-header">');
      expect(res.text).toContain('<footer class="site-footer">');
      expect(headerCallLink(res.text)).toBe(dialled(byCountry('AT').phone));
      expect(res.text).toContain(`mailto:${settings.company_email}`);
    } finally {
      await limited.stop();
    }
  });

  it('an error in the middleware chain on a page\u2019s address (a body too large) comes in the layout too', async () => {
    const res = await request(site.server)
      .post(pathTo('service', 'en'))
      .set('Origin', site.url)
      .type('form')
      .send({ content: 'x'.repeat(100_000) });
    expect(res.status).toBe(413);
    expect(res.text).toContain('<header class="site-header">');
    expect(headerCallLink(res.text)).toBe(dialled(byCountry('SI').phone));
    expect(res.text).toContain(`mailto:${settings.company_email}`);
  });

  it('a request refused before the router (a malformed address) gets the static page, with the call link and email', async () => {
    const res = await request(site.server).get('/de/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(headerCallLink(res.text)).toBe(dialled(byCountry('AT').phone));
    expect(res.text).toContain(`mailto:${settings.company_email}`);
    expect(res.text).not.toContain('<script');
  });

  describe('with the content API down', () => {
    /** The content API behind a switch: up, it answers as the real one, but with a phone of its own in init. */
    const CMS_PHONE = '+43 463 111 222';
    let cms: RunningCms;
    let proxy: http.Server;
    let up = false;
    let cmsDir: string;

    beforeAll(async () => {
      cmsDir = mkdtempSync(path.join(os.tmpdir(), 'shading-leads-cms-'));
      cms = await startCms({
        dataDir: cmsDir,
        port: 0,
        contentDir: CONTENT_DIR,
        siteUrl: 'http://localhost',
        logger: pino({ level: 'silent' }),
        mail: { from: 'site@localhost' },
      });
      proxy = http.createServer(async (req, res) => {
        if (!up) return void res.writeHead(502).end();
        const answer = await fetch(new URL(req.url!, cms.url));
        let body = await answer.text();
        if (req.url!.startsWith('/init')) body = body.replaceAll(byCountry('AT').phone, CMS_PHONE);
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body);
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    });
    afterAll(async () => {
      await new Promise<void>((r) => proxy.close(() => r()));
      await cms.close();
      rmSync(cmsDir, { recursive: true, force: true });
    });

    it('a fresh process shows the build\u2019s phone and email; later, those of the last init it read', async () => {
      const secret = 'a-long-shared-secret-for-the-purge-webhook';
      const bff = await startTestSite({
        UPSTREAM_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`,
        UPSTREAM_TIMEOUT_MS: '1000',
        CACHE_PURGE_SECRET: secret,
      });
      try {
        up = false;
        const fresh = await request(bff.server).get('/de/kategorien');
        expect(fresh.status).toBe(503);
        expect(fresh.text).toContain('<header class="site-header">');
        expect(headerCallLink(fresh.text)).toBe(dialled(byCountry('AT').phone));
        expect(fresh.text).toContain(`mailto:${settings.company_email}`);
        expect(fresh.text).toContain('Dienst vorübergehend nicht verfügbar');

        up = true;
        expect((await request(bff.server).get('/de/kategorien')).status).toBe(200);

        // Down again, and every cached answer dropped: only the process's copy of init is left.
        up = false;
        const body = '{}';
        const purge = await request(bff.server)
          .post('/api/cache/purge')
          .set('Content-Type', 'application/json')
          .set('X-Signature', signPurge(secret, body))
          .send(body);
        expect(purge.status).toBe(200);
        const down = await request(bff.server).get('/de/kategorien');
        expect(down.status).toBe(503);
        expect(headerCallLink(down.text)).toBe(dialled(CMS_PHONE));
        // The copy's menus too: the way to the contact page stays in the header.
        expect(linksOf(down.text)).toContain(pathTo('contact', 'de'));
      } finally {
        up = false;
        await bff.stop();
      }
    });
  });
});
