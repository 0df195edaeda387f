import type { RequestHandler } from 'express';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, isLocale, type Locale } from '../../shared/locales';
import { cookieLocale, storedLocale } from '../render/request-locale';

/** A first segment shaped like a language code that is not one of ours is an unknown prefix (404), not a page. */
const LANGUAGE_CODE = /^[a-z]{2}(?:[-_][a-z0-9]{2,8})?$/i;

/**
 * Percent-encodes everything outside the characters a path segment or query may hold as they are, so
 * a Location header is always valid and can never be read as another host (`\` is encoded too).
 */
function encodeUnsafe(value: string, extra = ''): string {
  const allowed = new RegExp(`[A-Za-z0-9\\-._~!$&'()*+,;=:@${extra}]`);
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) out += c;
    else if (allowed.test(c)) out += c;
    else out += encodeURIComponent(c === '%' ? '%' : c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

export interface LocaleRedirect {
  location: string;
  /** The locale the redirect chose for a path that named none (`/` or a path without a prefix). */
  chosen: Locale | null;
  /** Set when the choice came from the cookie, so the answer differs per visitor. */
  byCookie: boolean;
}

/**
 * The locale-routing redirects (spec section 2): `/` to `/sl`; a path without a locale prefix to the
 * same path under the cookie's locale (else `sl`); a trailing or doubled slash to the path without it.
 * The query string is kept. The Location is always `/{locale}` followed by this site's own segments.
 */
export function localeRedirect(rawPath: string, rawQuery: string, cookieHeader: string | undefined): LocaleRedirect | null {
  const query = rawQuery ? `?${encodeUnsafe(rawQuery, '/?')}` : '';
  const segments = rawPath.split('/').filter((s) => s !== '');
  const clean = `/${segments.map((s) => encodeUnsafe(s)).join('/')}`;
  const first = segments[0];
  if (first === undefined) return { location: `/${DEFAULT_LOCALE}${query}`, chosen: DEFAULT_LOCALE, byCookie: false };
  if (isLocale(first) || LANGUAGE_CODE.test(first)) {
    return clean === rawPath ? null : { location: `${clean}${query}`, chosen: null, byCookie: false };
  }
  const locale = cookieLocale(cookieHeader);
  return { location: `/${locale}${clean}${query}`, chosen: locale, byCookie: true };
}

function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_DAYS * 86400}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function localeRedirects(): RequestHandler {
  return (req, res, next) => {
    const q = req.originalUrl.indexOf('?');
    const rawPath = q === -1 ? req.originalUrl : req.originalUrl.slice(0, q);
    const rawQuery = q === -1 ? '' : req.originalUrl.slice(q + 1);
    const redirect = localeRedirect(rawPath, rawQuery, req.headers.cookie);
    if (!redirect) return next();
    // A redirect that chose the locale for a visitor who has none yet remembers it.
    const remember = redirect.chosen !== null && storedLocale(req.headers.cookie) === null;
    if (remember) res.append('Set-Cookie', localeCookie(redirect.chosen!, req.secure));
    // A 301 is kept by browsers and shared caches: one that depends on the visitor must not be.
    res.setHeader('Cache-Control', redirect.byCookie || remember ? 'private, no-store' : 'public, max-age=3600');
    if (redirect.byCookie) res.setHeader('Vary', 'Cookie');
    res.redirect(301, redirect.location);
  };
}
