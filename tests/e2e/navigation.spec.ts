import { expect, hydrated, test } from './fixtures';

test('moving between screens on the client: no reload, top of the new page, scroll restored on back and forward', async ({ page, consoleErrors }) => {
  await page.goto('/en');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

  const link = page.locator('#home-articles ~ .grid .card__title a').first();
  await link.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  await link.click();
  await page.waitForURL('**/en/blog/**');
  await expect(page.locator('h1')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await page.waitForURL('**/en');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  await page.goForward();
  await page.waitForURL('**/en/blog/**');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  expect(consoleErrors).toEqual([]);
});
