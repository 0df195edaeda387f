import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqFilterSchema, searchSuggestionsSchema, type SearchSuggestions } from '../../shared/api/bff';
import { pathTo } from '../../shared/routes';
import { startTestSite } from './helpers';

/** `GET /api/search`: the header box's suggestions, through the real app and the embedded content API. */

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.stop());

const get = (query: Record<string, string>) => request(site.server).get('/api/search').query(query);
const all = (s: SearchSuggestions) => Object.values(s.sections).flat();

describe('GET /api/search', () => {
  it('answers suggestions per section with paths from the route table, cacheable for a minute', async () => {
    const res = await get({ lang: 'sl', q: 'rolete' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // The schema the browser reads the answer with.
    const body = searchSuggestionsSchema.parse(res.body);
    expect(body.query).toBe('rolete');
    expect(body.searchPath).toBe(`${pathTo('search', 'sl')}?q=rolete`);
    expect(Object.keys(body.sections).sort()).toEqual(['articles', 'categories', 'faq', 'pages', 'products']);
    expect(body.didYouMean).toBeNull();
    expect(body.sections.products.length).toBeGreaterThan(0);
    for (const list of Object.values(body.sections)) expect(list.length).toBeLessThanOrEqual(5);
    for (const item of body.sections.products) expect(item.path).toMatch(/^\/sl\/izdelek\/[a-z0-9-]+$/);
    for (const item of body.sections.articles) expect(item.path).toMatch(/^\/sl\/blog\/[a-z0-9-]+\/[a-z0-9-]+$/);
    for (const item of body.sections.categories) expect(item.path).toMatch(/^\/sl\/[a-z0-9-]+$/);
  });

  it('every suggested path is a page of the site', async () => {
    const body = (await get({ lang: 'en', q: 'shutter' })).body as SearchSuggestions;
    const items = all(body);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const page = await request(site.server).get(item.path);
      expect(page.status, item.path).toBe(200);
    }
  });

  it('folds diacritics: sencila finds senčila', async () => {
    const folded = (await get({ lang: 'sl', q: 'sencila' })).body as SearchSuggestions;
    const exact = (await get({ lang: 'sl', q: 'senčila' })).body as SearchSuggestions;
    expect(all(folded).length).toBeGreaterThan(0);
    expect(all(folded).map((i) => i.id)).toEqual(all(exact).map((i) => i.id));
    expect(all(folded).some((i) => /senčil/i.test(i.title))).toBe(true);
  });

  it('suggests FAQ answers, leading to their pages', async () => {
    const body = (await get({ lang: 'en', q: 'warranty' })).body as SearchSuggestions;
    expect(body.sections.faq.length).toBeGreaterThan(0);
    for (const item of body.sections.faq) {
      expect(item.path).toMatch(/^\/en\/page\/frequently-asked-questions-info-answers\/[a-z0-9-]+$/);
      expect((await request(site.server).get(item.path)).status, item.path).toBe(200);
    }
  });

  it('when nothing is found, suggests the closest spelling and its search page', async () => {
    const body = searchSuggestionsSchema.parse((await get({ lang: 'sl', q: 'tnda' })).body);
    expect(all(body)).toEqual([]);
    expect(body.didYouMean).toEqual({ query: 'tenda', path: `${pathTo('search', 'sl')}?q=tenda` });
  });

  it('trims the query; an empty or blank one gives empty sections', async () => {
    const trimmed = (await get({ lang: 'de', q: '  Markise  ' })).body as SearchSuggestions;
    expect(trimmed.query).toBe('Markise');
    for (const q of ['', '   ']) {
      const res = await get({ lang: 'de', q });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        query: '',
        searchPath: pathTo('search', 'de'),
        sections: { products: [], categories: [], articles: [], pages: [], faq: [] },
        didYouMean: null,
      });
    }
    const none = await request(site.server).get('/api/search?lang=de');
    expect(none.status).toBe(200);
    expect(all(none.body as SearchSuggestions)).toEqual([]);
  });

  it('cuts the query at 200 characters', async () => {
    const res = await get({ lang: 'en', q: `${'a'.repeat(300)}` });
    expect(res.status).toBe(200);
    expect((res.body as SearchSuggestions).query).toHaveLength(200);
  });

  it('takes query syntax and markup as plain words', async () => {
    for (const q of ['"', 'OR', 'rolete NEAR(', '<img src=x onerror=alert(1)>', '*', '-']) {
      const res = await get({ lang: 'sl', q });
      expect(res.status, q).toBe(200);
      expect((res.body as SearchSuggestions).query).toBe(q);
    }
  });

  it('refuses a missing or unknown lang and a repeated q', async () => {
    for (const path of [
      '/api/search?q=rolete',
      '/api/search?lang=fr&q=rolete',
      '/api/search?lang=SL&q=x',
      '/api/search?lang=sl&q=a&q=b',
      '/api/search?lang[]=sl',
    ]) {
      const res = await request(site.server).get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/faq-search', () => {
  const faqSearch = (query: Record<string, string>) => request(site.server).get('/api/faq-search').query(query);

  it('answers the FAQ items the list keeps, by the site search engine, cacheable for a minute', async () => {
    const res = await faqSearch({ lang: 'sl', q: 'zamrznjena roleta' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = faqFilterSchema.parse(res.body);
    expect(body.ids).toHaveLength(1);
    const page = await request(site.server).get(`${pathTo('faq', 'sl')}?q=${encodeURIComponent('zamrznjena roleta')}`);
    expect(page.text).toContain('Kaj naredim, če roleta pozimi zamrzne?');
  });

  it('keeps nothing for a blank query, and refuses a bad language', async () => {
    expect((await faqSearch({ lang: 'de', q: '  ' })).body).toEqual({ query: '', ids: [], suggestion: null });
    expect((await faqSearch({ lang: 'fr', q: 'x' })).status).toBe(400);
  });
});

describe('GET /api/search with the upstream down', () => {
  let down: Awaited<ReturnType<typeof startTestSite>>;
  beforeAll(async () => {
    // Nothing listens on port 9 of the loopback: every upstream call fails at once.
    down = await startTestSite({ UPSTREAM_URL: 'http://127.0.0.1:9/', UPSTREAM_TIMEOUT_MS: '1000' });
  });
  afterAll(() => down?.stop());

  it('answers 503 JSON, not cached', async () => {
    const res = await request(down.server).get('/api/search?lang=en&q=awning');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: 'upstream_unavailable' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
