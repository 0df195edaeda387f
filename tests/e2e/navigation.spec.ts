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

test('the recently viewed block remembers products in the browser and is not part of the server page', async ({ page, consoleErrors }) => {
  await page.goto('/en/categories');
  await hydrated(page);
  const products = page.locator('.family__products a');
  const first = (await products.nth(0).textContent())!;
  await products.nth(0).click();
  await expect(page.locator('h1')).toHaveText(first);
  await expect(page.locator('#recently-viewed')).toHaveCount(0);

  await page.goBack();
  const second = (await products.nth(1).textContent())!;
  await products.nth(1).click();
  await expect(page.locator('h1')).toHaveText(second);
  const block = page.locator('section[aria-labelledby="recently-viewed"]');
  await expect(block).toContainText(first);
  await expect(block).not.toContainText(second);

  const html = await (await page.request.get(page.url())).text();
  expect(html).not.toContain('recently-viewed');
  expect(consoleErrors).toEqual([]);
});

test('a content page loads no form strings; moving to a form on the client brings them, once, before it renders', async ({ page, consoleErrors }) => {
  const strings: string[] = [];
  const documents: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'document') documents.push(path);
    // The string chunks (`forms-<hash>.js`, `account-<hash>.js`), not the account screens' modules.
    const group = /\/assets\/(forms|account)-[\w-]{8}\.js$/.exec(path)?.[1];
    if (group) strings.push(group);
  });
  await page.goto('/en/categories');
  await hydrated(page);
  // Not in the page's first load (the prefetcher may fetch them later, with the modules of links in sight).
  expect(await page.locator('#__app').getAttribute('data-modules')).not.toMatch(/\/assets\/(forms|account)-/);

  await page.locator('.family__products a').first().click();
  await page.locator('.cta--inquiry').getByRole('link', { name: 'Send an inquiry' }).click();
  await page.waitForURL(/\/en\/inquiry\/details\/\w+\/[a-z0-9-]+$/);
  // The form's own words, not their keys.
  await expect(page.getByRole('button', { name: 'Next step' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\b(inquiry|service|account|form\.photos)\.[a-z]/);

  await page.locator('.account-link').click();
  await page.waitForURL('**/en/login');
  await expect(page.getByRole('main').getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\b(inquiry|service|account)\.[a-z]/);
  expect(strings.sort()).toEqual(['account', 'forms']);
  expect(documents).toEqual(['/en/categories']);
  expect(consoleErrors).toEqual([]);
});
