import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { LEGAL_PAGE_SLUGS, pathTo } from '../../shared/routes';
import { pageI18n } from '../support/i18n';
import { startTestSite } from './helpers';

/**
 * Issue 26, point 9: the imprint in three locales from the company's register data in the settings,
 * linked from every page's footer and from the privacy policy.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.stop());

const settings = {
  name: 'Senčila Zorko d.o.o.',
  court: 'Okrožno sodišče v Slovenj Gradcu',
  number: 'Srg 2003/00417, matična številka 1843271000',
  director: 'Marko Zorko',
  vat: 'SI87415232',
  email: 'info@sencila-zorko.si',
};
const linkTo = (html: string, path: string) => html.includes(`href="${path}"`);

describe('the imprint', () => {
  it.each(LOCALES)('shows the register data in %s, from the settings', async (locale) => {
    const { t } = pageI18n(locale);
    const res = await request(site.server).get(pathTo('imprint', locale));
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<h1`);
    expect(res.text).toContain(t('imprint.title'));
    for (const fact of Object.values(settings)) expect(res.text).toContain(fact);
    expect(res.text).toContain(t('imprint.legalForms.doo'));
    expect(res.text).toContain('Koroška cesta 27');
  });

  it('is the Impressum on German pages', () => {
    expect(pathTo('imprint', 'de')).toBe('/de/impressum');
    expect(pageI18n('de').t('imprint.title')).toBe('Impressum');
  });

  it.each(LOCALES)('is linked from the footer of every kind of page and from the privacy policy, %s', async (locale) => {
    for (const path of [pathTo('index', locale), pathTo('contact', locale), pathTo('inquiry', locale), '/' + locale + '/no-such-page']) {
      expect(linkTo((await request(site.server).get(path)).text, pathTo('imprint', locale)), path).toBe(true);
    }
    const privacy = await request(site.server).get(pathTo('page', locale, { slug: LEGAL_PAGE_SLUGS.privacy[locale] }));
    expect(privacy.status).toBe(200);
    expect(privacy.text).toContain(pageI18n(locale).t('imprint.privacyController'));
  });

  it('is in the sitemap in each locale', async () => {
    const xml = (await request(site.server).get('/sitemap.xml')).text;
    for (const locale of LOCALES) expect(xml).toContain(`${pathTo('imprint', locale)}</loc>`);
  });
});
