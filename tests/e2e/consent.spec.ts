import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { GTM_E2E_ID, GTM_E2E_PORT } from '../../playwright.config';
import { expect, hydrated, test } from './fixtures';

/**
 * Consent and the tag manager, on the second test site (GTM_ID set). Google is never reached: its
 * loader is answered here with a one-line script. The banner hides from automated browsers as in
 * production, so these tests present the browser as a person (navigator.webdriver false).
 */
test.use({ baseURL: `http://localhost:${GTM_E2E_PORT}` });

const ALL = ['necessary', 'analytics', 'advertisement', 'functionality', 'security'];
const STORAGE = [
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'analytics_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
];
const every = (value: 'granted' | 'denied') => Object.fromEntries(STORAGE.map((s) => [s, value]));

async function asVisitor(page: Page) {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded = (window.__gtmLoaded || 0) + 1;' }),
  );
}

/** The data layer as plain JSON: gtag() calls become arrays, pushed objects stay objects. */
function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as ArrayLike<unknown>) : e,
    ),
  );
}

async function consentUpdates(page: Page): Promise<unknown[]> {
  return (await dataLayer(page)).filter((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update').map((e) => (e as unknown[])[2]);
}

async function storedConsent(context: BrowserContext): Promise<Record<string, unknown> | null> {
  const cookie = (await context.cookies()).find((c) => c.name === 'cc_cookie');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>) : null;
}

function consentCookie(baseURL: string, record: Record<string, unknown>) {
  return { name: 'cc_cookie', value: encodeURIComponent(JSON.stringify(record)), url: baseURL, sameSite: 'Lax' as const };
}

const record = (categories: string[], revision = 1) => ({
  categories,
  revision,
  data: null,
  consentTimestamp: '2026-01-01T10:00:00.000Z',
  consentId: '0b7d7a36-9c55-4f7e-8f2f-4f7f4b3d2a11',
  services: {},
  lastConsentTimestamp: '2026-01-01T10:00:00.000Z',
  expirationTime: Date.now() + 86_400_000,
  languageCode: 'en',
});

test('the consent default (all denied) is queued before the tag manager loads; no banner for automated browsers', async ({ page, consoleErrors }) => {
  await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded = 1;' }));
  const loader = page.waitForRequest(`https://www.googletagmanager.com/gtm.js?id=${GTM_E2E_ID}`);
  await page.goto('/en');
  await loader;
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmLoaded?: number }).__gtmLoaded)).toBe(1);
  const layer = await dataLayer(page);
  expect(layer[0]).toEqual(['consent', 'default', every('denied')]);
  expect(layer[1]).toMatchObject({ event: 'gtm.js' });
  // Whatever the page was going to load has loaded (a banner's code and texts among it).
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('accept all: stored for 182 days, a granted update, and again on the next page load', async ({ page, context, consoleErrors }) => {
  await asVisitor(page);
  await page.goto('/en');
  await hydrated(page);
  const banner = page.getByRole('dialog', { name: 'Cookies on our website' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'About cookies' })).toHaveAttribute('href', '/en/page/cookies');
  expect(await consentUpdates(page)).toEqual([]);

  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toBeHidden();
  expect(await consentUpdates(page)).toEqual([every('granted')]);
  const stored = await storedConsent(context);
  expect(stored).toMatchObject({ categories: ALL, revision: 1, languageCode: 'en' });
  expect(stored!.consentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'cc_cookie')!;
  expect(cookie.sameSite).toBe('Lax');
  expect(cookie.path).toBe('/');
  expect(Math.round((cookie.expires * 1000 - Date.now()) / 86_400_000)).toBe(182);

  await page.reload();
  await hydrated(page);
  await expect.poll(() => consentUpdates(page)).toEqual([every('granted')]);
  // The stored choice is queued before the tag manager's first event, so tags firing on it see it.
  const layer = await dataLayer(page);
  expect(layer.slice(0, 3)).toMatchObject([['consent', 'default', every('denied')], ['consent', 'update', every('granted')], { event: 'gtm.js' }]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('reject all: a denied update, and analytics cookies set before are cleared (no reload on a first choice)', async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  await asVisitor(page);
  await context.addCookies(['_ga', '_ga_K7P2Q', '_gid', 'keep_me'].map((name) => ({ name, value: '1', url: baseURL! })));
  await page.goto('/en');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const banner = page.getByRole('dialog', { name: 'Cookies on our website' });
  await banner.getByRole('button', { name: 'Reject all' }).click();
  await expect(banner).toBeHidden();
  expect(await consentUpdates(page)).toEqual([every('denied')]);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(['cc_cookie', 'keep_me']));
  expect(names.filter((n) => n.startsWith('_ga') || n === '_gid')).toEqual([]);
  expect((await storedConsent(context))!.categories).toEqual(['necessary']);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(consoleErrors).toEqual([]);
});

