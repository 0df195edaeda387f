import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../support/mail';
import { expect, hydrated, test } from './fixtures';

/**
 * Issue 26, point 2, on a 390 px phone: each of the inquiry's steps has its own address; Back and
 * Forward move between the steps and keep every choice and typed value, and the photos chosen (without
 * JavaScript, those a Back carried are kept with the draft), with and without JavaScript; a reload
 * after sending shows the thank-you and posts nothing again. docs/decisions/0050-inquiry-steps-and-drafts.md,
 * docs/decisions/0051-photos-kept-with-the-draft.md.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const dataDir = process.env.E2E_DATA_DIR!;
const COMPANY = 'info@sencila-zorko.si';
let dir: string;
let photo: string;
test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-steps-'));
  photo = path.join(dir, 'window.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7da8' } })
    .jpeg()
    .toFile(photo);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stepCount = (page: Page, current: number) => expect(page.locator('.steps__count')).toHaveText(`Step ${current} of 4`);

/** Fills the first three steps from the inquiry's own address, checking each step's address. */
async function fillThreeSteps(page: Page, next: () => Promise<unknown>) {
  await page.getByRole('radio', { name: /Roller shutters/ }).check();
  await next();
  await expect(page).toHaveURL(/\/en\/inquiry\/details$/);
  await stepCount(page, 2);
  await page.getByRole('radio', { name: 'Concealed (flush-mounted)' }).check();
  await page.getByLabel('Width').fill('120');
  await page.getByLabel('Height').fill('140');
  await next();
  await expect(page).toHaveURL(/\/en\/inquiry\/contact$/);
  await stepCount(page, 3);
  await page.getByLabel('Full name').fill('Ana Novak');
  await page.getByRole('main').getByLabel('Email').fill('ana.novak@example.com');
  await next();
  await expect(page).toHaveURL(/\/en\/inquiry\/message$/);
  await stepCount(page, 4);
}

/** Every value of the first three steps is on its step's page. */
async function expectEarlierSteps(page: Page, back: () => Promise<unknown>) {
  await back();
  await expect(page).toHaveURL(/\/en\/inquiry\/contact$/);
  await stepCount(page, 3);
  await expect(page.getByLabel('Full name')).toHaveValue('Ana Novak');
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue('ana.novak@example.com');
  await back();
  await expect(page).toHaveURL(/\/en\/inquiry\/details$/);
  await expect(page.getByRole('radio', { name: 'Concealed (flush-mounted)' })).toBeChecked();
  await expect(page.getByLabel('Width')).toHaveValue('120');
  await expect(page.getByLabel('Height')).toHaveValue('140');
  await back();
  await expect(page).toHaveURL(/\/en\/inquiry$/);
  await stepCount(page, 1);
  await expect(page.getByRole('radio', { name: /Roller shutters/ })).toBeChecked();
}

