import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltSite, stopBuiltSite, type BuiltSite } from '../support/built-site';
import { expect, hydrated, test } from './fixtures';

/**
 * A fresh replica whose content API does not answer and which has nothing cached, on a 390 px phone
 * (issue 26, points 3 and 11): the inquiry and the service request render from what comes with the
 * build, and a request sent is queued in the outbox and thanked for, with and without JavaScript.
 */
const PHONE = { width: 390, height: 844 };

let site: BuiltSite | undefined;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-content-api-down-'));
  site = await startBuiltSite({ DATA_DIR: dataDir, UPSTREAM_URL: 'http://127.0.0.1:9', FORM_MIN_FILL_S: '0' }, { ready: false });
});

test.afterAll(async () => {
  await stopBuiltSite(site);
  rmSync(dataDir, { recursive: true, force: true });
});

for (const javaScriptEnabled of [false, true]) {
  test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: the inquiry and the service request render, and a request sent ends on its thank-you page`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
    const page = await context.newPage();
    // The inquiry's first step: its offer types come with the build.
    expect((await page.goto(`${site!.url}/en/inquiry`))?.status()).toBe(200);
    await expect(page.getByRole('radio', { name: /Pergolas/ })).toBeVisible();
    const form = await page.goto(`${site!.url}/en/service`);
    expect(form?.status()).toBe(200);
    if (javaScriptEnabled) await hydrated(page);
    const main = page.getByRole('main');
    await main.getByLabel('Phone').fill('+386 41 555 111');
    await main.getByLabel('Installation address').fill('Gozdna pot 7');
    await main.getByLabel('Postcode').fill('2380');
    await main.getByLabel('Town').fill('Slovenj Gradec');
    await main.getByLabel('What is the problem?').fill('The awning does not retract completely.');
    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send service request', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/service\?sent=1$/);
    await context.close();
  });
}
