import { serialize } from 'cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { carryCookies, cookiesOf, requestCookies } from '../../server/site/request/cookies';
import { cookieLocale, requestLocale, storedLocale } from '../../server/site/request/request-locale';
import { isHttpsOrigin, siteCookie } from '../../shared/cookies';
import { clearSessionCookie, hasSessionCookie, readSession, sessionCookie } from '../../server/site/request/session-cookie';

const TOKEN = 'a'.repeat(20) + '_B-' + '9'.repeat(20);

/** What cookie-parser reads from a `Cookie` header, as the site's first middleware does. */
const read = (header?: string) => requestCookies({ headers: header === undefined ? {} : { cookie: header } } as IncomingMessage, {} as ServerResponse);

describe('the session cookie', () => {
  it('reads the token among other cookies, only when it has the content API’s shape', () => {
    expect(readSession(read(`cc_cookie=x; sid=${TOKEN}; i18n_redirected=en`))).toBe(TOKEN);
    expect(readSession(read(`sid=${TOKEN}`))).toBe(TOKEN);
    expect(readSession(read('sid=short'))).toBeNull();
    expect(readSession(read(`sid=${TOKEN}!`))).toBeNull();
    expect(readSession(read(`xsid=${TOKEN}`))).toBeNull();
    expect(readSession(read(''))).toBeNull();
    expect(readSession(read())).toBeNull();
    // cookie-parser makes an object of a `j:` JSON value: no session either.
    expect(readSession(read(`sid=j:${encodeURIComponent(JSON.stringify({ token: TOKEN }))}`))).toBeNull();
    // A cookie sent twice: the first one counts, as browsers send the most specific path first.
    expect(readSession(read(`sid=${TOKEN}; sid=other`))).toBe(TOKEN);
  });

  it('tells a visitor with any session cookie, well formed or not, from an anonymous one', () => {
    expect(hasSessionCookie(read('sid='))).toBe(true);
    expect(hasSessionCookie(read('a=1;sid=broken'))).toBe(true);
    expect(hasSessionCookie(read('xsid=1; sidx=2'))).toBe(false);
    expect(hasSessionCookie(read())).toBe(false);
  });

  it('is written HttpOnly and SameSite=Lax, Secure over https, and its value cannot add an attribute', () => {
    const expires = '2030-01-02T03:04:05.000Z';
    expect(sessionCookie(TOKEN, expires, false)).toBe(`sid=${TOKEN}; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; SameSite=Lax`);
    expect(sessionCookie(TOKEN, expires, true)).toContain('; Secure');
    expect(sessionCookie(`${TOKEN}; Domain=evil.example`, expires, false)).toMatch(/^sid=[^;]*%3B%20Domain%3Devil\.example; Path=\//);
    // As Express's res.clearCookie ends it (server/site/bff/account-data.ts uses that).
    expect(clearSessionCookie(true)).toBe('sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
  });

  it('reaches the loaders from cookie-parser’s reading, and a shared render has none', () => {
    const request = new Request('http://localhost/de/kontakt');
    carryCookies({ cookies: read(`sid=${TOKEN}; i18n_redirected=en`) }, request);
    expect(readSession(cookiesOf(request))).toBe(TOKEN);
    expect(readSession(cookiesOf(new Request('http://localhost/de/kontakt')))).toBeNull();
  });
});

describe('the locale cookie', () => {
  it('gives the stored locale, or the default for anything else', () => {
    expect(cookieLocale(read('a=1; i18n_redirected=de'))).toBe('de');
    expect(cookieLocale(read('i18n_redirected=fr'))).toBe('sl');
    expect(cookieLocale(read())).toBe('sl');
    expect(storedLocale(read('i18n_redirected=en'))).toBe('en');
    expect(storedLocale(read('i18n_redirected=fr'))).toBeNull();
    expect(storedLocale(read(''))).toBeNull();
  });

  it('names the locale of a page under no prefix (a 404 in the visitor’s language)', () => {
    const request = new Request('http://localhost/fr/x');
    carryCookies({ cookies: read('i18n_redirected=de') }, request);
    expect(requestLocale(request)).toBe('de');
    expect(requestLocale(new Request('http://localhost/en/x'))).toBe('en');
  });
});

describe('cookie attributes (shared/cookies.ts)', () => {
  it('are Path=/, SameSite=Lax, and Secure exactly when the public origin is https', () => {
    expect(isHttpsOrigin('https://www.sencila.test')).toBe(true);
    expect(isHttpsOrigin('HTTPS://www.sencila.test')).toBe(true);
    expect(isHttpsOrigin('http://localhost:3000')).toBe(false);
    expect(serialize('i18n_redirected', 'de', { ...siteCookie(true), maxAge: 60 })).toBe('i18n_redirected=de; Max-Age=60; Path=/; Secure; SameSite=Lax');
    expect(serialize('i18n_redirected', 'de', { ...siteCookie(false), maxAge: 60 })).toBe('i18n_redirected=de; Max-Age=60; Path=/; SameSite=Lax');
  });
});
