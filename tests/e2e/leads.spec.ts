import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { siteSettingsSchema } from '../../shared/api/contract';
import type { Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { marketPhone } from '../../shared/showrooms';
import { expect, hydrated, test } from './fixtures';

/** A visitor on a phone: the call button in sight on every page, and both forms a tap or two away. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const settings = siteSettingsSchema.parse(JSON.parse(readFileSync('content/settings.json', 'utf8')));
const tel = (locale: Locale) => `tel:${marketPhone(settings, locale).replace(/[^+\d]/g, '')}`;

const NOT_FOUND = (locale: Locale) => `/${locale}/no-such-page-here`;

/** Pages of each kind (a product, an article, a form, an error...): the paths come from the site's own links. */
async function pagesOf(page: Page, locale: Locale): Promise<string[]> {
  await page.goto(pathTo('categories', locale));
  const product = await page.locator('.family__products a').first().getAttribute('href');
  await page.goto(pathTo('blog', locale));
  const article = await page.locator('.card__title a').first().getAttribute('href');
  return [
    pathTo('index', locale),
    pathTo('categories', locale),
    product!,
    article!,
    pathTo('faq', locale),
    pathTo('contact', locale),
    pathTo('inquiry', locale),
    pathTo('service', locale),
    `${pathTo('search', locale)}?q=rol`,
    NOT_FOUND(locale),
  ];
}

for (const locale of ['sl', 'de', 'en'] as const) {
  test(`${locale}: a call link to the market's showroom is in the header, in sight without scrolling, on every kind of page`, async ({
    page,
    consoleErrors,
  }) => {
    for (const path of await pagesOf(page, locale)) {
      await page.goto(path);
      const call = page.locator('header.site-header a.call-link');
      await expect(call, path).toBeVisible();
      await expect(call, path).toBeInViewport();
      await expect(call, path).toHaveAttribute('href', tel(locale));
      const box = (await call.boundingBox())!;
      expect(box.width, path).toBeGreaterThanOrEqual(44);
      expect(box.height, path).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      // The 404 page's own document is the one failed load the browser reports there.
      const documentError = consoleErrors.findIndex((e) => e.includes('status of 404'));
      if (path === NOT_FOUND(locale) && documentError >= 0) consoleErrors.splice(documentError, 1);
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('from the home page, the inquiry is one tap away and the service request two through the menu', async ({ page, consoleErrors }) => {
  await page.goto('/sl');
  await hydrated(page);
  await page.locator('.cta--inquiry').getByRole('link', { name: 'Oddajte povpraševanje' }).tap();
  await page.waitForURL('**/sl/povprasevanje');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('form')).not.toHaveCount(0);

  await page.goto('/sl');
  await hydrated(page);
  await page.locator('.menu-toggle').tap();
  await page.locator('#main-menu').getByRole('link', { name: 'Kontakt' }).tap();
  await page.waitForURL('**/sl/kontakt');
  await page.locator('main').getByRole('link', { name: 'Naročite servis' }).tap();
  await page.waitForURL('**/sl/servis');
  await expect(page.locator('main form')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('German pages: the notification bar leads to the inquiry, and a product to its own inquiry', async ({ page, consoleErrors }) => {
  await page.goto('/de');
  await hydrated(page);
  await page.locator('section.notification a').tap();
  await page.waitForURL('**/de/anfrage');

  await page.goto(pathTo('categories', 'de'));
  await hydrated(page);
  await page.locator('.family__products a').first().tap();
  await page.locator('.cta--inquiry').getByRole('link', { name: 'Anfrage senden' }).tap();
  await page.waitForURL(/\/de\/anfrage\/details\/\w+\/[a-z0-9-]+$/);
  // The product's offer type is chosen: the form opens on the product's own fields.
  await expect(page.locator('main form')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
