import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CACHE_CONTROL } from '../../server/site/cache-control';
import { startBuiltSite, stopBuiltSite, type BuiltSite } from '../support/built-site';
import { TEST_FORM_TOKEN_SECRET } from '../support/form-guard';
import { inviteFromCommandLine } from '../support/staff';
import { expect, hydrated, joinStaffArea, test } from './fixtures';

/**
 * An editor on a phone uploads a photo with its alt texts in three languages, picks it for a product's
 * main image in the content editor and publishes; a visitor on a phone sees the product's page with
 * the photo as AVIF (the browser's pick of the `<picture>`'s sources), its WebP sources beside, each
 * file served immutable. The site is a production build of its own with the embedded content API, so
 * the published photo changes no page the other specs look at.
 */

const PASSWORD = 'a long staff password';
const PHONE = { width: 390, height: 844 };
const ALT = { sl: 'Podometna roleta na beli hiši', en: 'Concealed roller shutter on a white house', de: 'Unterputz-Rollladen an einem weißen Haus' };

let site: BuiltSite;
let dataDir: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-media-'));
  site = await startBuiltSite({ DATA_DIR: dataDir, FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET });
});

test.afterAll(async () => {
  await stopBuiltSite(site);
  rmSync(dataDir, { recursive: true, force: true });
});

test('an editor uploads a photo on a phone, picks it for a product and a visitor sees it as AVIF', async ({ browser, consoleErrors }) => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'sl-SI' });
  const page = await context.newPage();
  page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  const link = await inviteFromCommandLine(dataDir, `urednik.${Date.now()}@sencila.test`, 'editor', site.url);
  await joinStaffArea(page, site.url, link, 'Urban Urednik', PASSWORD);
  await page.waitForURL('**/admin/content');
  await page.getByRole('link', { name: 'Fotografije' }).click();
  await page.waitForURL('**/admin/media');
  await hydrated(page);

  // A photo as a phone takes it: larger than any variant, with its camera data.
  const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 180, g: 140, b: 90 } } })
    .composite([{ input: { create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 60, b: 90 } } }, left: 600, top: 450 }])
    .withExif({ IFD0: { Make: 'Phone' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  await page.locator('input[type="file"][name="photos"]').setInputFiles({ name: 'hisa.jpg', mimeType: 'image/jpeg', buffer: photo });
  // Without the German alt text the upload is refused, and says so at the field.
  await page.getByLabel('Nadomestno besedilo (Slovenščina)').fill(ALT.sl);
  await page.getByLabel('Nadomestno besedilo (English)').fill(ALT.en);
  const chosen = await page.locator('input[type="file"][name="photos"]').elementHandle();
  await page.getByRole('button', { name: 'Naloži fotografijo' }).click();
  await expect(page.getByText('V tem jeziku napišite, kaj prikazuje fotografija.')).toBeVisible();
  // The refusal has been shown and the router is idle: whatever would remount the form has happened.
  await expect(page.locator('form[aria-busy]')).toHaveCount(0);
  // A browser never fills a file input again: the refused form stays as it was, the photo still chosen.
  expect(await chosen!.evaluate((element: HTMLInputElement) => [element.isConnected, element.files?.[0]?.name])).toEqual([true, 'hisa.jpg']);
  await expect(page.locator('[name="alt.sl"]')).toHaveValue(ALT.sl);
  await page.getByLabel('Nadomestno besedilo (Deutsch)').fill(ALT.de);
  await page.getByRole('button', { name: 'Naloži fotografijo' }).click();
  await expect(page.getByRole('status')).toHaveText('Fotografija je naložena.');
  const listed = page.locator('.admin-media-item').filter({ hasText: ALT.sl });
  await expect(listed).toBeVisible();
  await expect(listed.locator('img')).toHaveJSProperty('complete', true);
  expect(await listed.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'test-results/media-phone.png', fullPage: true });

  // The content editor: the product's main image picked from the photos.
  await page.goto(new URL('/admin/content/products/podometne-rolete', site.url).href);
  await hydrated(page);
  await page.locator('[name="image.__media"]').selectOption({ label: `${ALT.sl} (hisa.jpg)` });
  await page.getByRole('button', { name: 'Shrani osnutek' }).click();
  await expect(page.getByRole('status')).toHaveText('Osnutek je shranjen.');
  // The photo's alt texts became the product's image's in each language.
  for (const [locale, alt] of Object.entries(ALT)) await expect(page.locator(`[name="${locale}.imageAlt"]`)).toHaveValue(alt);
  await page.locator('.admin-image-picker', { has: page.locator('[name="image.__media"]') }).screenshot({ path: 'test-results/media-picker-phone.png' });
  await page.getByRole('button', { name: 'Objavi zdaj' }).click();
  await expect(page.getByText('Objavljeno: obiskovalci to že vidijo.')).toBeVisible();

  // A visitor on a phone.
  const visitor = await (await browser.newContext({ viewport: PHONE, locale: 'en-GB' })).newPage();
  visitor.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
  const files: { url: string; type: string; cacheControl: string }[] = [];
  visitor.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/media/'))
      files.push({ url: res.url(), type: res.headers()['content-type'] ?? '', cacheControl: res.headers()['cache-control'] ?? '' });
  });
  await visitor.goto(new URL('/en/product/concealed-roller-shutters', site.url).href);
  await hydrated(visitor);
  const main = visitor.locator('picture', { has: visitor.getByAltText(ALT.en) }).first();
  await expect(main.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/media\/[a-f0-9]{20}-480w\.avif 480w, .*1600w\.avif 1600w/);
  await expect(main.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/media\/[a-f0-9]{20}-480w\.webp 480w/);
  const img = main.locator('img');
  await expect(img).toHaveJSProperty('complete', true);
  const shown = await img.evaluate((element: HTMLImageElement) => ({ src: element.currentSrc, width: element.naturalWidth }));
  expect(shown.src).toMatch(/\/media\/[a-f0-9]{20}-\d+w\.avif$/);
  expect(shown.width).toBeGreaterThan(0);
  expect(files.find((f) => f.url === shown.src)).toMatchObject({ type: 'image/avif', cacheControl: CACHE_CONTROL.immutable });
  await img.scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: 'test-results/media-product-phone.png' });
});
