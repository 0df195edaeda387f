import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startBuiltSite, stopBuiltSite, type BuiltSite } from '../support/built-site';
import { expect, hydrated, test } from './fixtures';

/**
 * A send over the forms' rate limit on a 390 px phone (issue 26, points 3 and 11): the form stays with
 * every value and says why and when to send again, with and without JavaScript. One post an address
 * may make: the first test's send spends it, so every send after it is refused.
 */
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const TOO_MANY = 'Too many forms have been sent from your network';

let site: BuiltSite | undefined;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-rate-limited-'));
  site = await startBuiltSite({ DATA_DIR: dataDir, FORM_RATE_LIMIT_MAX: '1', FORM_MIN_FILL_S: '0' });
});

test.afterAll(async () => {
  await stopBuiltSite(site);
  rmSync(dataDir, { recursive: true, force: true });
});

const typed = {
  Phone: '+386 41 555 111',
  'Installation address': 'Gozdna pot 7',
  Postcode: '2380',
  Town: 'Slovenj Gradec',
  'What is the problem?': 'The awning does not retract completely.',
};

async function fillAndSend(page: Page): Promise<number> {
  for (const [label, value] of Object.entries(typed)) await page.getByRole('main').getByLabel(label).fill(value);
  await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
  // The form's own post (with JavaScript, to the page's payload), not the spam guard's.
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/en/service'));
  await page.getByRole('button', { name: 'Send service request', exact: true }).click();
  const status = (await answer).status();
  await page.waitForLoadState();
  return status;
}

async function expectEverythingKept(page: Page): Promise<void> {
  await expect(page.getByText(TOO_MANY)).toBeVisible();
  for (const [label, value] of Object.entries(typed)) await expect(page.getByRole('main').getByLabel(label)).toHaveValue(value);
  await expect(page.getByRole('checkbox', { name: /I agree to the privacy policy/ })).toBeChecked();
}

test('without JavaScript: the first send is thanked for, the next one over the limit keeps the form and its values', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site!.url}/en/service`);
  expect(await fillAndSend(page)).toBe(303);
  await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeVisible();

  await page.goto(`${site!.url}/en/service`);
  expect(await fillAndSend(page)).toBe(429);
  await expectEverythingKept(page);
  await context.close();
});

test('with JavaScript: a send over the limit keeps the form and its values, and says when to send again', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${site!.url}/en/service`);
  await hydrated(page);
  expect(await fillAndSend(page)).toBe(429);
  await expectEverythingKept(page);
  await expect(page).toHaveURL(/\/en\/service$/);
  await context.close();
});
