import { LOCALE_ISO, type Locale } from './locales';

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date (`YYYY-MM-DD`) in the locale's long form; UTC so server and browser agree. */
export function formatDate(locale: Locale, isoDate: string): string {
  let format = dateFormats.get(locale);
  // Building a formatter costs far more than using one: one per locale.
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: 'long', timeZone: 'UTC' })));
  return format.format(new Date(isoDate));
}

/** A phone number kept on one line (a number broken across lines is misread and misdialled). */
export const phoneText = (phone: string) => phone.replace(/ /g, '\u00a0');

/** A `tel:` link for a phone number as written for people ("+386 2 870 54 20"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
