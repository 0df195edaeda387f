import type { i18n } from 'i18next';
import { readdirSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { longDate } from '../../client/components/dates';
import { countryName, openingHoursText } from '../../client/components/opening-hours';
import { i18nForReact } from '../../client/i18n/for-react';
import { PAGE_NAMESPACES } from '../../shared/i18n';
import { LOCALE_ISO, LOCALES, type Locale } from '../../shared/locales';
import { pageI18n } from '../support/i18n';
import { stringKeys } from '../support/string-keys';

const read = (locale: string, file: string) => JSON.parse(readFileSync(`locales/${locale}/${file}`, 'utf8')) as Record<string, unknown>;
/** Every namespace file of a locale (`common.json`, `mail.json`...). */
const files = (locale: string) =>
  readdirSync(`locales/${locale}`)
    .filter((f) => f.endsWith('.json'))
    .sort();

/** Each string's full key, plural forms included (`search.count_few`), with its value. */
function entries(value: unknown, prefix = ''): [string, string][] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]): [string, string][] =>
    v && typeof v === 'object' ? entries(v, `${prefix}${key}.`) : [[`${prefix}${key}`, String(v)]],
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('UI strings', () => {
  it('has the same namespace files in every locale', () => {
    for (const locale of LOCALES) expect(files(locale), locale).toEqual(files('sl'));
  });

  it.each(files('sl'))('has every key of %s in every locale', (file) => {
    const reference = [...new Set(stringKeys(read('sl', file)))].sort();
    for (const locale of LOCALES) expect([...new Set(stringKeys(read(locale, file)))].sort(), `${locale}/${file}`).toEqual(reference);
  });

  it('has each key of a page in one namespace only (a page finds a key in the first namespace that has it)', () => {
    for (const locale of LOCALES) {
      const all = PAGE_NAMESPACES.flatMap((ns) => [...new Set(stringKeys(read(locale, `${ns}.json`)))]);
      expect(
        all.filter((key, i) => all.indexOf(key) !== i),
        locale,
      ).toEqual([]);
    }
  });

  it('has no empty string', () => {
    for (const locale of LOCALES)
      for (const file of files(locale))
        expect(
          entries(read(locale, file)).filter(([, v]) => v === ''),
          `${locale}/${file}`,
        ).toEqual([]);
  });

  // i18next picks a plural form by the language's rules (Intl.PluralRules): every counted string must
  // have each form its language has, or some counts would find none.
  it.each(LOCALES)('has every plural form of its language for every counted string, %s', (locale) => {
    const categories = new Intl.PluralRules(LOCALE_ISO[locale]).resolvedOptions().pluralCategories;
    for (const file of files(locale)) {
      const forms = new Map<string, string[]>();
      for (const [key] of entries(read(locale, file))) {
        const plural = PLURAL.exec(key);
        if (plural) forms.set(key.slice(0, plural.index), [...(forms.get(key.slice(0, plural.index)) ?? []), plural[1]!]);
      }
      for (const [key, found] of forms) expect(found.sort(), `${locale}/${file} ${key}`).toEqual([...categories].sort());
    }
  });

  it('renders Slovenian counts with the form i18next’s rules choose: one, two, few, other', () => {
    const Months = ({ count }: { count: number }) => {
      const { t } = useTranslation();
      return createElement('p', null, t('page.privacy.months', { count }));
    };
    const rendered = (count: number) => renderToString(createElement(I18nextProvider, { i18n: pageI18n('sl') }, createElement(Months, { count })));
    expect([1, 2, 3, 5, 101, 102].map(rendered)).toEqual([
      '<p>1 mesec</p>',
      '<p>2 meseca</p>',
      '<p>3 mesece</p>',
      '<p>5 mesecev</p>',
      '<p>101 mesec</p>',
      '<p>102 meseca</p>',
    ]);
    // The same rules in English and German, with their two forms.
    expect([1, 2, 5].map((count) => pageI18n('en').t('page.privacy.months', { count }))).toEqual(['1 month', '2 months', '5 months']);
    expect([1, 2, 5].map((count) => pageI18n('de').t('page.privacy.months', { count }))).toEqual(['1 Monat', '2 Monate', '5 Monate']);
  });

  // The footer's weekday and country names are UI strings (no ICU data while hydrating): they must say
  // what Intl says, so the page reads the same as a formatted date would.
  it.each(LOCALES)('names weekdays and countries as Intl does, %s', (locale: Locale) => {
    const { t } = pageI18n(locale);
    const weekday = new Intl.DateTimeFormat(LOCALE_ISO[locale], { weekday: 'short', timeZone: 'UTC' });
    const intlDays = [0, 1, 2, 3, 4, 5, 6].map((i) => weekday.format(Date.UTC(2024, 0, 1 + i)));
    expect(openingHoursText(t, { country: 'SI', days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'], opens: '07:00', closes: '17:00' })).toBe(
      `${intlDays[0]}–${intlDays[6]} 07:00–17:00`,
    );
    expect(openingHoursText(t, { country: 'SI', days: ['Mo', 'We', 'Sa'], opens: '09:00', closes: '12:00' })).toBe(
      `${intlDays[0]}, ${intlDays[2]}, ${intlDays[5]} 09:00–12:00`,
    );
    const regions = new Intl.DisplayNames([LOCALE_ISO[locale]], { type: 'region' });
    for (const code of Object.keys(read(locale, 'common.json').countries as object)) expect(countryName(t, locale, code), code).toBe(regions.of(code));
    expect(countryName(t, locale, 'FR')).toBe(regions.of('FR'));
  });

  // Dates too: written from the UI strings, they must read as Intl's long date of the same day.
  it.each(LOCALES)('writes dates as Intl’s long form does, %s', (locale: Locale) => {
    const { t } = pageI18n(locale);
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

describe('the instance react-i18next is given (client/i18n/for-react.ts)', () => {
  it('renders in the instance’s language and strings, and what the hook’s copy adds reaches the instance', () => {
    const de = pageI18n('de');
    let fromHook: i18n | undefined;
    const Skip = () => {
      const { t, i18n: hooked } = useTranslation();
      fromHook = hooked;
      return createElement('p', null, t('layout.skipToContent'), ' ', hooked.language);
    };
    const html = renderToString(createElement(I18nextProvider, { i18n: i18nForReact(de) }, createElement(Skip)));
    expect(html).toBe(`<p>${de.t('layout.skipToContent')}<!-- --> <!-- -->de</p>`);
    fromHook!.addResourceBundle('de', 'consent', { banner: { title: 'Cookies?' } });
    expect(de.hasResourceBundle('de', 'consent')).toBe(true);
    expect(de.getFixedT('de', 'consent')('banner.title')).toBe('Cookies?');
  });
});
