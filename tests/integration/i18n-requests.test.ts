import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageI18n } from '../../server/site/i18n/page-i18n';
import { LOCALES_DIR } from '../../server/lib/paths';
import { DOCUMENT_DATA_ID, type DocumentData } from '../../shared/document';
import { namespaceFile } from '../../shared/i18n';
import { LOCALE_ISO, LOCALES, type Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { startTestSite } from './helpers';
import { screenPaths } from './screen-paths';

const file = (locale: Locale, ns: string) => JSON.parse(readFileSync(namespaceFile(locale, ns), 'utf8')) as Record<string, Record<string, string>>;

describe('one i18next instance per request', () => {
  it('is a clone of its own, in its language, finding its screen’s namespaces only', () => {
    const pages = loadPageI18n(LOCALES_DIR);
    const de = pages.forRequest('de', ['forms']);
    const sl = pages.forRequest('sl');
    expect(de).not.toBe(pages.forRequest('de', ['forms']));
    expect([de.language, sl.language]).toEqual(['de', 'sl']);
    expect(de.t('inquiry.next')).toBe(file('de', 'forms').inquiry!.next);
    // A content page's instance has no form words: the key, as the browser without them would write it.
    expect(sl.t('inquiry.next')).toBe('inquiry.next');
    expect(sl.t('layout.skipToContent')).toBe(file('sl', 'common').layout!.skipToContent);
    // What a page carries: the same object for every request of a locale and screen.
    expect(pages.strings(de)).toBe(pages.strings(pages.forRequest('de', ['forms'])));
    expect(Object.keys(pages.strings(de))).toEqual(['common', 'forms']);
    expect(Object.keys(pages.strings(sl))).toEqual(['common']);
  });
});

describe('renders at the same time in three languages', () => {
  let site: Awaited<ReturnType<typeof startTestSite>>;
  beforeAll(async () => {
    // Nothing kept: every request renders.
    site = await startTestSite({ HTML_CACHE_TTL_S: '0' });
  });
  afterAll(() => site?.stop());

  it('each in its own language, with its own screen’s strings, however they interleave', async () => {
    const pages = await Promise.all(
      LOCALES.map(async (locale) => [locale, [(await screenPaths(site.server, locale)).product, pathTo('inquiry', locale)]] as const),
    );
    const asked = Array.from({ length: 8 }, () => pages.flatMap(([locale, paths]) => paths.map((path) => ({ locale, path })))).flat();
    const answers = await Promise.all(asked.map(async ({ locale, path }) => ({ locale, path, html: (await request(site.server).get(path)).text })));
    for (const { locale, path, html } of answers) {
      expect(html, path).toContain(`<html lang="${LOCALE_ISO[locale]}"`);
      expect(html, path).toContain(`>${file(locale, 'common').layout!.skipToContent}</a>`);
      const data = JSON.parse(new RegExp(`<script type="application/json" id="${DOCUMENT_DATA_ID}">(.*?)</script>`, 's').exec(html)![1]!) as DocumentData;
      expect(data.locale).toBe(locale);
      const form = path === pathTo('inquiry', locale);
      expect(Object.keys(data.strings), path).toEqual(form ? ['common', 'forms'] : ['common']);
      expect(data.strings.common, path).toEqual(file(locale, 'common'));
      if (form) expect(html, path).toContain(file(locale, 'forms').inquiry!.next);
    }
  });
});
