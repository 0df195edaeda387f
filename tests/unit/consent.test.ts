import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { autoClearPlan, cookieNames, eraseAssignments, matchingCookies } from '../../client/features/consent/auto-clear';
import { isBot } from '../../client/features/consent/bots';
import { AUTO_CLEAR, CATEGORIES, CONSENT_EXPIRY_DAYS } from '../../client/features/consent/config';
import { CONSENT_MODE_DEFAULT, consentModeState } from '../../client/features/consent/consent-mode';
import {
  changedCategories,
  consentCookieString,
  createRecord,
  isValidConsent,
  readConsentCookie,
  storedConsent,
  type ConsentRecord,
} from '../../client/features/consent/record';
import { loadScript } from '../../client/features/consent/load-script';
import { loadConsentTexts } from '../../client/features/consent/texts';
import { LOCALES } from '../../shared/locales';

const NOW = Date.UTC(2026, 0, 15);
const valid: ConsentRecord = {
  categories: ['necessary', 'analytics'],
  revision: 1,
  data: null,
  consentTimestamp: '2026-01-01T00:00:00.000Z',
  consentId: '6f1c2a7e-3b1d-4c55-9a43-8d0a2b7c9e10',
  services: { necessary: [], analytics: [] },
  lastConsentTimestamp: '2026-01-02T00:00:00.000Z',
  expirationTime: NOW + 1000,
  languageCode: 'sl',
};

describe('consent validity', () => {
  it('accepts a complete record of the configured revision', () => {
    expect(isValidConsent(valid, 1, NOW)).toBe(true);
  });

  it.each([
    ['no record', null],
    ['no consent id', { ...valid, consentId: undefined }],
    ['an empty consent id', { ...valid, consentId: '' }],
    ['another revision', { ...valid, revision: 0 }],
    ['no consent timestamp', { ...valid, consentTimestamp: undefined }],
    ['no last consent timestamp', { ...valid, lastConsentTimestamp: undefined }],
    ['categories not a list', { ...valid, categories: 'analytics' }],
    ['an expired record', { ...valid, expirationTime: NOW }],
  ])('refuses %s', (_name, record) => {
    expect(isValidConsent(record as Partial<ConsentRecord> | null, 1, NOW)).toBe(false);
  });

  it('reads the record from the cookie string, and nothing from a broken one', () => {
    const cookie = consentCookieString(valid, false).split(';')[0]!;
    expect(readConsentCookie(`a=1; ${cookie}; b=2`)).toEqual(valid);
    expect(readConsentCookie('cc_cookie=%7Bbroken')).toBeNull();
    expect(readConsentCookie('other=1')).toBeNull();
  });

  it('hands a still valid stored consent to the start of the page, and nothing else', () => {
    const cookie = consentCookieString(valid, false).split(';')[0]!;
    expect(storedConsent(cookie, NOW)).toEqual(valid);
    expect(storedConsent(consentCookieString({ ...valid, revision: 0 }, false).split(';')[0]!, NOW)).toBeNull();
    expect(storedConsent('', NOW)).toBeNull();
  });
});

describe('consent record', () => {
  it('a first choice gets a new id, both timestamps now, the read-only category and 182 days', () => {
    const record = createRecord({ accepted: ['security', 'unknown'], previous: null, revision: 3, languageCode: 'de', now: NOW, newId: () => 'id-1' });
    expect(record).toEqual({
      categories: ['necessary', 'security'],
      revision: 3,
      data: null,
      consentTimestamp: new Date(NOW).toISOString(),
      consentId: 'id-1',
      services: { necessary: [], security: [] },
      lastConsentTimestamp: new Date(NOW).toISOString(),
      expirationTime: NOW + CONSENT_EXPIRY_DAYS * 86_400_000,
      languageCode: 'de',
    });
  });

  it('a later choice keeps the id and first timestamp', () => {
    const record = createRecord({ accepted: [], previous: valid, revision: 1, languageCode: 'sl', now: NOW, newId: () => 'never' });
    expect(record).toMatchObject({
      consentId: valid.consentId,
      consentTimestamp: valid.consentTimestamp,
      lastConsentTimestamp: new Date(NOW).toISOString(),
      categories: ['necessary'],
    });
  });

  it('is written for the whole site, Lax, Secure only on https, expiring with the record', () => {
    const plain = consentCookieString(valid, false);
    expect(plain).toMatch(/^cc_cookie=%7B/);
    expect(plain).toContain(`; Path=/; Expires=${new Date(valid.expirationTime).toUTCString()}; SameSite=Lax`);
    expect(plain).not.toContain('Secure');
    expect(consentCookieString(valid, true)).toMatch(/; Secure; SameSite=Lax$/);
  });

  it('lists the categories a change touched', () => {
    expect(changedCategories(['necessary', 'analytics'], ['necessary', 'security'])).toEqual(['analytics', 'security']);
    expect(changedCategories(['necessary'], ['necessary'])).toEqual([]);
  });
});

