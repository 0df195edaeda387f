import { parse, serialize, type CookieSerializeOptions } from 'cookie';

/**
 * The visitor's session: the content API's session token in an HttpOnly cookie. The browser never
 * reads it; it goes back to the content API as a bearer token.
 */
export const SESSION_COOKIE = 'sid';

/** The shape of the content API's tokens: a cookie holding anything else is no session. */
const TOKEN = /^[A-Za-z0-9_-]{32,200}$/;

const ATTRIBUTES: CookieSerializeOptions = { path: '/', httpOnly: true, sameSite: 'lax' };

export function readSession(cookieHeader: string | null | undefined): string | null {
  const token = parse(cookieHeader ?? '')[SESSION_COOKIE];
  return token !== undefined && TOKEN.test(token) ? token : null;
}

/** Whether the visitor sends a session cookie at all, well formed or not: their answers are never shared. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return parse(cookieHeader ?? '')[SESSION_COOKIE] !== undefined;
}

export function sessionCookie(token: string, expiresAt: string, secure: boolean): string {
  return serialize(SESSION_COOKIE, token, { ...ATTRIBUTES, expires: new Date(expiresAt), secure });
}

export function clearSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, '', { ...ATTRIBUTES, maxAge: 0, secure });
}
