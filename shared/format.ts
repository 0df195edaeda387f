import { LOCALE_ISO, type Locale } from './locales';

/** A calendar date (`YYYY-MM-DD`) in the locale's long form; UTC so server and browser agree. */
export function formatDate(locale: Locale, isoDate: string): string {
  return new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(isoDate));
}