describe('auto-clear', () => {
  it('first choice: clears the categories left off, never reloads', () => {
    expect(autoClearPlan({ firstConsent: true, previous: [], accepted: ['necessary'] })).toEqual({ clear: ['analytics'], reload: false });
    expect(autoClearPlan({ firstConsent: true, previous: [], accepted: [...CATEGORIES] })).toEqual({ clear: [], reload: false });
  });

  it('a later choice: clears and reloads only for a category just switched off', () => {
    expect(autoClearPlan({ firstConsent: false, previous: ['necessary', 'analytics'], accepted: ['necessary'] })).toEqual({
      clear: ['analytics'],
      reload: true,
    });
    expect(autoClearPlan({ firstConsent: false, previous: ['necessary'], accepted: ['necessary'] })).toEqual({ clear: [], reload: false });
    const noReload = { analytics: { cookies: ['_ga'], reloadPage: false } };
    expect(autoClearPlan({ firstConsent: false, previous: ['analytics'], accepted: [], rules: noReload })).toEqual({ clear: ['analytics'], reload: false });
  });

  it('matches analytics cookies: names starting with _ga, and _gid', () => {
    const names = cookieNames('_ga=1; _ga_ABC123=2; _gid=3; _gidx=4; i18n_redirected=sl; x_ga=5');
    expect(matchingCookies(names, AUTO_CLEAR.analytics!.cookies)).toEqual(['_ga', '_ga_ABC123', '_gid']);
  });

  it('erases a cookie without a domain, on the host with its subdomains, and without www.', () => {
    expect(eraseAssignments('_ga', 'www.example.si')).toEqual([
      '_ga=; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT',
      '_ga=; Domain=.www.example.si; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT',
      '_ga=; Domain=.example.si; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT',
    ]);
    expect(eraseAssignments('_gid', 'localhost')).toHaveLength(2);
  });
});

describe('Google consent mode', () => {
  it('starts with all seven storage types denied', () => {
    expect(CONSENT_MODE_DEFAULT).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'denied',
    });
  });

  it('grants each storage type from its category', () => {
    expect(consentModeState(['necessary', 'analytics'])).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied', security_storage: 'denied' });
    expect(consentModeState(['advertisement'])).toMatchObject({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
    expect(consentModeState(['functionality'])).toMatchObject({ functionality_storage: 'granted', personalization_storage: 'granted' });
    expect(consentModeState(['security'])).toMatchObject({ security_storage: 'granted', functionality_storage: 'denied' });
    expect(Object.values(consentModeState([...CATEGORIES]))).toEqual(Array(7).fill('granted'));
  });
});

describe('bots', () => {
  it('hides the banner from crawlers and automated browsers', () => {
    expect(isBot({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).toBe(true);
    expect(isBot({ userAgent: 'Mozilla/5.0 Yahoo! Slurp' })).toBe(true);
    expect(isBot({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', webdriver: true })).toBe(true);
    expect(isBot({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', webdriver: false })).toBe(false);
  });
});

describe('consent texts', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it('has every key, and a title and description per category, in every language', async () => {
    const sl = JSON.parse(readFileSync('locales/sl/consent.json', 'utf8'));
    for (const locale of LOCALES) {
      const bundle = await loadConsentTexts(locale);
      expect(keys(bundle).sort(), locale).toEqual(keys(sl).sort());
      for (const c of CATEGORIES) expect(keys(bundle), locale).toEqual(expect.arrayContaining([`categories.${c}.title`, `categories.${c}.description`]));
      expect(JSON.stringify(bundle)).not.toContain('""');
    }
  });

  it("logs the reference's message and gives nothing when a language cannot be loaded", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadConsentTexts('en', () => Promise.reject(new Error('chunk failed')))).toBeNull();
    expect(await loadConsentTexts('de', () => Promise.resolve({}))).toBeNull();
    expect(error.mock.calls).toEqual([["Could not load translation for the 'en' language"], ["Could not load translation for the 'de' language"]]);
    error.mockRestore();
  });
});

describe('script loader', () => {
  /** A stand-in document whose appended script loads or fails right after it is added. */
  function fakeDocument(outcome: 'load' | 'error') {
    const added: { src: string; async: boolean; removed: boolean }[] = [];
    vi.stubGlobal('document', {
      createElement: () => {
        const script = { src: '', async: false, removed: false, onload: () => {}, onerror: () => {}, remove: () => (script.removed = true) };
        return script;
      },
      head: {
        appendChild: (script: { src: string; async: boolean; removed: boolean; onload: () => void; onerror: () => void }) => {
          added.push(script);
          queueMicrotask(() => (outcome === 'load' ? script.onload() : script.onerror()));
        },
      },
    });
    return added;
  }

  it('resolves true once the script has loaded', async () => {
    const added = fakeDocument('load');
    await expect(loadScript('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123')).resolves.toBe(true);
    expect(added).toMatchObject([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123', async: true, removed: false }]);
    vi.unstubAllGlobals();
  });

  it('resolves false (never rejects) and takes the element away when the script fails', async () => {
    const added = fakeDocument('error');
    await expect(loadScript('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123')).resolves.toBe(false);
    expect(added[0]!.removed).toBe(true);
    vi.unstubAllGlobals();
  });
});
