import type { OpeningHours } from '../../shared/api/contract';
import { LOCALE_ISO, type Locale } from '../../shared/locales';
import type { TFunction } from 'i18next';

const DAY_ORDER = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/**
 * "Mon–Fri 07:00–17:00" or "Mon, Tue, Fri 09:00–16:00" in the locale, from the hours held once in
 * settings. Weekday names come from the UI strings, not Intl: building an Intl formatter loads ICU
 * data, a long task in every page's hydration on a phone (the footer shows the hours everywhere).
 */
export function openingHoursText(t: TFunction, hours: OpeningHours): string {
  const { days } = hours;
  const idx = days.map((d) => DAY_ORDER.indexOf(d));
  const consecutive = idx.length > 2 && idx.every((d, i) => i === 0 || d === idx[i - 1]! + 1);
  const day = (d: (typeof DAY_ORDER)[number]) => t(`weekdays.${d}`);
  const range = consecutive ? `${day(days[0]!)}–${day(days[days.length - 1]!)}` : days.map(day).join(', ');
  return `${range} ${hours.opens}–${hours.closes}`;
}

/**
 * A country's name in the locale: from the UI strings for the countries the company works in (see
 * above: no ICU lookup while hydrating), from Intl for any other code settings may hold.
 */
export function countryName(t: TFunction, locale: Locale, code: string): string {
  return t(`countries.${code}`, { defaultValue: '' }) || (new Intl.DisplayNames([LOCALE_ISO[locale]], { type: 'region' }).of(code) ?? code);
}
