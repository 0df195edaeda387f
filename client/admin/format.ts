import { COMPANY_TIME_ZONE } from '../../shared/company-time-zone';
import { LOCALE_ISO } from '../../shared/locales';
import type { StaffLocale } from '../../shared/api/staff';

/**
 * Dates and times of the staff screens, in the company's time zone, from numbers alone: the server's
 * and the browser's ICU data word dates differently (spaces, month names), and the hydrated screen
 * must read what the server wrote.
 */
const parts = new Map<StaffLocale, Intl.DateTimeFormat>();

function numbers(at: Date, locale: StaffLocale): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let format = parts.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_ISO[locale], {
      timeZone: COMPANY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    parts.set(locale, format);
  }
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') out[part.type] = part.value;
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

const dayOf = (locale: StaffLocale, y: string, m: string, d: string) => (locale === 'en' ? `${d}/${m}/${y}` : `${Number(d)}. ${Number(m)}. ${y}`);

/** A moment (an ISO timestamp) as the company's clock read it: `27. 11. 2026, 14:05`. */
export function dateTime(iso: string, locale: StaffLocale): string {
  const n = numbers(new Date(iso), locale);
  return `${dayOf(locale, n.year, n.month, n.day)}, ${n.hour}:${n.minute}`;
}

/** A local date and time as agreed (`2026-12-03T09:30`), written the same way. */
export function localDateTime(value: string, locale: StaffLocale): string {
  const [, y, m, d, time] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value) ?? [];
  return y ? `${dayOf(locale, y, m!, d!)}, ${time}` : value;
}
