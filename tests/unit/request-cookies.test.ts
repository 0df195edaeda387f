import { describe, expect, it } from 'vitest';
import { cookieLocale, storedLocale } from '../../server/request/request-locale';
import { cookieString, isHttpsOrigin } from '../../shared/cookies';
import { clearSessionCookie, hasSessionCookie, readSession, sessionCookie } from '../../server/request/session-cookie';

const TOKEN = 'a'.repeat(20) + '_B-' + '9'.repeat(20);

describe('the session cookie', () => {
  it('reads the token among other cookies, only when it has the content API’s shape', () => {
    expect(readSession(`cc_cookie=x; sid=${TOKEN}; i18n_redirected=en`)).toBe(TOKEN);
    expect(readSession(`sid=${TOKEN}`)).toBe(TOKEN);
    expect(readSession('sid=short')).toBeNull();
    expect(readSession(`sid=${TOKEN}!`)).toBeNull();
    expect(readSession(`xsid=${TOKEN}`)).toBeNull();
    expect(readSession('')).toBeNull();
    expect(readSession(null)).toBeNull();
    // A cookie sent twice: the first one counts, as browsers send the most specific path first.
    expect(readSession(`sid=${TOKEN}; sid=other`)).toBe(TOKEN);
  });

  it('tells a visitor with any session cookie, well formed or not, from an anonymous one', () => {
    expect(hasSessionCookie('sid=')).toBe(true);
    expect(hasSessionCookie('a=1;sid=broken')).toBe(true);
    expect(hasSessionCookie('xsid=1; sidx=2')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it('is written HttpOnly and SameSite=Lax, Secure over https, and its value cannot add an attribute', () => {
    const expires = '2030-01-02T03:04:05.000Z';
    expect(sessionCookie(TOKEN, expires, false)).toBe(`sid=${TOKEN}; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; SameSite=Lax`);
    expect(sessionCookie(TOKEN, expires, true)).toContain('; Secure');
    expect(sessionCookie(`${TOKEN}; Domain=evil.example`, expires, false)).toMatch(/^sid=[^;]*%3B%20Domain%3Devil\.example; Path=\//);
    expect(clearSessionCookie(true)).toBe('sid=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax');
  });
});

describe('the locale cookie', () => {
  it('gives the stored locale, or the default for anything else', () => {
    expect(cookieLocale('a=1; i18n_redirected=de')).toBe('de');
    expect(cookieLocale('i18n_redirected=fr')).toBe('sl');
    expect(cookieLocale(undefined)).toBe('sl');
    expect(storedLocale('i18n_redirected=en')).toBe('en');
    expect(storedLocale('i18n_redirected=fr')).toBeNull();
    expect(storedLocale('')).toBeNull();
  });
});

describe('cookie attributes (shared/cookies.ts)', () => {
  it('are Secure exactly when the public origin is https', () => {
    expect(isHttpsOrigin('https://www.sencila.test')).toBe(true);
    expect(isHttpsOrigin('HTTPS://www.sencila.test')).toBe(true);
    expect(isHttpsOrigin('http://localhost:3000')).toBe(false);
    expect(cookieString('i18n_redirected', 'de', { https: true, maxAgeSeconds: 60 })).toBe('i18n_redirected=de; Max-Age=60; Path=/; Secure; SameSite=Lax');
    expect(cookieString('i18n_redirected', 'de', { https: false, maxAgeSeconds: 60 })).toBe('i18n_redirected=de; Max-Age=60; Path=/; SameSite=Lax');
  });

  it('keep a value from adding attributes of its own', () => {
    expect(cookieString('x', 'a; Domain=evil.example', { https: false })).toBe('x=a%3B%20Domain%3Devil.example; Path=/; SameSite=Lax');
  });
});