test('a stored consent of another revision is asked again; the same revision is not', async ({ page, context, baseURL, consoleErrors }) => {
  await asVisitor(page);
  await context.addCookies([consentCookie(baseURL!, record(ALL, 1))]);
  await page.goto('/de');
  await hydrated(page);
  await expect.poll(() => consentUpdates(page)).toEqual([every('granted')]);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await context.addCookies([consentCookie(baseURL!, record(ALL, 0))]);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('dialog', { name: 'Cookies auf unserer Website' })).toBeVisible();
  expect(await consentUpdates(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the footer link reopens the preferences; switching analytics off clears its cookies and reloads', async ({ page, context, baseURL, consoleErrors }) => {
  await asVisitor(page);
  await context.addCookies([
    consentCookie(baseURL!, record(['necessary', 'analytics'])),
    { name: '_ga', value: 'GA1.1', url: baseURL! },
    { name: '_gid', value: 'x', url: baseURL! },
  ]);
  await page.goto('/sl');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Nastavitve piškotkov' });
  await settings.click();
  const preferences = page.getByRole('dialog', { name: 'Nastavitve piškotkov' });
  await expect(preferences).toBeVisible();
  await expect(preferences).toHaveAttribute('aria-modal', 'true');
  await expect(preferences.getByRole('switch', { name: 'Nujni piškotki' })).toBeChecked();
  await expect(preferences.getByRole('switch', { name: 'Nujni piškotki' })).toBeDisabled();
  const analytics = preferences.getByRole('switch', { name: 'Analitični piškotki' });
  await expect(analytics).toBeChecked();
  await expect(preferences.getByRole('switch', { name: 'Oglaševalski piškotki' })).not.toBeChecked();

  // Escape closes it and gives focus back to the footer button.
  await page.keyboard.press('Escape');
  await expect(preferences).toBeHidden();
  await expect(settings).toBeFocused();

  await settings.click();
  await analytics.uncheck();
  const reload = page.waitForEvent('load');
  await preferences.getByRole('button', { name: 'Shrani nastavitve' }).click();
  await reload;
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('_ga');
  expect(names).not.toContain('_gid');
  expect((await storedConsent(context))!.categories).toEqual(['necessary']);
  await expect.poll(() => consentUpdates(page)).toEqual([every('denied')]);
  expect(consoleErrors).toEqual([]);
});

test('keyboard only: the banner comes first, the preferences keep focus inside; both pass axe', async ({ page, consoleErrors }) => {
  await asVisitor(page);
  await page.goto('/en');
  await hydrated(page);
  const banner = page.getByRole('dialog', { name: 'Cookies on our website' });
  await expect(banner).toBeVisible();
  // Shown, then animated in (from 100 ms after opening): opacity alone would leave it "visible" to Playwright.
  await expect(page.locator('.cc-banner')).toHaveCSS('opacity', '1');
  const axe = (include: string) => new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect((await axe('.cc-banner')).violations).toEqual([]);

  await page.keyboard.press('Tab');
  await expect(banner.getByRole('link', { name: 'About cookies' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Accept all' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Manage preferences' })).toBeFocused();
  await page.keyboard.press('Enter');
  const preferences = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(preferences).toBeVisible();
  await expect(preferences).toHaveCSS('opacity', '1');
  await expect(preferences).toHaveCSS('transform', 'none');
  expect((await axe('.cc-preferences')).violations).toEqual([]);

  // Tab goes round inside the dialog.
  const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"][aria-modal="true"]'));
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await inside()).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await inside()).toBe(true);

  await preferences.getByRole('switch', { name: 'Security cookies' }).focus();
  await page.keyboard.press('Space');
  await preferences.getByRole('button', { name: 'Save preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(preferences).toBeHidden();
  await expect(banner).toBeHidden();
  expect(await consentUpdates(page)).toEqual([{ ...every('denied'), security_storage: 'granted' }]);
  expect(consoleErrors).toEqual([]);
});
