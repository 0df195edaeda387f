import { serialize } from 'cookie';
import { siteCookie } from '../../../shared/cookies';
import type { Cookies } from './cookies';

/**
 * The visitor's session: the content API's session token in an HttpOnly cookie. The browser never
 * reads it; it goes back to the content API as a bearer token.
 */
export const SESSION_COOKIE = 'sid';

/** The shape of the content API's tokens: a cookie holding anything else is no session. */
const TOKEN = /^[A-Za-z0-9_-]{32,200}$/;

export function readSession(cookies: Cookies): string | null {
  const token = cookies[SESSION_COOKIE];
  return typeof token === 'string' && TOKEN.test(token) ? token : null;
}

/** Whether the visitor sends a session cookie at all, well formed or not: their answers are never shared. */
export function hasSessionCookie(cookies: Cookies): boolean {
  return cookies[SESSION_COOKIE] !== undefined;
}

/** The session cookie's attributes (shared/cookies.ts): the site's, and HttpOnly. */
export function sessionCookieOptions(https: boolean) {
  return { ...siteCookie(https), httpOnly: true };
}

/** The `Set-Cookie` of a new session, for a page's action (it answers a Fetch response, not Express's). */
export function sessionCookie(token: string, expiresAt: string, https: boolean): string {
  return serialize(SESSION_COOKIE, token, { ...sessionCookieOptions(https), expires: new Date(expiresAt) });
}

/** The `Set-Cookie` that ends the session, written as Express's `res.clearCookie` writes it. */
export function clearSessionCookie(https: boolean): string {
  return serialize(SESSION_COOKIE, '', { ...sessionCookieOptions(https), expires: new Date(1) });
}
