import type { i18n } from 'i18next';
import { PAGE_NAMESPACES } from '../../client/i18n/namespaces';
import { loadStrings } from '../../server/i18n/load-strings';
import type { Locale } from '../../shared/locales';

let pages: i18n | undefined;

/** An i18next instance in a locale with every page namespace, read from locales/ as the site reads it. */
export function pageI18n(locale: Locale): i18n {
  pages ??= loadStrings('locales', PAGE_NAMESPACES);
  return pages.cloneInstance({ lng: locale, fallbackNS: PAGE_NAMESPACES.slice(1) });
}
