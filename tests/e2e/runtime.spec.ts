import { test as base } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, hydrated, test } from './fixtures';

/** The hashed file of a page module in the client build the server is serving. */
function pageChunk(module: string): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return manifest[`client/pages/${module}.tsx`]!.file;
}

const marked = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);

test('a new build makes the next navigation a full page load', async ({ page, consoleErrors }) => {
  // The browser's clock is ours (an hour passes at once) and /builds/latest.json names another build:
  // a deploy, without a second build of the site.
  await page.clock.install();
  const checks: string[] = [];
  await page.route('**/builds/latest.json*', (route) => {
    checks.push(new URL(route.request().url()).search);
    return route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
  });
  await page.goto('/en');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

  // Before the hour: no check, and navigation stays in the app.
  await page.clock.fastForward('59:00');
  expect(checks).toEqual([]);
  await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).first().click();
  await page.waitForURL('**/en/blog');
  expect(await marked(page)).toBe(1);

  await page.clock.fastForward('01:01');
  await expect.poll(() => checks.length).toBe(1);
  expect(checks[0]).toMatch(/^\?\d+$/);
  const documentRequest = page.waitForRequest((r) => r.resourceType() === 'document' && r.url().endsWith('/en/b2b'));
  await page.getByRole('banner').getByRole('link', { name: 'For business partners' }).first().click();
  await documentRequest;
  await page.waitForURL('**/en/b2b');
  await hydrated(page);
  expect(await marked(page)).toBeUndefined();
  expect(consoleErrors).toEqual([]);
});

base('a route chunk that fails reloads the page once for that path; a second failure within 10 s is not retried', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // A deploy removed the old chunk of the blog list (before the page could prefetch it).
  await page.route(`**/${pageChunk('blog-list')}`, (route) => route.abort());
  await page.goto('/en');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  let documents = 0;
  page.on('request', (r) => r.resourceType() === 'document' && documents++);
  await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).first().click();
  await page.waitForURL('**/en/blog');
  await expect.poll(() => errors.some((e) => e.startsWith('Error while mounting app:'))).toBe(true);
  expect(documents).toBe(1);
  expect(await marked(page)).toBeUndefined();
  const guard = JSON.parse((await page.evaluate(() => sessionStorage.getItem('app:reload')))!) as { path: string; expires: number };
  expect(guard.path).toBe('/en/blog');
  expect(guard.expires - Date.now()).toBeGreaterThan(5_000);
  expect(guard.expires - Date.now()).toBeLessThanOrEqual(10_000);
});

test('route modules of visible or hovered links load ahead, but not on data-saver', async ({ page, consoleErrors }) => {
  const chunk = pageChunk('b2b');
  const requested = page.waitForRequest((r) => r.url().endsWith(chunk));
  await page.goto('/en/categories');
  await hydrated(page);
  await page.getByRole('banner').getByRole('link', { name: 'For business partners' }).first().hover();
  await requested;
  expect(consoleErrors).toEqual([]);
});

base('no prefetch with data-saver on', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) }));
  const chunk = pageChunk('b2b');
  // When each request for the page's module was made: only the click may ask for it.
  let step = 'hover';
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().endsWith(chunk) && asked.push(step)));
  await page.goto('/en/categories');
  await hydrated(page);
  const link = page.getByRole('banner').getByRole('link', { name: 'For business partners' }).first();
  await link.hover();
  step = 'click';
  const requested = page.waitForRequest((r) => r.url().endsWith(chunk));
  await link.click();
  await requested;
  await page.waitForURL('**/en/b2b');
  expect(asked).toEqual(['click']);
});

test('the first scroll to a hash waits 1300 ms for the page to settle', async ({ page, consoleErrors }) => {
  // The page's clock is the test's: the delay cannot run out before the layout is moved, however slow the machine.
  await page.clock.install();
  await page.goto('/en#footer-hours');
  await hydrated(page);
  // The layout moved after the browser's own jump (simulated): the delayed scroll puts it right.
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(500);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.clock.runFor(1300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  expect(consoleErrors).toEqual([]);
});
