/** The site's locales. The first is the default; order is the order shown in the switcher. */
export const LOCALES = ['sl', 'en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'sl';

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

/** BCP 47 tags for `<html lang>`, hreflang and Open Graph. */
export const LOCALE_ISO: Record<Locale, string> = { sl: 'sl-SI', en: 'en-GB', de: 'de-AT' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** An unknown or missing code counts as the default locale (as in the reference i18n library). */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The locale a path names in its first segment, if it names one. */
export function pathLocale(pathname: string): Locale | null {
  // Asked for every request, a cached page's too: compared in place, nothing cut out of the path.
  for (const locale of LOCALES) {
    if (pathname.startsWith(locale, 1) && pathname[0] === '/' && (pathname.length === locale.length + 1 || pathname[locale.length + 1] === '/')) return locale;
  }
  return null;
}
