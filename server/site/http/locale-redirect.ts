import type { RequestHandler } from 'express';
import { siteCookie } from '../../../shared/cookies';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, isLocale, type Locale } from '../../../shared/locales';
import type { Cookies } from '../request/cookies';
import { cookieLocale, storedLocale } from '../request/request-locale';
import { canonicalQuery, canonicalSegments } from './canonical-url';
import { CACHE_CONTROL } from '../cache-control';

/** A first segment shaped like a language code that is not one of ours is an unknown prefix (404), not a page. */
const LANGUAGE_CODE = /^[a-z]{2}(?:[-_][a-z0-9]{2,8})?$/i;

/**
 * The query as sent, with everything outside the characters a query may hold as they are
 * percent-encoded, so a Location header is always valid (its parameters are the visitor's: kept).
 */
function headerSafeQuery(query: string): string {
  let out = '';
  for (let i = 0; i < query.length; i++) {
    const c = query[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(query.slice(i + 1, i + 3))) out += c;
    else if (/[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/.test(c)) out += c;
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
 * The redirects of a page address, in one hop: `/` to `/sl`; a path without a locale prefix to the same
 * path under the cookie's locale (else `sl`) (spec section 2); a path spelled otherwise than the site's
 * links spell it (percent-encoding, case, doubled or trailing slashes, dot segments: canonical-url.ts)
 * to its canonical spelling; `?page=1` of a list to the list's own address. The rest of the query is
 * kept. The Location is always `/{locale}` followed by this site's own segments.
 */
export function localeRedirect(rawPath: string, rawQuery: string, cookies: Cookies): LocaleRedirect | null {
  const segments = canonicalSegments(rawPath);
  const first = segments[0];
  // The root always goes to the default locale, whatever the cookie holds.
  const chosen = first === undefined ? DEFAULT_LOCALE : isLocale(first) || LANGUAGE_CODE.test(first) ? null : cookieLocale(cookies);
  const path = (chosen ? [chosen, ...segments] : segments).map((segment) => `/${segment}`).join('');
  const query = canonicalQuery(path, rawQuery);
  if (path === rawPath && query === rawQuery) return null;
  return { location: `${path}${query ? `?${headerSafeQuery(query)}` : ''}`, chosen, byCookie: chosen !== null && first !== undefined };
}

/** `https`: the site's public origin is https, so the cookie is Secure even where TLS ended before this process. */
export function localeRedirects({ https }: { https: boolean }): RequestHandler {
  return (req, res, next) => {
    const q = req.originalUrl.indexOf('?');
    const rawPath = q === -1 ? req.originalUrl : req.originalUrl.slice(0, q);
    const rawQuery = q === -1 ? '' : req.originalUrl.slice(q + 1);
    const redirect = localeRedirect(rawPath, rawQuery, req.cookies);
    if (!redirect) return next();
    // A redirect that chose the locale for a visitor who has none yet remembers it.
    const remember = redirect.chosen !== null && storedLocale(req.cookies) === null;
    if (remember) res.cookie(LOCALE_COOKIE, redirect.chosen!, { ...siteCookie(https), maxAge: LOCALE_COOKIE_MAX_AGE_DAYS * 86_400_000 });
    // A 301 is kept by browsers and shared caches: one that depends on the visitor must not be.
    res.setHeader('Cache-Control', redirect.byCookie || remember ? CACHE_CONTROL.privateNoStore : CACHE_CONTROL.sharedRedirect);
    if (redirect.byCookie) res.setHeader('Vary', 'Cookie');
    res.redirect(301, redirect.location);
  };
}
