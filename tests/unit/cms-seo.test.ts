import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsFromList, type OpeningHours } from '../../shared/api/contract';
import { LOCALES } from '../../shared/locales';
import { ContentError, parseContent, readContentTexts, type ContentTexts } from '../../server/cms/content';
import { derivedSeoEntries, openingHoursOn, SEO_DERIVED_ENTRIES, SEO_TITLE_ENTRIES } from '../../server/cms/queries/seo';

const CONTENT_DIR = resolve(process.cwd(), 'content');
const texts = readContentTexts(CONTENT_DIR);

const hours = (country: string, days: OpeningHours['days'], opens: string, closes: string): OpeningHours => ({
  country,
  days,
  opens,
  closes,
});

describe('opening hours of one weekday (schema.org openingHours)', () => {
  it('one country: no prefix', () => {
    expect(openingHoursOn('Mo', [hours('SI', ['Mo', 'Tu'], '07:00', '17:00')])).toBe('Mo 07:00-17:00');
  });

  it('several countries: each prefixed by its code, in settings order', () => {
    const list = [hours('SI', ['Mo', 'We'], '07:00', '17:00'), hours('AT', ['Mo'], '09:00', '16:00')];
    expect(openingHoursOn('Mo', list)).toBe('SI Mo 07:00-17:00, AT Mo 09:00-16:00');
    expect(openingHoursOn('Mo', [...list].reverse())).toBe('AT Mo 09:00-16:00, SI Mo 07:00-17:00');
    // Only SI is open on Wednesday: no prefix.
    expect(openingHoursOn('We', list)).toBe('We 07:00-17:00');
  });

  it('a split day of one country has no prefix', () => {
    const list = [hours('SI', ['Fr'], '07:00', '12:00'), hours('SI', ['Fr'], '13:00', '15:00')];
    expect(openingHoursOn('Fr', list)).toBe('Fr 07:00-12:00, Fr 13:00-15:00');
  });

  it('a day no entry includes is "closed"', () => {
    expect(openingHoursOn('Th', [hours('SI', ['Mo'], '07:00', '17:00')])).toBe('closed');
    expect(openingHoursOn('Mo', [])).toBe('closed');
  });
});

describe('seo entries derived from settings', () => {
  const settings = settingsFromList(Object.entries(JSON.parse(texts.settings) as Record<string, unknown>).map(([key, value]) => ({ key, value })));

  it('derives every documented entry, in the documented order, as strings', () => {
    const derived = derivedSeoEntries(settings);
    expect(Object.keys(derived)).toEqual(Object.keys(SEO_DERIVED_ENTRIES));
    for (const value of Object.values(derived)) expect(typeof value).toBe('string');
    expect(derived).toMatchObject({
      street_address_seo: settings.street_address,
      address_locality_seo: settings.town,
      postal_code_seo: settings.postal_code,
      address_country_seo: settings.country,
      telephone_seo: settings.company_phone,
      website_url_seo: settings.website_url,
      latitude_seo: String(settings.latitude),
      longitude_seo: String(settings.longitude),
    });
  });

  it('never overlaps the product titles', () => {
    for (const entry of SEO_TITLE_ENTRIES) expect(SEO_DERIVED_ENTRIES).not.toHaveProperty(entry);
  });
});

describe('seo.json validation', () => {
  function problemsWith(edit: (seo: Record<string, Record<string, string>>) => void): string[] {
    const seo = JSON.parse(texts.seo) as Record<string, Record<string, string>>;
    edit(seo);
    const edited: ContentTexts = { ...texts, seo: JSON.stringify(seo) };
    try {
      parseContent(CONTENT_DIR, edited);
    } catch (error) {
      if (error instanceof ContentError) return error.problems;
      throw error;
    }
    return [];
  }

  it('holds exactly the product titles in every locale', () => {
    const content = parseContent(CONTENT_DIR, texts);
    for (const locale of LOCALES) expect(Object.keys(content.seo[locale])).toEqual([...SEO_TITLE_ENTRIES]);
  });

  it('refuses an entry derived from settings, naming it and its setting', () => {
    const problems = problemsWith((seo) => {
      seo.en!.monday_seo = 'Mo 07:00-17:00';
      seo.de!.telephone_seo = '+386 2 870 54 20';
    });
    expect(problems).toEqual([
      'seo.json: en.monday_seo: "monday_seo" is derived from settings (settings.json "opening_hours"); remove it from seo.json',
      'seo.json: de.telephone_seo: "telephone_seo" is derived from settings (settings.json "company_phone"); remove it from seo.json',
    ]);
  });

  it('refuses an unknown entry and a missing title', () => {
    const problems = problemsWith((seo) => {
      seo.sl!.saturday_seo = 'Sa 08:00-12:00';
      delete seo.en!.awnings_seo;
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^seo\.json: sl\.saturday_seo: unknown entry "saturday_seo": seo\.json holds only the product titles .*derived from settings$/),
        expect.stringMatching(/^seo\.json: en\.awnings_seo: /),
      ]),
    );
    expect(problems).toHaveLength(2);
  });
});
