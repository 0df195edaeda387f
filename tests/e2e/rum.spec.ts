import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { RUM_E2E_OPS_TOKEN, RUM_E2E_PORT } from '../../playwright.config';
import { expect, hydrated, test } from './fixtures';

/**
 * Real-user measurements on the production build. The third test site samples every page view
 * (RUM_SAMPLE_RATE=1); the main one none (0).
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>;
const VITALS_CHUNK = manifest['client/runtime/rum/vitals-report.ts']!.file;

/** Every file the entry loads before it runs: itself and its static imports, all the way down. */
function firstLoadFiles(): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('client/entry.tsx');
  return [...files];
}

function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  return messages;
}

test('web-vitals is a chunk of its own, out of the first-load JavaScript', async ({ request }) => {
  expect(manifest['client/entry.tsx']!.dynamicImports).toContain('client/runtime/rum/vitals-report.ts');
  expect(firstLoadFiles()).not.toContain(VITALS_CHUNK);
  const html = await (await request.get(`http://localhost:${RUM_E2E_PORT}/en`)).text();
  expect(html).not.toContain(VITALS_CHUNK);
});

/** What the site has received for the home page in English: reports counted per metric, from its p75 summary. */
async function homeCounts(request: APIRequestContext): Promise<Record<string, number>> {
  const res = await request.get(`http://localhost:${RUM_E2E_PORT}/api/rum/p75`, { headers: { authorization: `Bearer ${RUM_E2E_OPS_TOKEN}` } });
  const { rows } = (await res.json()) as { rows: Array<{ route: string; locale: string; metric: string; count: number }> };
  return Object.fromEntries(rows.filter((r) => r.route === 'index' && r.locale === 'en').map((r) => [r.metric, r.count]));
}

test.describe('a sampled page view', () => {
  test.use({ baseURL: `http://localhost:${RUM_E2E_PORT}` });

  test('loads web-vitals after the page has loaded, sends its metrics by beacon when left, and logs nothing', async ({ page, request, consoleErrors }) => {
    const messages = watchConsole(page);
    // Watches sendBeacon without replacing it; sessionStorage keeps the record across the navigation.
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const sent = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as unknown[];
        sent.push({ path: new URL(url, location.href).pathname, type: data instanceof Blob ? data.type : typeof data, from: location.pathname });
        sessionStorage.setItem('beacons', JSON.stringify(sent));
        return send(url, data);
      };
    });
    const before = await homeCounts(request);
    const chunk = page.waitForResponse((res) => res.url().endsWith(VITALS_CHUNK));
    await page.goto('/en');
    await hydrated(page);
    expect((await chunk).status()).toBe(200);
    const timing = await page.evaluate((file) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resource = performance.getEntriesByType('resource').find((e) => e.name.endsWith(file));
      return { loadEnd: navigation.loadEventEnd, chunkStart: resource?.startTime ?? -1 };
    }, VITALS_CHUNK);
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(timing.chunkStart).toBeGreaterThanOrEqual(timing.loadEnd);

    // The page's own import of the chunk resolves first (one module, its callback queued earlier), so
    // once this one does, web-vitals is listening.
    await page.evaluate((file) => import(`/${file}`).then(() => undefined), VITALS_CHUNK);
    // An interaction, so there is an INP; leaving the page hides it, which sends the report. (The
    // browser sends the beacon of a page it is leaving, but Playwright does not show it: the site's
    // summary tells what arrived.)
    // web-vitals works out an interaction in an idle callback; a page left before the browser is next
    // idle (a click that navigates) must still report it, so from here on no idle callback runs.
    await page.evaluate(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.locator('h1').first().click();
    // The browser hands the click's timing entry to observers in a task of its own, after the click;
    // a navigation before it would leave web-vitals no interaction. Observers registered earlier (web-
    // vitals') are told before one registered now, so once this one is, web-vitals knows the click.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          new PerformanceObserver((_list, observer) => (observer.disconnect(), resolve())).observe({ type: 'first-input', buffered: true }),
        ),
    );
    await page.goto('/en/categories');
    await hydrated(page);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('beacons'))) ?? '[]')).toEqual([
      { path: '/api/rum', type: 'application/json', from: '/en' },
    ]);
    const metrics = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'];
    // Each metric counted once more (at least: another run's page view may land on the same server).
    await expect
      .poll(async () => {
        const now = await homeCounts(request);
        return metrics.filter((m) => (now[m] ?? 0) > (before[m] ?? 0));
      })
      .toEqual(metrics);
    expect(messages).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test('a page view that is not sampled fetches no web-vitals and sends nothing', async ({ page, consoleErrors }) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/en');
  await hydrated(page);
  // The idle moment a sampled page view would have used.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.goto('/en/categories');
  await hydrated(page);
  expect(requested.filter((p) => p.endsWith(VITALS_CHUNK) || p === '/api/rum')).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
