import type { Page, Route } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * The page is painted from its HTML before any of the app's JavaScript is asked for (client/boot.ts),
 * and nothing a visitor does in the meantime is lost: typed values stay and are sent, links work.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Holds the app's entry module until `release` is called: the page as a slow phone has it before the app. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry-[\w-]+\.js$/, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('the app is asked for only after the first contentful paint has reached the screen', async ({ page }) => {
  await page.goto('/sl/izdelek/predokenske-rolete');
  await hydrated(page);
  const timings = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/.+\.js$/.test(r.name))
      .map((r) => ({ name: new URL(r.name).pathname, startTime: r.startTime })),
  }));
  expect(timings.firstContentfulPaint).not.toBeNull();
  const loader = timings.scripts.filter((s) => /\/boot-/.test(s.name));
  const app = timings.scripts.filter((s) => !/\/boot-/.test(s.name));
  expect(loader).toHaveLength(1);
  expect(app.map((s) => s.name)).toContainEqual(expect.stringMatching(/\/entry-/));
  for (const script of app) expect(script.startTime, script.name).toBeGreaterThanOrEqual(timings.firstContentfulPaint!);
});

test('what is typed before the app has loaded is kept and sent', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/en/service', { waitUntil: 'commit' });
  await page.getByLabel('Phone').fill('041 555 111');
  await page.getByLabel('Installation address').fill('Gozdna pot 7');
  await page.getByLabel('Postcode').fill('2380');
  await page.getByLabel('Town').fill('Slovenj Gradec');
  await page.getByLabel('What is the problem?').fill('The roller shutter in the kitchen stops halfway.');
  await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  release();
  await hydrated(page);
  // The form is live once its filling-in has an id; the values typed before are still there.
  await expect(page.getByRole('main').locator('input[name="submissionId"]').first()).not.toHaveValue('');
  await expect(page.getByLabel('Phone')).toHaveValue('041 555 111');
  await expect(page.getByLabel('What is the problem?')).toHaveValue('The roller shutter in the kitchen stops halfway.');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('button', { name: 'Send service request' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeFocused();
  // Sent by the app (no full page load), with what was typed before it loaded.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('a link tapped before the app has loaded opens its page', async ({ page }) => {
  await holdApp(page);
  await page.goto('/en/product/surface-mounted-roller-shutters', { waitUntil: 'commit' });
  const crumb = page
    .getByRole('navigation', { name: /breadcrumb/i })
    .getByRole('link')
    .first();
  const href = await crumb.getAttribute('href');
  await crumb.tap();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
});
