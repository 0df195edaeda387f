import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, Locator, Page, Response } from '@playwright/test';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_LIMITS } from '../../shared/forms/photos';
import { waitForMail } from '../support/mail';
import { expect, hydrated, test } from './fixtures';

const dataDir = process.env.E2E_DATA_DIR!;

/**
 * Photos with a service request and an inquiry, on a phone (390 px): chosen through the button, each
 * with its preview (a HEIC the browser cannot show with a file icon), removed again, refused at once
 * when the site would refuse it, posted with a progress bar and thanked for; and the plain form
 * without JavaScript. The images are made here, real files of each kind.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A file made for the test, on disk: the file chooser takes paths (a 10 MB buffer would cross the protocol as base64). */
type TestFile = string;

let files: Record<'window' | 'frame' | 'outside' | 'heic' | 'notes' | 'huge' | 'large' | 'a' | 'b' | 'c', TestFile>;

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'photos-e2e-'));
  const make = async (name: string, image: Sharp): Promise<TestFile> => {
    const file = path.join(dir, name);
    await image.toFile(file);
    return file;
  };
  const write = (name: string, content: string | Buffer): TestFile => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };
  const plain = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });
  // Noise does not compress: a photo of some megabytes, so its upload takes a moment.
  const noisy = sharp({ create: { width: 2200, height: 1650, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  files = {
    window: await make('window.jpg', plain(1200, 900, '#4a7da8').jpeg()),
    frame: await make('frame.png', plain(800, 600, '#c8643b').png()),
    outside: await make('outside.webp', plain(640, 480, '#7a9a5a').webp()),
    // Chromium cannot decode HEIC (nor this body): the field shows a file icon, it does not refuse it.
    heic: write('IMG_0412.HEIC', 'ftypheic, not a real HEIC body'),
    notes: write('notes.jpg', 'Measurements: 120 x 140 cm. This is a text file with a photo name.'),
    huge: write('huge.jpg', Buffer.alloc(PHOTO_LIMITS.bytesEach + 1, 0xff)),
    large: await make('large.jpg', noisy.jpeg({ quality: 95 })),
    a: await make('a.jpg', plain(300, 200, '#222222').jpeg()),
    b: await make('b.jpg', plain(300, 200, '#444444').jpeg()),
    c: await make('c.jpg', plain(300, 200, '#666666').jpeg()),
  };
});

/** Chooses files as a visitor does: the button opens the file chooser. */
async function choose(page: Page, chosen: TestFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Add photos|Dodaj fotografije)$/ }).click();
  await (await chooser).setFiles(chosen);
}

/** The page is hydrated and its form live (the id of the filling-in is set by the form's effect). */
async function ready(page: Page): Promise<void> {
  await hydrated(page);
  await expect(page.getByRole('main').locator('input[name="submissionId"]').first()).not.toHaveValue('');
}

const photoList = (page: Page) => page.locator('.photo-list__item');

async function fillService(page: Page): Promise<void> {
  await page.getByLabel('Phone').fill('041 555 111');
  await page.getByLabel('Installation address').fill('Gozdna pot 7');
  await page.getByLabel('Postcode').fill('2380');
  await page.getByLabel('Town').fill('Slovenj Gradec');
  await page.getByLabel('What is the problem?').fill('The slats of the kitchen blind are bent, see the photos.');
  await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
}

