import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { longDate } from '../../client/components/dates';
import { countryName, openingHoursText } from '../../client/components/opening-hours';
import { STRING_GROUPS } from '../../client/i18n/bundles';
import { stringKeys } from '../support/string-keys';
import { createTranslator, mergeBundles } from '../../client/i18n/translator';
import { LOCALE_ISO, LOCALES } from '../../shared/locales';

/** Every UI string exists in every locale (plural forms aside, which differ by language). */
const keys = stringKeys;

describe('UI strings', () => {
  const read = (locale: string, file: string) => JSON.parse(readFileSync(`locales/${locale}/${file}.json`, 'utf8'));
  // What a form page has: every page's strings and the form pages' own.
  const groups = STRING_GROUPS;
  const bundles = Object.fromEntries(
    LOCALES.map((l) => [l, groups.reduce((strings, group) => mergeBundles(strings, read(l, group)), read(l, 'common')) as ReturnType<typeof read>]),
  );
  it('has the same keys in every locale', () => {
    const reference = [...new Set(keys(bundles.sl))].sort();
    for (const locale of LOCALES) expect([...new Set(keys(bundles[locale]))].sort(), locale).toEqual(reference);
  });

  it('has each key in one file only', () => {
    for (const locale of LOCALES) {
      const all = ['common', ...groups].flatMap((file) => [...new Set(keys(read(locale, file)))]);
      expect(all.filter((key, i) => all.indexOf(key) !== i), locale).toEqual([]);
    }
  });

  it('has no empty string', () => {
    for (const locale of LOCALES) {
      const flat = JSON.stringify(bundles[locale]);
      expect(flat, locale).not.toContain('""');
    }
  });

  // The footer's weekday and country names are UI strings (no ICU data while hydrating): they must say
  // what Intl says, so the page reads the same as a formatted date would.
  it.each(LOCALES)('names weekdays and countries as Intl does, %s', (locale) => {
    const t = createTranslator(locale, bundles[locale]).t;
    const weekday = new Intl.DateTimeFormat(LOCALE_ISO[locale], { weekday: 'short', timeZone: 'UTC' });
    const intlDays = [0, 1, 2, 3, 4, 5, 6].map((i) => weekday.format(Date.UTC(2024, 0, 1 + i)));
    expect(openingHoursText(t, { country: 'SI', days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'], opens: '07:00', closes: '17:00' })).toBe(`${intlDays[0]}–${intlDays[6]} 07:00–17:00`);
    expect(openingHoursText(t, { country: 'SI', days: ['Mo', 'We', 'Sa'], opens: '09:00', closes: '12:00' })).toBe(`${intlDays[0]}, ${intlDays[2]}, ${intlDays[5]} 09:00–12:00`);
    const regions = new Intl.DisplayNames([LOCALE_ISO[locale]], { type: 'region' });
    for (const code of Object.keys(bundles[locale].countries)) expect(countryName(t, locale, code), code).toBe(regions.of(code));
    expect(countryName(t, locale, 'FR')).toBe(regions.of('FR'));
  });

  // Dates too: written from the UI strings, they must read as Intl's long date of the same day.
  it.each(LOCALES)('writes dates as Intl’s long form does, %s', (locale) => {
    const t = createTranslator(locale, bundles[locale]).t;
    const intl = new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: 'long', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const iso = new Date(Date.UTC(2026, month, day)).toISOString().slice(0, 10);
        expect(longDate(t, iso), iso).toBe(intl.format(new Date(iso)));
      }
    }
    // A timestamp is the UTC day's date, as Intl with the UTC time zone has it.
    expect(longDate(t, '2026-12-31T23:30:00.000Z')).toBe(intl.format(new Date('2026-12-31T23:30:00.000Z')));
  });
});
