import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstText, startTestSite } from './helpers';

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.stop());

const get = (path: string) => request(site.server).get(path);

describe('locale routing', () => {
  it('redirects the root permanently to /sl and remembers the locale', async () => {
    const res = await get('/');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/sl');
    const cookie = String(res.headers['set-cookie']);
    // Express's res.cookie: Max-Age and, for older clients, the Expires it comes to.
    expect(cookie).toMatch(/^i18n_redirected=sl; Max-Age=31536000; Path=\/; Expires=[^;]+ GMT; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('sends the root to /sl even when the cookie names another locale, and leaves the cookie alone', async () => {
    const res = await get('/').set('Cookie', 'i18n_redirected=de');
    expect(res.headers.location).toBe('/sl');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('puts a path without a prefix under the cookie locale, else sl, with its query', async () => {
    expect((await get('/kategorije?x=1')).headers.location).toBe('/sl/kategorije?x=1');
    const res = await get('/categories?x=1').set('Cookie', 'i18n_redirected=en');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/en/categories?x=1');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await get('/kategorije').set('Cookie', 'i18n_redirected=xx')).headers.location).toBe('/sl/kategorije');
  });

  it('removes a trailing slash with a 301', async () => {
    const res = await get('/en/categories/?a=b');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/en/categories?a=b');
    expect((await get('/de/')).headers.location).toBe('/de');
  });

  it('keeps every redirect on this site', async () => {
    for (const path of [
      '//evil.example',
      '//evil.example/',
      '/\\evil.example',
      '/\\evil.example/',
      '/%2F%2Fevil.example/',
      '/%2F%2Fevil.example',
      '/sl//evil.example/',
      '/%5C%5Cevil.example/',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.location as string;
        expect(location, path).toMatch(/^\/(sl|en|de)(\/[^/\\]|$)/);
        expect(new URL(location, 'https://site.example').origin).toBe('https://site.example');
      }
    }
  });

  it('answers an unknown prefix with the 404 page inside the layout', async () => {
    const res = await get('/fr/produits');
    expect(res.status).toBe(404);
    expect(res.text).toContain('class="site-header"');
    expect(res.text).toContain('class="site-footer"');
    expect(firstText(res.text, 'h1')).toBe('Strani ni mogoče najti');
  });

  it('answers an unmatched route with the 404 page in the page locale', async () => {
    const res = await get('/de/gibt-es-nicht/wirklich');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="de-AT"');
    expect(firstText(res.text, 'h1')).toBe('Seite nicht gefunden');
    expect(res.text).toContain('class="site-header"');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('bad input', () => {
  it('answers malformed percent-encoding, null bytes and overlong URLs with a 4xx error page', async () => {
    for (const [path, status] of [
      ['/sl/%E0%A4%A', 400],
      ['/sl/%', 400],
      ['/sl/a%00b', 400],
      ['/sl?q=%ZZ', 400],
      [`/sl/${'a'.repeat(5000)}`, 414],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.text, path).toContain('class="container error-page"');
    }
  });

  it('refuses methods the site does not serve', async () => {
    for (const method of ['delete', 'put', 'patch', 'options'] as const) {
      const res = await request(site.server)[method]('/sl');
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.text).toContain('Metoda ni dovoljena');
    }
  });

  it('takes posts only from its own pages, and only where a page has a form', async () => {
    const crossSite = await request(site.server).post('/sl/login').set('Origin', 'https://evil.example').type('form').send('email=a@b.si');
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toContain('Dostop ni dovoljen');
    expect((await request(site.server).post('/sl/login').type('form').send('email=a@b.si')).status).toBe(403);
    const noForm = await request(site.server).post('/sl/kategorije').set('Sec-Fetch-Site', 'same-origin').type('form').send('x=1');
    expect(noForm.status).toBe(405);
    expect(noForm.text).toContain('class="site-header"');
  });

  it('refuses a posted body that is too large', async () => {
    const res = await request(site.server)
      .post('/sl/login')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(`email=${'a'.repeat(100_000)}`);
    expect(res.status).toBe(413);
    expect(res.text).toContain('error-page');
  });

  it('answers headers that are too large with 431 and the error page, and keeps serving', async () => {
    const res = await fetch(`${site.url}/sl`, { headers: { 'x-big': 'a'.repeat(40_000) } });
    expect(res.status).toBe(431);
    expect(await res.text()).toContain('error-page');
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it('treats a slug of the wrong shape as a 404', async () => {
    // Upper case is redirected to lower case first (tests/integration/canonical-paths.test.ts).
    for (const path of ['/sl/izdelek/not_a_slug', '/en/product/x%20y', '/de/produkt/a--b', '/sl/stran/upper%21']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await request(site.server).head('/sl');
    expect(res.status).toBe(200);
    expect(res.text).toBeUndefined();
  });
});
