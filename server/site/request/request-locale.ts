import { LOCALE_COOKIE, isLocale, pathLocale, toLocale, type Locale } from '../../../shared/locales';
import { cookiesOf, type Cookies } from './cookies';

/** The locale stored in the `i18n_redirected` cookie; an unknown code counts as the default. */
export function cookieLocale(cookies: Cookies): Locale {
  return toLocale(cookies[LOCALE_COOKIE]);
}

/** The cookie's locale only when it holds one of ours. */
export function storedLocale(cookies: Cookies): Locale | null {
  const value = cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : null;
}

/** The locale of a page request: its prefix, else (a 404 under an unknown prefix) the visitor's cookie. */
export function requestLocale(request: Request): Locale {
  return pathLocale(new URL(request.url).pathname) ?? cookieLocale(cookiesOf(request));
}
