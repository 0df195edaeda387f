import { linkInMail } from '../support/mail';
import { expect, hydrated, registerInEnglish, test } from './fixtures';

const dataDir = process.env.E2E_DATA_DIR!;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a login with errors is answered with the page, the errors and the values kept', async ({ page }) => {
    const main = page.getByRole('main');
    await page.goto('/en/login');
    await main.getByLabel('Email').fill('not-an-email');
    const response = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(main.getByLabel('Email')).toHaveValue('not-an-email');
    await expect(main.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the menu opens without JavaScript on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/sl');
    await expect(page.locator('#main-menu')).toBeHidden();
    await page.locator('.menu-toggle').click();
    await expect(page.locator('#main-menu')).toBeVisible();
  });
});

test('register, confirm, sign in and out with JavaScript, without a full page load', async ({ page, consoleErrors }) => {
  const email = `e2e.${Date.now()}@example.com`;
  // The footer's newsletter signup has an email field too.
  const main = page.getByRole('main');
  await page.goto('/de/register');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await main.getByLabel('Vor- und Nachname').fill('Eva Berger');
  await main.getByLabel('E-Mail-Adresse').fill(email);
  await main.getByLabel('Passwort').fill('sicheres-passwort-1');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Danke!');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  const link = await linkInMail(dataDir, email, '/de/verify-email');
  await page.goto(link.pathname + link.search);
  await hydrated(page);
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('bestätigt');

  await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click();
  await main.getByLabel('E-Mail-Adresse').fill(email);
  await main.getByLabel('Passwort').fill('sicheres-passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/de/user/profile');
  await expect(page.getByText(`Sie sind angemeldet als ${email}.`)).toBeVisible();

  await page.getByRole('button', { name: 'Vom Konto abmelden' }).click();
  await page.waitForURL('**/de/login');
  expect(consoleErrors).toEqual([]);
});

test('a reset link opened again says at once, on a phone, that it was used, with the sign-in and a new link', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `e2e.reset.${Date.now()}@example.com`;
  const main = page.getByRole('main');
  await registerInEnglish(page, { name: 'Ana Novak', email, password: 'first-password-1' });

  await page.goto('/en/password-reset');
  await hydrated(page);
  await main.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(main.getByRole('status')).toContainText('If an account with this email address exists');
  const link = await linkInMail(dataDir, email, '/en/password-reset');

  await page.goto(link.pathname + link.search);
  await hydrated(page);
  await main.getByLabel('New password').fill('second-password-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(main.getByRole('status')).toContainText('Your password has been changed.');

  // The mail's link again, as a visitor finds it in their inbox the next day: no form to fill in vain.
  await page.goto(link.pathname + link.search);
  await hydrated(page);
  await expect(main.getByRole('alert')).toHaveText(/This link has already been used to set a password/);
  await expect(main.getByLabel('New password')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reset-link-used.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});
