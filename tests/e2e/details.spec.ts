import type { APIRequestContext, Page } from '@playwright/test';
import type { Locale } from '../../shared/locales';
import { waitForMail } from '../support/mail';
import { expect, hydrated, test } from './fixtures';

/**
 * The smaller things a visitor tripped over (issue 26, point 10), on a 390 px phone and, for the
 * product gallery, a desktop: where signing out is, the required mark on a box that must be ticked,
 * "not sure, advise me" as the inquiry's first choice, and the gallery's second picture. Screenshots
 * of each go to test-results/details/ for a person to look at.
 */

const dataDir = process.env.E2E_DATA_DIR!;
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/details/${name}.png` });

const WORDS = {
  sl: {
    signedInAs: 'Prijavljeni ste kot',
    signOut: 'Odjava iz računa',
    newsletter: 'E-novice',
    login: '/sl/login',
    service: '/sl/servis',
    inquiry: '/sl/povprasevanje',
    notSure: 'Ne vem, svetujte mi',
    next: 'Naslednji korak',
    width: 'Širina',
  },
  en: {
    signedInAs: 'You are signed in as',
    signOut: 'Log out of your account',
    newsletter: 'Newsletter',
    login: '/en/login',
    service: '/en/service',
    inquiry: '/en/inquiry',
    notSure: 'Not sure – advise me',
    next: 'Next step',
    width: 'Width',
  },
  de: {
    signedInAs: 'Sie sind angemeldet als',
    signOut: 'Vom Konto abmelden',
    newsletter: 'Newsletter',
    login: '/de/login',
    service: '/de/service',
    inquiry: '/de/anfrage',
    notSure: 'Weiß nicht – beraten Sie mich',
    next: 'Nächster Schritt',
    width: 'Breite',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** A verified account, made as a visitor makes one (the register page's post, the mailed link's post). */
async function verifiedAccount(request: APIRequestContext, locale: Locale, email: string, password: string): Promise<void> {
  const headers = { 'Sec-Fetch-Site': 'same-origin' };
  await request.post(`/${locale}/register`, { form: { name: 'Ana Novak', email, password, website: '' }, headers });
  const token = /verify-email\?token=([\w-]+)/.exec(await waitForMail(dataDir, email, `/${locale}/verify-email?token=`))![1]!;
  await request.post(`/${locale}/verify-email`, { form: { token }, headers });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  for (const locale of ['sl', 'en', 'de'] as const) {
    const w = WORDS[locale];

    test(`${locale}: signing out sits beside whom one is signed in as, on the first screen and above the newsletter`, async ({
      page,
      request,
      consoleErrors,
    }) => {
      const email = `odjava.${locale}.${Date.now()}@example.com`;
      const password = 'dolgo-geslo-123';
      await verifiedAccount(request, locale, email, password);
      await page.goto(w.login);
      await hydrated(page);
      const main = page.getByRole('main');
      await main.locator('input[name="email"]').fill(email);
      await main.locator('input[name="password"]').fill(password);
      await main.locator('button[type="submit"]').click();
      await page.waitForURL(`**/${locale}/user/profile`);
      await hydrated(page);

      const signOut = page.getByRole('button', { name: w.signOut });
      await expect(signOut).toBeInViewport();
      await expect(main.getByText(`${w.signedInAs} ${email}.`)).toBeInViewport({ ratio: 1 });
      // A long address wraps: nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // Before the newsletter's block in the page, never under it.
      const newsletter = main.getByRole('heading', { name: w.newsletter, exact: true });
      expect((await signOut.boundingBox())!.y).toBeLessThan((await newsletter.boundingBox())!.y);
      await shot(page, `profile-${locale}`);

      await signOut.click();
      await page.waitForURL(`**${w.login}`);
      expect(consoleErrors).toEqual([]);
    });

    test(`${locale}: the box that must be ticked shows the required mark, and the service form's consent names and links both documents`, async ({ page }) => {
      await page.goto(w.service);
      await hydrated(page);
      const terms = page.locator('.check-field').filter({ has: page.locator('input[name="terms"]') });
      await expect(terms.locator('label .field__required')).toHaveText('*');
      await expect(terms.locator('input[name="terms"]')).toHaveAttribute('aria-required', 'true');
      const links = terms.locator('label a');
      await expect(links).toHaveCount(2);
      expect(await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))).toEqual(
        {
          sl: ['/sl/stran/politika-zasebnosti', '/sl/stran/splosni-pogoji-poslovanja'],
          en: ['/en/page/privacy-policy', '/en/page/general-terms-and-conditions'],
          de: ['/de/seite/datenschutzbestimmungen', '/de/seite/allgemeine-geschaeftsbedingungen'],
        }[locale],
      );
      // The marketing box may stay unticked: no mark.
      await expect(
        page
          .locator('.check-field')
          .filter({ has: page.locator('input[name="marketingOptOut"]') })
          .locator('.field__required'),
      ).toHaveCount(0);
      await terms.scrollIntoViewIfNeeded();
      await shot(page, `service-consent-${locale}`);
    });

    test(`${locale}: the inquiry's first step offers "not sure, advise me", whose next step asks only what any window has`, async ({ page }) => {
      await page.goto(w.inquiry);
      await hydrated(page);
      const notSure = page.getByRole('radio', { name: new RegExp(`^${w.notSure}`) });
      await notSure.check();
      await notSure.scrollIntoViewIfNeeded();
      await shot(page, `inquiry-not-sure-${locale}`);
      await page.getByRole('button', { name: w.next }).click();
      await expect(page.getByLabel(w.width)).toBeVisible();
      // Nothing of a particular product: no system, drive or colour to choose.
      await expect(page.getByRole('radio')).toHaveCount(0);
    });
  }

  test('the inquiry’s last step marks its terms box as required', async ({ page }) => {
    await page.goto('/en/inquiry');
    await hydrated(page);
    await page.getByRole('radio', { name: /^Not sure – advise me/ }).check();
    for (let step = 0; step < 3; step++) {
      if (step === 2) {
        await page.getByLabel('Full name').fill('Ana Novak');
        await page.locator('#inquiry-email').fill('ana@example.com');
      }
      await page.getByRole('button', { name: 'Next step' }).click();
    }
    const terms = page.locator('.check-field').filter({ has: page.locator('input[name="terms"]') });
    await expect(terms.locator('label .field__required')).toHaveText('*');
    await terms.scrollIntoViewIfNeeded();
    await shot(page, 'inquiry-terms-en');
  });
});

test('the product gallery’s second picture is whole and framed on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/sl/izdelek/predokenske-rolete');
  const second = page.locator('.product__gallery-image').nth(1);
  await second.scrollIntoViewIfNeeded();
  await expect(second).toBeInViewport({ ratio: 1 });
  // Its whole picture is shown, at the picture's own proportions (4:3), with a frame around it.
  const box = (await second.boundingBox())!;
  expect(Math.abs(box.height - (box.width * 3) / 4)).toBeLessThan(3);
  expect(await second.evaluate((img) => getComputedStyle(img).borderTopWidth)).toBe('1px');
  expect(await second.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.locator('.product__gallery-image').first().locator('xpath=../..').screenshot({ path: 'test-results/details/gallery-desktop.png' });
});
