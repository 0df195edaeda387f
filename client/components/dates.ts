import type { TFunction } from 'i18next';

/**
 * A date in the locale's long form ("2. marec 2026", "2 March 2026", "2. März 2026"), as
 * `Intl.DateTimeFormat(…, { dateStyle: 'long', timeZone: 'UTC' })` writes it, from the UI strings: the
 * first Intl date formatter a page builds loads ICU's calendar data, about 13 ms of one core here and
 * four times that on a mid-range phone, inside the hydration of every page that shows a date. The
 * date is UTC's, so server and browser agree. `iso`: a date (`YYYY-MM-DD`) or a timestamp.
 */
export function longDate(t: TFunction, iso: string): string {
  const date = new Date(iso);
  return t('dates.long', { day: date.getUTCDate(), month: t(`dates.months.${date.getUTCMonth() + 1}`), year: date.getUTCFullYear() });
}
