import { serialize } from 'cookie';
import type { StaffLoginStep } from '../../../shared/api/staff';
import { STAFF_LOCALES, type StaffLocale } from '../../../shared/api/staff';
import { ADMIN_PREFIX } from '../../../shared/admin/routes';
import type { Cookies } from '../request/cookies';

/**
 * The staff area's cookies: the member's session (the content API's staff token), the sign-in step in
 * progress (its challenge, and the secret being set up), the recovery codes to show once, and the
 * language chosen before signing in. All HttpOnly but the language, all SameSite=Strict (a staff page
 * is never reached signed-in from another site's link or form), all under /admin alone, Secure when the
 * site's public origin is https. Never a visitor's cookie: a visitor's session is `sid`, on Path=/.
 */

export const STAFF_SESSION_COOKIE = 'staff_sid';
const CHALLENGE_COOKIE = 'staff_step';
const RECOVERY_COOKIE = 'staff_recovery';
export const STAFF_LANG_COOKIE = 'staff_lang';

const TOKEN = /^[A-Za-z0-9_-]{32,200}$/;
/** How long a sign-in step stays open: the content API's challenge lasts as long (server/cms/staff/service.ts). */
const STEP_SECONDS = 10 * 60;

const options = (https: boolean, maxAge?: number, httpOnly = true) =>
  ({ path: ADMIN_PREFIX, sameSite: 'strict', secure: https, httpOnly, ...(maxAge === undefined ? {} : { maxAge }) }) as const;

export function readStaffSession(cookies: Cookies): string | null {
  const token = cookies[STAFF_SESSION_COOKIE];
  return typeof token === 'string' && TOKEN.test(token) ? token : null;
}

/** A session cookie ends with the browser; the content API ends the session itself (idle, 12 hours). */
export const staffSessionCookie = (token: string, https: boolean) => serialize(STAFF_SESSION_COOKIE, token, options(https));
export const clearStaffSession = (https: boolean) => serialize(STAFF_SESSION_COOKIE, '', options(https, 0));

export function readStep(cookies: Cookies): StaffLoginStep | null {
  const raw = cookies[CHALLENGE_COOKIE];
  if (typeof raw !== 'string') return null;
  try {
    const step = JSON.parse(raw) as StaffLoginStep;
    return TOKEN.test(step.challenge) ? step : null;
  } catch {
    return null;
  }
}
export const stepCookie = (step: StaffLoginStep, https: boolean) => serialize(CHALLENGE_COOKIE, JSON.stringify(step), options(https, STEP_SECONDS));
export const clearStep = (https: boolean) => serialize(CHALLENGE_COOKIE, '', options(https, 0));

export function readRecoveryCodes(cookies: Cookies): string[] | null {
  const raw = cookies[RECOVERY_COOKIE];
  if (typeof raw !== 'string') return null;
  const codes = raw.split(',');
  return codes.every((code) => /^[a-z2-7]{5}-[a-z2-7]{5}$/.test(code)) ? codes : null;
}
export const recoveryCookie = (codes: string[], https: boolean) => serialize(RECOVERY_COOKIE, codes.join(','), options(https, STEP_SECONDS));
export const clearRecovery = (https: boolean) => serialize(RECOVERY_COOKIE, '', options(https, 0));

export function readLang(cookies: Cookies): StaffLocale | null {
  const lang = cookies[STAFF_LANG_COOKIE];
  return STAFF_LOCALES.includes(lang as StaffLocale) ? (lang as StaffLocale) : null;
}
/** The language picked on the sign-in screens, for a year; the browser's own reads need none. */
export const langCookie = (lang: StaffLocale, https: boolean) => serialize(STAFF_LANG_COOKIE, lang, options(https, 365 * 24 * 3600));
