import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import pino from 'pino';
import { startCms, type RunningCms } from '../../server/cms/server';
import { CONTENT_DIR } from '../../server/lib/paths';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { startBuiltSite, stopBuiltSite, type BuiltSite } from '../support/built-site';
import { TEST_FORM_TOKEN_SECRET } from '../support/form-guard';
import { inviteFromCommandLine } from '../support/staff';
import { expect, hydrated, joinStaffArea, test } from './fixtures';

/**
 * An editor changes a product's title in three languages on a phone, previews the draft through the
 * real site and publishes it; an anonymous visitor on a second replica, whose cache held the old page,
 * sees the new title within 2 s. Two site processes share one content API and one PostgreSQL (the
 * purge fan-out); the content API's webhook reaches replica A through a relay here, as a load balancer would.
 */

const SECRET = 'a-long-shared-secret-for-the-purge-webhook';
const PASSWORD = 'a long staff password';
const PHONE = { width: 390, height: 844 };
const PRODUCT_EN = '/en/product/surface-mounted-roller-shutters';
const editor = { email: `urednica.${Date.now()}@sencila.test` };
const TITLES = { sl: 'Predokenske rolete Nova', en: 'Surface-mounted shutters New', de: 'Vorbaurollläden Neu' };

let postgres: TestPostgres;
let cms: RunningCms;
let relay: http.Server;
let a: BuiltSite;
let b: BuiltSite;

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `e2e-editing-${name}-`));
  dirs.push(dir);
  return dir;
};

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  postgres = await startTestPostgres();
  const url = await postgres.createDatabase('editing');
  relay = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', async () => {
      const passed = await fetch(new URL('/api/cache/purge', a.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': String(req.headers['x-signature']) },
        body,
      });
      res.writeHead(passed.status).end(await passed.text());
    });
  });
  await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
  const cmsDir = tempDir('cms');
  cms = await startCms({
    dataDir: cmsDir,
    port: 0,
    contentDir: CONTENT_DIR,
    logger: pino({ level: 'silent' }),
    purgeWebhook: { url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/`, secret: SECRET },
  });
  // Replicas sharing PostgreSQL sign their forms with one key, which they then require.
  const env = { UPSTREAM_URL: cms.url, DATABASE_URL: url, CACHE_PURGE_SECRET: SECRET, FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET };
  [a, b] = await Promise.all([startBuiltSite({ ...env, DATA_DIR: tempDir('a') }), startBuiltSite({ ...env, DATA_DIR: tempDir('b') })]);
  process.env.E2E_EDITING_CMS_DIR = cmsDir;
});

test.afterAll(async () => {
  await Promise.all([stopBuiltSite(a), stopBuiltSite(b)]);
  await cms?.close();
  relay?.close();
  postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function phonePage(browser: Browser, consoleErrors: string[]): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE, locale: 'sl-SI' })).newPage();
  page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return page;
}

test('an editor retitles a product in three languages, previews and publishes it; a visitor on the other replica sees it within 2 s', async ({
  browser,
  consoleErrors,
}) => {
  // The visitor on replica B has the old page, kept in B's cache.
  const visitor = await phonePage(browser, consoleErrors);
  await visitor.goto(new URL(PRODUCT_EN, b.url).href);
  await expect(visitor.locator('h1')).toHaveText('Surface-mounted roller shutters');
  await visitor.reload();
  await expect(visitor.locator('h1')).toHaveText('Surface-mounted roller shutters');

  const page = await phonePage(browser, consoleErrors);
  const link = await inviteFromCommandLine(process.env.E2E_EDITING_CMS_DIR!, editor.email, 'editor', a.url);
  await joinStaffArea(page, a.url, link, 'Urška Urednica', PASSWORD);

  // An editor's front door is the content.
  await page.waitForURL('**/admin/content');
  await page.getByRole('link', { name: 'Izdelki' }).click();
  await page.getByRole('link', { name: 'Predokenske rolete' }).click();
  await page.waitForURL('**/admin/content/products/predokenske-rolete');
  await hydrated(page);
  for (const [locale, title] of Object.entries(TITLES)) await page.locator(`[name="${locale}.title"]`).fill(title);
  await page.getByRole('button', { name: 'Shrani osnutek' }).click();
  await expect(page.getByRole('status')).toHaveText('Osnutek je shranjen.');
  await page.screenshot({ path: 'test-results/content-edit-phone.png', fullPage: false });

  // Saved as a draft: the site still shows what is published.
  await visitor.reload();
  await expect(visitor.locator('h1')).toHaveText('Surface-mounted roller shutters');

  await page.getByRole('button', { name: 'Ustvari povezavo za predogled' }).click();
  const previewLink = page.getByRole('link', { name: /^English:/ });
  await expect(previewLink).toBeVisible();
  const href = (await previewLink.getAttribute('href'))!;
  const preview = await page.context().newPage();
  const answer = await preview.goto(new URL(href, a.url).href);
  expect(answer?.headers()['x-robots-tag']).toContain('noindex');
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  await expect(preview.locator('h1')).toHaveText(TITLES.en);
  await preview.close();

  await page.getByRole('button', { name: 'Objavi zdaj' }).click();
  await expect(page.getByText('Objavljeno: obiskovalci to že vidijo.')).toBeVisible();
  // The purge reaches replica B through PostgreSQL: its next answer is the new page.
  await expect
    .poll(
      async () => {
        await visitor.reload();
        return visitor.locator('h1').innerText();
      },
      { timeout: 2000, intervals: [100] },
    )
    .toBe(TITLES.en);
  await visitor.goto(new URL('/de/produkt/vorbaurolllaeden', b.url).href);
  await expect(visitor.locator('h1')).toHaveText(TITLES.de);
  await visitor.goto(new URL('/sl/izdelek/predokenske-rolete', b.url).href);
  await expect(visitor.locator('h1')).toHaveText(TITLES.sl);
});
