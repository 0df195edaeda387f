import { expect, hydrated, test } from './fixtures';

/** The header on a 390 px phone: one row, the page's content near the top, everything else a tap away. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

for (const path of ['/sl', '/de/produkt/vorbaurolllaeden', '/en/inquiry']) {
  test(`${path}: the page's own content starts within 140 px of the top`, async ({ page, consoleErrors }) => {
    await page.goto(path);
    const top = await page.locator('main').evaluate((main) => main.getBoundingClientRect().top);
    expect(top).toBeLessThanOrEqual(140);
    for (const control of ['.search-toggle', 'a.quote-link', 'a.call-link', '.menu-toggle']) await expect(page.locator(`header ${control}`)).toBeInViewport();
    expect(consoleErrors).toEqual([]);
  });
}

test('search opens from its button, focused, and suggests as the visitor types', async ({ page, consoleErrors }) => {
  await page.goto('/en');
  await hydrated(page);
  await expect(page.locator('#site-search')).toBeHidden();
  await page.locator('.search-toggle').tap();
  await expect(page.locator('#site-search')).toBeFocused();
  await page.keyboard.type('roller');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the languages and the account come with the menu, a tap away', async ({ page, consoleErrors }) => {
  await page.goto('/sl');
  await hydrated(page);
  await expect(page.locator('.locale-switcher')).toBeHidden();
  await page.locator('.menu-toggle').tap();
  await expect(page.locator('header .account-link')).toBeVisible();
  await page.locator('.locale-switcher a[hreflang="de-AT"]').tap();
  await page.waitForURL('**/de');
  expect(consoleErrors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search and menu buttons are links that show their targets', async ({ page }) => {
    await page.goto('/de');
    await page.locator('a.search-toggle').tap();
    await expect(page.locator('#site-search')).toBeVisible();
    await page.locator('a.menu-toggle').tap();
    await expect(page.locator('.locale-switcher')).toBeVisible();
    await expect(page.locator('#main-menu')).toBeVisible();
  });
});
