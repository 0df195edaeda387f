import { expect, hydrated, test } from './fixtures';

test('the home page hydrates without a console error', async ({ page, consoleErrors }) => {
  const response = await page.goto('/sl');
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(page.locator('footer.site-footer')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a client navigation fetches the page payload once and does not reload the document', async ({ page, consoleErrors }) => {
  await page.goto('/en');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.resourceType()} ${new URL(request.url()).pathname}`));

  await page.locator('.card__title a').first().click();
  // The address changes once the new page's data is in (the router commits then).
  await page.waitForURL((url) => url.pathname !== '/en');
  await expect(page.locator('h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const path = new URL(page.url()).pathname;
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(requests.filter((r) => r.startsWith('document'))).toEqual([]);
  expect(requests.filter((r) => r.endsWith('/_payload.json'))).toEqual([`fetch ${path}/_payload.json`]);
  expect(consoleErrors).toEqual([]);
});

test('the locale switcher changes the prefix and the cookie', async ({ page, context }) => {
  await page.goto('/sl/kategorije');
  await hydrated(page);
  await page.locator('.locale-switcher a[hreflang="de-AT"]').click();
  await page.waitForURL('**/de/kategorien');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-AT');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('de');
  // A path without a prefix now goes to the chosen locale.
  await page.goto('/kategorien');
  expect(new URL(page.url()).pathname).toBe('/de/kategorien');
});

test('a 404 keeps the layout', async ({ page }) => {
  const response = await page.goto('/en/no-such-page-here');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(page.locator('footer.site-footer')).toBeVisible();
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en');
});
