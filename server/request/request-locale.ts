import { parse } from 'cookie';
import { LOCALE_COOKIE, isLocale, pathLocale, toLocale, type Locale } from '../../shared/locales';

const localeCookieValue = (cookieHeader: string | null | undefined) => parse(cookieHeader ?? '')[LOCALE_COOKIE];

/** The locale stored in the `i18n_redirected` cookie; an unknown code counts as the default. */
export function cookieLocale(cookieHeader: string | null | undefined): Locale {
  return toLocale(localeCookieValue(cookieHeader));
}

/** The cookie's locale only when it holds one of ours. */
export function storedLocale(cookieHeader: string | null | undefined): Locale | null {
  const value = localeCookieValue(cookieHeader);
  return isLocale(value) ? value : null;
}

/** The locale of a page request: its prefix, else (a 404 under an unknown prefix) the visitor's cookie. */
export function requestLocale(request: Request): Locale {
  return pathLocale(new URL(request.url).pathname) ?? cookieLocale(request.headers.get('cookie'));
}
