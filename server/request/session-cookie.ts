/**
 * The visitor's session: the content API's session token in an HttpOnly cookie. The browser never
 * reads it; it goes back to the content API as a bearer token.
 */
export const SESSION_COOKIE = 'sid';
const PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]{32,200})(?:;|$)`);

export function readSession(cookieHeader: string | null | undefined): string | null {
  return PATTERN.exec(cookieHeader ?? '')?.[1] ?? null;
}

const ANY = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/** Whether the visitor sends a session cookie at all, well formed or not: their answers are never shared. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return ANY.test(cookieHeader ?? '');
}

export function sessionCookie(token: string, expiresAt: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Expires=${new Date(expiresAt).toUTCString()}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
