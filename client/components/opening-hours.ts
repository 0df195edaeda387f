import type { OpeningHours } from '../../shared/api/contract';
import { LOCALE_ISO, type Locale } from '../../shared/locales';

const DAY_INDEX = { Mo: 0, Tu: 1, We: 2, Th: 3, Fr: 4, Sa: 5, Su: 6 } as const;

/** Intl formatters are costly to build: one per locale, made on first use. */
const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>();

function weekdayName(locale: Locale, day: keyof typeof DAY_INDEX): string {
  let format = weekdayFormats.get(locale);
  if (!format) weekdayFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_ISO[locale], { weekday: 'short', timeZone: 'UTC' })));
  // 2024-01-01 was a Monday; UTC keeps server and browser on the same day.
  return format.format(Date.UTC(2024, 0, 1 + DAY_INDEX[day]));
}

/** "Mon–Fri 07:00–17:00" or "Mon, Tue, Fri 09:00–16:00" in the locale, from the hours held once in settings. */
export function openingHoursText(locale: Locale, hours: OpeningHours): string {
  const { days } = hours;
  const idx = days.map((d) => DAY_INDEX[d]);
  const consecutive = idx.length > 2 && idx.every((d, i) => i === 0 || d === idx[i - 1]! + 1);
  const range = consecutive ? `${weekdayName(locale, days[0]!)}–${weekdayName(locale, days[days.length - 1]!)}` : days.map((d) => weekdayName(locale, d)).join(', ');
  return `${range} ${hours.opens}–${hours.closes}`;
}

/** Country names, looked up once per locale and code: ICU's lookup is a noticeable part of a render. */
const countryNames = new Map<string, string>();

export function countryName(locale: Locale, code: string): string {
  const key = `${locale} ${code}`;
  let name = countryNames.get(key);
  if (name === undefined) countryNames.set(key, (name = new Intl.DisplayNames([LOCALE_ISO[locale]], { type: 'region' }).of(code) ?? code));
  return name;
}
