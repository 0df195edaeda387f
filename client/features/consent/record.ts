import { parse, serialize } from 'cookie';
import { siteCookie } from '../../../shared/cookies';
import { CATEGORIES, CONSENT_COOKIE, CONSENT_EXPIRY_DAYS, CONSENT_REVISION, READ_ONLY_CATEGORIES, type Category } from './config';

/** The stored consent, field for field as vanilla-cookieconsent v3 writes it. */
export interface ConsentRecord {
  categories: Category[];
  revision: number;
  data: unknown;
  consentTimestamp: string;
  consentId: string;
  services: Record<string, string[]>;
  lastConsentTimestamp: string;
  expirationTime: number;
  languageCode: string;
}

/** The record in a `document.cookie` string, or null when there is none or it is not JSON. */
export function readConsentCookie(cookies: string): Partial<ConsentRecord> | null {
  const text = parse(cookies)[CONSENT_COOKIE];
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Partial<ConsentRecord>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a stored consent still counts (else the banner asks again): it needs an id, both timestamps
 * and a list of categories, the configured revision, and must not have expired.
 */
export function isValidConsent(record: Partial<ConsentRecord> | null, revision: number, now: number): record is ConsentRecord {
  if (!record) return false;
  if (typeof record.consentId !== 'string' || record.consentId === '') return false;
  if (record.revision !== revision) return false;
  if (!record.consentTimestamp || !record.lastConsentTimestamp) return false;
  if (!Array.isArray(record.categories)) return false;
  return !(typeof record.expirationTime === 'number' && record.expirationTime <= now);
}

/** The visitor's stored consent if it still counts, else null (the banner asks). */
export function storedConsent(cookies: string, now: number): ConsentRecord | null {
  const record = readConsentCookie(cookies);
  return isValidConsent(record, CONSENT_REVISION, now) ? record : null;
}

/** Only known categories, the read-only ones always in, in the configured order. */
export function normaliseCategories(accepted: readonly string[]): Category[] {
  return CATEGORIES.filter((c) => READ_ONLY_CATEGORIES.includes(c) || accepted.includes(c));
}

/** A choice made now: a first one gets a new id and consent time, a later one keeps both. */
export function createRecord(input: {
  accepted: readonly string[];
  previous: ConsentRecord | null;
  revision: number;
  languageCode: string;
  now: number;
  newId: () => string;
}): ConsentRecord {
  const now = new Date(input.now).toISOString();
  const categories = normaliseCategories(input.accepted);
  return {
    categories,
    revision: input.revision,
    data: input.previous?.data ?? null,
    consentTimestamp: input.previous?.consentTimestamp ?? now,
    consentId: input.previous?.consentId ?? input.newId(),
    services: Object.fromEntries(categories.map((c) => [c, []])),
    lastConsentTimestamp: now,
    expirationTime: input.now + CONSENT_EXPIRY_DAYS * 86_400_000,
    languageCode: input.languageCode,
  };
}

/** The `document.cookie` assignment: Path=/, SameSite=Lax, Secure on https, the expiry of the record. */
export function consentCookieString(record: ConsentRecord, https: boolean): string {
  return serialize(CONSENT_COOKIE, JSON.stringify(record), { ...siteCookie(https), expires: new Date(record.expirationTime) });
}

/** Categories whose state differs between two choices. */
export function changedCategories(before: readonly string[], after: readonly string[]): Category[] {
  return CATEGORIES.filter((c) => before.includes(c) !== after.includes(c));
}