/** Whether the preview shows a decoded picture. */
const decoded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test.describe('with JavaScript', () => {
  test('previews, a HEIC as a file icon, refusals named at once, a photo removed, the sixth one too many', async ({ page }) => {
    await page.goto('/en/service');
    await ready(page);
    const field = page.getByRole('group', { name: 'Photos' });
    await expect(field.getByText('Photograph the broken part, close up and from a little further away.')).toBeVisible();
    await expect(field.getByText('Up to 5 photos (JPEG, PNG, WebP or HEIC), at most 10 MB each and 25 MB together.')).toBeVisible();

    await choose(page, [files.window, files.frame, files.notes, files.outside, files.heic, files.huge]);
    await expect(photoList(page)).toHaveCount(4);
    await expect(photoList(page).locator('.photo-list__name')).toHaveText(['window.jpg', 'frame.png', 'outside.webp', 'IMG_0412.HEIC']);
    for (const index of [0, 1, 2]) await expect.poll(() => decoded(photoList(page).nth(index).locator('img'))).toBe(true);
    const heic = photoList(page).nth(3);
    await expect(heic.locator('img')).toHaveCount(0);
    await expect(heic.locator('.photo-list__preview--icon')).toBeVisible();
    await expect(heic).toContainText('No preview here; the photo is sent all the same.');
    await expect(page.getByText('Photos chosen: 4 of 5')).toBeVisible();

    const refusals = page.locator('#service-photos-error');
    await expect(refusals).toHaveAttribute('role', 'alert');
    await expect(refusals.locator('li')).toHaveText([
      'The photo huge.jpg was not accepted: it is larger than 10 MB.',
      'The file notes.jpg was not accepted: it is not a photo we can open (JPEG, PNG, WebP or HEIC).',
    ]);
    const add = page.getByRole('button', { name: 'Add photos' });
    await expect(add).toHaveAccessibleDescription(/Photograph the broken part.*huge\.jpg was not accepted/);

    // Removing a photo: its preview's address is let go, and focus stays in the list.
    const frameUrl = await photoList(page).nth(1).locator('img').getAttribute('src');
    expect(frameUrl).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Remove frame.png' }).click();
    await expect(photoList(page).locator('.photo-list__name')).toHaveText(['window.jpg', 'outside.webp', 'IMG_0412.HEIC']);
    await expect(page.getByRole('button', { name: 'Remove outside.webp' })).toBeFocused();
    await expect(page.getByText('Photos chosen: 3 of 5')).toBeVisible();
    expect(
      await page.evaluate(
        (url) =>
          fetch(url!).then(
            () => 'readable',
            () => 'revoked',
          ),
        frameUrl,
      ),
    ).toBe('revoked');

    // Three more: two fit, the sixth is one too many.
    await choose(page, [files.a, files.b, files.c]);
    await expect(photoList(page)).toHaveCount(5);
    await expect(refusals.locator('li')).toHaveText(['The photo c.jpg was not accepted: you can send at most 5 photos.']);
    await expect(page.getByText('Photos chosen: 5 of 5')).toBeVisible();
    await page.locator('.photo-field').screenshot({ path: test.info().outputPath('service-photos-390.png') });

    // Reflow at 390 px (1.4.10) and WCAG 2.2 AA with the previews and a refusal on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const { violations } = await new AxeBuilder({ page }).include('.photo-field').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the inquiry keeps its photos while the visitor goes back a step, in Slovenian', async ({ page }) => {
    await page.goto('/sl/povprasevanje/rolete');
    await ready(page);
    await page.getByLabel('Širina').fill('120');
    await page.getByLabel('Višina').fill('140');
    await page.getByRole('button', { name: 'Naslednji korak' }).click();
    await page.getByLabel('Ime in priimek').fill('Ana Novak');
    await page.getByRole('main').getByLabel('E-naslov').fill('ana.novak@example.com');
    await page.getByRole('button', { name: 'Naslednji korak' }).click();
    await expect(page.getByText('Fotografirajte celotno okno, podrobnost okvirja in pogled od zunaj.')).toBeVisible();
    await choose(page, [files.window, files.outside]);
    await expect(photoList(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Prejšnji korak' }).click();
    await expect(page.getByRole('group', { name: 'Fotografije' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Naslednji korak' }).click();
    await expect(photoList(page).locator('.photo-list__name')).toHaveText(['window.jpg', 'outside.webp']);
    await expect.poll(() => decoded(photoList(page).first().locator('img'))).toBe(true);
    await expect(page.getByRole('button', { name: 'Odstrani window.jpg' })).toBeVisible();
  });

  // Needs the site's multipart parser (branch h4-photos-server): before it, the post's fields are not read.
  test('a service request with photos: a progress bar while it uploads, then the thank-you without a page load', async ({ page }) => {
    // A throttled upload of some megabytes, then the confirmation mail through the outbox.
    test.setTimeout(60_000);
    await page.goto('/en/service');
    await ready(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await fillService(page);
    const email = `e2e.photos.${Date.now()}@example.com`;
    await page.getByRole('main').getByRole('textbox', { name: 'Email' }).fill(email);
    await choose(page, [files.large, files.frame]);
    await expect(photoList(page)).toHaveCount(2);

    // A phone's upload: slow enough that the bar is seen moving.
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 4_000_000, uploadThroughput: 1_500_000 });
    const posted = page.waitForRequest((request) => request.method() === 'POST');
    await page.getByRole('button', { name: 'Send service request' }).click();
    const progress = page.getByRole('progressbar', { name: /^Sending photos: \d+%$/ });
    await expect(progress).toBeVisible();
    await page.locator('form.public-form').screenshot({ path: test.info().outputPath('service-uploading-390.png') });
    expect((await posted).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeFocused({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/en\/service\?sent=1$/);
    await expect(progress).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // Both photos arrived: the visitor's confirmation counts them, and never repeats their names (issue 24, point 6).
    const mail = await waitForMail(dataDir, email, 'Photos: 2');
    for (const name of ['frame', 'large']) expect(mail).not.toContain(name);
  });

  // Needs the site's photo checks (branch h4-photos-server).
  test('an inquiry sent with a photo', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/en/inquiry/rolete');
    await ready(page);
    await page.getByLabel('Width').fill('120');
    await page.getByLabel('Height').fill('140');
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByLabel('Full name').fill('Ana Novak');
    const email = `e2e.inquiry.photo.${Date.now()}@example.com`;
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next step' }).click();
    await choose(page, [files.window]);
    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeFocused({ timeout: 20_000 });
    // The photo arrived with the inquiry: the visitor's confirmation counts it.
    expect(await waitForMail(dataDir, email, 'Photos: 1')).not.toContain('window');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Clicks a submit button and returns the answer to the form's post (a 303 is its own answer). */
  async function post(page: Page, button: string): Promise<Response> {
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: button, exact: true }).click();
    const response = await answer;
    await page.waitForLoadState();
    return response;
  }

  test('a plain file input on the forms that take photos, posted as multipart', async ({ page }) => {
    await page.goto('/en/service');
    const input = page.getByLabel('Photos');
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('name', 'photos');
    await expect(input).toHaveAttribute('multiple', '');
    await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif');
    await expect(input).toHaveAccessibleDescription(/Photograph the broken part.*Up to 5 photos/);
    await expect(page.locator('form.public-form')).toHaveAttribute('enctype', 'multipart/form-data');
    await page.locator('.photo-field').screenshot({ path: test.info().outputPath('service-nojs-390.png') });

    // The inquiry: only the step that sends it has photos, and only its post is multipart.
    await page.goto('/en/inquiry/rolete');
    await expect(page.getByLabel('Photos')).toHaveCount(0);
    await expect(page.locator('form.public-form')).not.toHaveAttribute('enctype', 'multipart/form-data');
    await page.goto('/en/newsletter');
    await expect(page.locator('form[enctype="multipart/form-data"]')).toHaveCount(0);
  });

  // Needs the site's multipart parser and photo checks (branch h4-photos-server).
  test('a photo sent with a plain post, then the thank-you', async ({ page }) => {
    await page.goto('/en/service');
    await fillService(page);
    await page.getByLabel('Photos').setInputFiles([files.window]);
    expect((await post(page, 'Send service request')).status()).toBe(303);
    await expect(page).toHaveURL(/\/en\/service\?sent=1$/);
    await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeVisible();
  });

  // Needs the site's photo checks (branch h4-photos-server).
  test('a text file named like a photo: the form comes back with the refusal and every other value', async ({ page }) => {
    await page.goto('/en/service');
    await fillService(page);
    await page.getByLabel('Invoice number').fill('2019-0412');
    await page.getByLabel('Photos').setInputFiles([files.notes]);
    expect((await post(page, 'Send service request')).status()).toBe(400);
    const refusal = 'The file notes.jpg was not accepted: it is not a photo we can open (JPEG, PNG, WebP or HEIC).';
    await expect(page.locator('#service-photos-error')).toHaveText(`Error: ${refusal}`);
    await expect(page.getByRole('alert')).toContainText(`Photos: ${refusal}`);
    await expect(page.getByLabel('Photos')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Chosen photos are not kept when the form comes back: if you chose any, please choose them again.')).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveValue('041 555 111');
    await expect(page.getByLabel('Invoice number')).toHaveValue('2019-0412');
    await expect(page.getByLabel('Town')).toHaveValue('Slovenj Gradec');
    await expect(page.getByLabel('What is the problem?')).toHaveValue('The slats of the kitchen blind are bent, see the photos.');
    await expect(page.getByRole('checkbox', { name: /I agree to the privacy policy/ })).toBeChecked();
    await page.locator('form.public-form').screenshot({ path: test.info().outputPath('service-nojs-refused-390.png') });

    await page.getByLabel('Photos').setInputFiles([files.frame]);
    expect((await post(page, 'Send service request')).status()).toBe(303);
    await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeVisible();
  });
});
