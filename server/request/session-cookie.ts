import { parse } from 'cookie';
import { cookieString } from '../../shared/cookies';

/**
 * The visitor's session: the content API's session token in an HttpOnly cookie. The browser never
 * reads it; it goes back to the content API as a bearer token.
 */
export const SESSION_COOKIE = 'sid';

/** The shape of the content API's tokens: a cookie holding anything else is no session. */
const TOKEN = /^[A-Za-z0-9_-]{32,200}$/;

export function readSession(cookieHeader: string | null | undefined): string | null {
  const token = parse(cookieHeader ?? '')[SESSION_COOKIE];
  return token !== undefined && TOKEN.test(token) ? token : null;
}

/** Whether the visitor sends a session cookie at all, well formed or not: their answers are never shared. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return parse(cookieHeader ?? '')[SESSION_COOKIE] !== undefined;
}

/** `https`: the site's public origin is https (shared/cookies.ts decides the attributes). */
export function sessionCookie(token: string, expiresAt: string, https: boolean): string {
  return cookieString(SESSION_COOKIE, token, { https, httpOnly: true, expires: new Date(expiresAt) });
}

export function clearSessionCookie(https: boolean): string {
  return cookieString(SESSION_COOKIE, '', { https, httpOnly: true, maxAgeSeconds: 0 });
}
