import { serialize } from 'cookie';
import { siteCookie } from '../../../shared/cookies';
import type { Locale } from '../../../shared/locales';
import { pathTo } from '../../../shared/routes';
import type { Cookies } from '../request/cookies';
import { DRAFT_ID } from './key';

/**
 * The cookie naming a visitor's inquiry draft: HttpOnly (no script reads it), SameSite=Lax, Secure on an
 * https site, and sent only to the inquiry's addresses in its locale (its page and its page payload).
 */
export const DRAFT_COOKIE = 'inquiry_draft';

export function readDraftId(cookies: Cookies): string | null {
  const id = cookies[DRAFT_COOKIE];
  return typeof id === 'string' && DRAFT_ID.test(id) ? id : null;
}

/** Whether the visitor sends a draft cookie at all: the page is then theirs, never shared or kept. */
export function hasDraftCookie(cookies: Cookies): boolean {
  return cookies[DRAFT_COOKIE] !== undefined;
}

function options(locale: Locale, https: boolean) {
  return { ...siteCookie(https), path: pathTo('inquiry', locale), httpOnly: true };
}

export function draftCookie(id: string, locale: Locale, expiresAt: number, https: boolean): string {
  return serialize(DRAFT_COOKIE, id, { ...options(locale, https), expires: new Date(expiresAt) });
}

export function clearDraftCookie(locale: Locale, https: boolean): string {
  return serialize(DRAFT_COOKIE, '', { ...options(locale, https), expires: new Date(1) });
}
