import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as c from '../../shared/api/contract';
import { LOCALES, LOCALE_ISO, type Locale } from '../../shared/locales';
import { pathTo, ROUTE_NAMES, inquiryPath, INQUIRY_STEP_SLUGS } from '../../shared/routes';
import { DEFAULT_NAMESPACE, namespaceFile, SCREEN_NAMESPACE_NAMES, SCREEN_NAMESPACES } from '../../shared/i18n';
import { CLIENT_BUILD_DIR } from '../../server/lib/paths';
import { attr, firstText, startTestSite } from './helpers';
import { stringKeys } from '../support/string-keys';
import { screenPaths } from './screen-paths';

let site: Awaited<ReturnType<typeof startTestSite>>;
const manifest = JSON.parse(readFileSync(path.join(CLIENT_BUILD_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The built chunks of the locale files (the namespaces the browser loads after the first page). */
const stringChunks = Object.entries(manifest).flatMap(([source, chunk]) => (source.startsWith('locales/') ? [`/${chunk.file}`] : []));
/** Every key of the screens' own namespaces. */
function screenNamespaceKeys(locale: Locale): string[] {
  return [...new Set(SCREEN_NAMESPACE_NAMES.flatMap((ns) => stringKeys(JSON.parse(readFileSync(namespaceFile(locale, ns), 'utf8')))))];
}

/** A path per screen and locale, with slugs read from the site's own page payloads. */
const paths = new Map<string, string>();

beforeAll(async () => {
  site = await startTestSite();
  for (const locale of LOCALES) {
    const byRoute = await screenPaths(site.server, locale);
    for (const name of ROUTE_NAMES) paths.set(`${name}___${locale}`, byRoute[name]);
  }
});
afterAll(() => site?.stop());

describe('every screen in every locale', () => {
  for (const locale of LOCALES) {
    for (const name of ROUTE_NAMES) {
      it(`${name}___${locale}`, async () => {
        let path = paths.get(`${name}___${locale}`)!;
        if (name === 'profile') {
          // The profile belongs to a signed-in visitor (tests/integration/accounts.test.ts): others go to the login.
          const redirect = await request(site.server).get(path);
          expect(redirect.status).toBe(302);
          path = redirect.headers.location as string;
          expect(path).toBe(pathTo('login', locale));
        }
        const res = await request(site.server).get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        const html = res.text;
        expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
        expect(html).toContain(`<html lang="${LOCALE_ISO[locale as Locale]}"`);
        expect(firstText(html, 'h1')?.length).toBeGreaterThan(1);
        expect(firstText(html, 'title')?.length).toBeGreaterThan(3);
        expect(attr(html, /<meta name="description" content="([^"]*)"/)).not.toBeNull();
        expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/${locale}`));
        const hreflangs = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]);
        expect(hreflangs).toEqual([...LOCALES.map((l) => LOCALE_ISO[l]), 'x-default']);
        expect(html).toContain('class="site-header"');
        expect(html).toContain('<script type="application/json" id="__data">');
        // One script, the loader (client/boot.ts), which names the app's entry and modules for after the first paint.
        expect(html.match(/<script type="module"/g)).toHaveLength(1);
        const modules = attr(
          html,
          /<script type="module" src="\/assets\/boot-[\w-]+\.js" id="__app" data-entry="\/assets\/entry-[\w-]+\.js" data-modules="([^"]*)" fetchpriority="low"><\/script>/,
        );
        // No strings are fetched to hydrate: none of the app's modules is a locale file's chunk.
        expect(stringChunks.length).toBeGreaterThan(0);
        expect(modules?.split(' ').filter((m) => stringChunks.includes(m))).toEqual([]);
        const data = JSON.parse(attr(html, /<script type="application\/json" id="__data">(.*?)<\/script>/s)!) as Record<string, unknown>;
        expect(Object.keys(data).sort()).toEqual(['buildId', 'config', 'hydration', 'locale', 'strings']);
        // The page carries its strings: `common` and the screen's own namespaces, as the locale's files
        // have them, and no other (the profile's address shows the login).
        const screen = name === 'profile' ? 'login' : name;
        const strings = data.strings as Record<string, unknown>;
        expect(Object.keys(strings)).toEqual([DEFAULT_NAMESPACE, ...SCREEN_NAMESPACES[screen]]);
        for (const ns of Object.keys(strings)) expect(strings[ns], ns).toEqual(JSON.parse(readFileSync(namespaceFile(locale as Locale, ns), 'utf8')));
        // Each screen renders with the strings the browser hydrates it with: none of them missing (a
        // missing string would be written as its key).
        for (const key of screenNamespaceKeys(locale as Locale))
          expect(attr(html, /<div id="app">(.*)<\/div><script type="application\/json"/s), key).not.toContain(key);
        // The layout's data is what the layout shows: the SEO entries and the raw settings list stay on the server.
        const layout = (data.hydration as { loaderData: { layout: { init: Record<string, unknown>; settings: c.SiteSettings } } }).loaderData.layout;
        expect(Object.keys(layout.init).sort()).toEqual(['articleCategories', 'categories', 'languages', 'menus', 'notification']);
        expect(layout.settings.company_name.length).toBeGreaterThan(2);
      });
    }
  }
});

describe('page payloads', () => {
  it('answer a client navigation with the page data, without the layout', async () => {
    const res = await request(site.server).get('/en/categories/_payload.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body.loaderData)).toEqual(['categories___en']);
    expect(res.body.loaderData.categories___en.meta.alternates).toEqual(Object.fromEntries(LOCALES.map((l) => [l, pathTo('categories', l)])));
  });

  it('carry a 404 as a route error', async () => {
    const res = await request(site.server).get('/en/product/no-such-product/_payload.json');
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual({
      product___en: { kind: 'response', status: 404, statusText: 'Not Found', data: { message: 'Page not found: /en/product/no-such-product' } },
    });
  });

  it('carry a redirect: the content page "home" is the home page', async () => {
    expect((await request(site.server).get('/de/seite/home/_payload.json')).body.redirect).toBe('/de');
    const res = await request(site.server).get('/sl/stran/home');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/sl');
  });
});

describe('lists and route checks', () => {
  it('pages the blog in links and never outside 1..pages', async () => {
    const first = await request(site.server).get('/en/blog');
    expect(first.text).toMatch(/<a[^>]+href="\/en\/blog\?page=2"/);
    const second = await request(site.server).get('/en/blog?page=2');
    expect(second.status).toBe(200);
    expect(second.text).toContain('<link rel="canonical" href="http://localhost');
    expect(second.text).toMatch(/<link rel="canonical" href="[^"]+\/en\/blog\?page=2"/);
    for (const page of ['0', '-1', '99', 'abc', '1.5']) expect((await request(site.server).get(`/en/blog?page=${page}`)).status, page).toBe(404);
  });

  it('answers an unknown blog category or a mismatched article category with a 404', async () => {
    expect((await request(site.server).get('/sl/blog/ni-kategorije')).status).toBe(404);
    const article = paths.get('blogArticle___sl')!;
    const slug = article.split('/').pop();
    expect((await request(site.server).get(`/sl/blog/ni-kategorije/${slug}`)).status).toBe(404);
  });

  it('sends the business-customer content page to its own route', async () => {
    const res = await request(site.server).get('/en/page/b2b');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/en/b2b');
  });
});

describe('locale switcher and alternates', () => {
  it('link the same product in every locale by its translated slug', async () => {
    const html = (await request(site.server).get(paths.get('product___sl')!)).text;
    const links = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], new URL(m[2]!).pathname]);
    expect(links[1]![1]).toMatch(/^\/en\/product\/[a-z0-9-]+$/);
    expect(links[2]![1]).toMatch(/^\/de\/produkt\/[a-z0-9-]+$/);
    for (const [, path] of links) expect((await request(site.server).get(path!)).status).toBe(200);
    expect(html).toMatch(/<a href="\/en\/product\/[a-z0-9-]+" hrefLang="en-GB"/);
  });
});

describe('calls to action', () => {
  it('a product and its family open the inquiry form with their offer type chosen (a product’s with the product too)', async () => {
    for (const locale of LOCALES) {
      const product = paths.get(`product___${locale}`)!;
      const family = paths.get(`slug___${locale}`)!;
      const data = async (path: string, name: string) => (await request(site.server).get(`${path}/_payload.json`)).body.loaderData[`${name}___${locale}`];
      const { product: shown } = (await data(product, 'product')) as { product: c.Product };
      const { target } = (await data(family, 'slug')) as { target: c.SlugTarget };
      expect(target.type).toBe('category');
      const forms = {
        [product]: { offerType: shown.offerType!, product: shown.slug },
        [family]: { offerType: target.type === 'category' ? target.category.offerType! : '' },
      };
      for (const [path, params] of Object.entries(forms)) {
        const inquiry = inquiryPath(locale, { step: 1, ...params });
        expect(inquiry).toBe(`/${locale}/${inquiry.split('/')[2]}/${INQUIRY_STEP_SLUGS[locale][1]}/${Object.values(params).join('/')}`);
        const cta = /<aside class="cta cta--inquiry"[\s\S]*?<\/aside>/.exec((await request(site.server).get(path)).text)?.[0];
        expect(cta, path).toContain(`<a class="button" href="${inquiry}"`);
      }
    }
  });
});