test.describe('with JavaScript', () => {
  test('Back and Forward move between the steps’ addresses with every value and the photos kept; a reload after sending posts nothing', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' || request.url().includes('_payload.json')) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto('/en/inquiry');
    await hydrated(page);
    await expect(page.getByRole('main').locator('input[name="submissionId"]')).not.toHaveValue('');
    // A marker a full page load would lose: the steps are the one page's history entries.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    await fillThreeSteps(page, () => page.getByRole('button', { name: 'Next step' }).click());
    await page.getByLabel('Message').fill('Two windows in the attic.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add photos' }).click();
    await (await chooser).setFiles(photo);
    await expect(page.locator('.photo-list__item')).toHaveCount(1);

    await expectEarlierSteps(page, () => page.goBack());
    for (const url of [/\/details$/, /\/contact$/, /\/message$/]) {
      await page.goForward();
      await expect(page).toHaveURL(url);
    }
    await stepCount(page, 4);
    await expect(page.getByLabel('Message')).toHaveValue('Two windows in the attic.');
    await expect(page.locator('.photo-list__item')).toHaveCount(1);
    await expect(page.locator('.photo-list__item')).toContainText('window.jpg');
    await page.screenshot({ path: test.info().outputPath('inquiry-js-forward-390.png'), fullPage: true });
    // No step, Back or Forward asked the server anything, nor loaded a page.
    expect(requests).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/en\/inquiry\?sent=1$/);
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /en/inquiry/message/_payload.json']);

    const reload = await page.reload();
    expect(reload?.request().method()).toBe('GET');
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Presses a step's button: the post's own answer is a 303, followed to the next step's page. */
  async function press(page: Page, button: string, status = 303) {
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: button, exact: true }).click();
    expect((await answer).status()).toBe(status);
    await page.waitForLoadState();
  }

  test('each step is a page of its own address: Back and Forward show every value; a reload after sending posts nothing', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/en/inquiry');
    await fillThreeSteps(page, () => press(page, 'Next step'));

    // The browser's Back and Forward: pages, never "confirm form resubmission" (each was reached by a 303's GET).
    await expectEarlierSteps(page, async () => {
      const answer = await page.goBack();
      expect(answer?.request().method() ?? 'GET').toBe('GET');
    });
    for (const url of [/\/details$/, /\/contact$/, /\/message$/]) {
      await page.goForward();
      await expect(page).toHaveURL(url);
    }
    await stepCount(page, 4);
    await page.screenshot({ path: test.info().outputPath('inquiry-nojs-forward-390.png'), fullPage: true });

    // The form's own Back keeps what was typed on the step it leaves.
    await page.getByLabel('Message').fill('Two windows in the attic.');
    await press(page, 'Previous step');
    await expect(page).toHaveURL(/\/en\/inquiry\/contact$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Ana Novak');
    await press(page, 'Next step');
    await expect(page.getByLabel('Message')).toHaveValue('Two windows in the attic.');

    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await press(page, 'Send inquiry');
    await expect(page).toHaveURL(/\/en\/inquiry\?sent=1$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
    const reload = await page.reload();
    expect(reload?.request().method()).toBe('GET');
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
    expect(posts).toEqual(['/en/inquiry/message']);
    // Back to the last step after sending: the draft is gone, an empty step.
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/inquiry\/message$/);
    await expect(page.getByLabel('Message')).toHaveValue('');
  });

  test('a photo chosen on the last step survives the form’s Previous step: listed when the step comes back, sent with the inquiry, in the company’s mail', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    await page.goto('/en/inquiry');
    await fillThreeSteps(page, () => press(page, 'Next step'));
    const message = `Attic windows ${Date.now()}`;
    await page.getByLabel('Message').fill(message);
    await page.getByLabel('Photos', { exact: true }).setInputFiles(photo);
    await press(page, 'Previous step');
    await expect(page).toHaveURL(/\/en\/inquiry\/contact$/);
    await press(page, 'Next step');
    await expect(page).toHaveURL(/\/en\/inquiry\/message$/);
    await expect(page.getByLabel('Message')).toHaveValue(message);
    // The photo is kept on the server: listed by name, with a box that would remove it; the input is for more.
    await expect(page.getByText('Photos you chose earlier')).toBeVisible();
    const kept = page.locator('.photo-kept .photo-list__item');
    await expect(kept).toHaveCount(1);
    await expect(kept).toContainText('window.jpg');
    await expect(page.getByRole('checkbox', { name: 'Remove window.jpg' })).not.toBeChecked();
    await expect(page.getByLabel('Photos', { exact: true })).toHaveValue('');
    await page.locator('.photo-field').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('inquiry-nojs-kept-photo-390.png'), fullPage: true });
    // Nothing on the phone's screen is wider than it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await press(page, 'Send inquiry');
    await expect(page).toHaveURL(/\/en\/inquiry\?sent=1$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
    // The company's mail carries the photo chosen before the Back.
    const mail = await waitForMail(dataDir, COMPANY, message);
    expect(mail).toMatch(/Content-Disposition: attachment; filename=window\.jpg/);
  });
});
