import { test as base, expect, type Page } from '@playwright/test';
import { totpCode } from '../../server/cms/staff/totp';
import { linkInMail } from '../support/mail';

/** Every page is watched: a console error or an uncaught exception fails the test. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/** Resolves once React has hydrated the page (the layout marks `<html>` when its hydration is done). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Registers a visitor on the English form and resolves with the verification link, once its mail has
 * come: the account is made after the form's answer (its password hashed in the background), and
 * exists from then on.
 */
export async function registerInEnglish(page: Page, account: { name: string; email: string; password: string }): Promise<URL> {
  const main = page.getByRole('main');
  await page.goto('/en/register');
  await hydrated(page);
  await main.getByLabel('Full name').fill(account.name);
  await main.getByLabel('Email').fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(main.getByRole('status')).toContainText('Thank you!');
  return linkInMail(process.env.E2E_DATA_DIR!, account.email, '/en/verify-email');
}

/**
 * Joins the staff area through its screens in Slovenian, as a new member does on a phone: the
 * invitation's link (opened on `siteUrl`), a name and password, the app's code, the recovery codes.
 */
export async function joinStaffArea(page: Page, siteUrl: string, invitation: string, name: string, password: string): Promise<void> {
  const link = new URL(invitation);
  await page.goto(new URL(link.pathname + link.search, siteUrl).href);
  await hydrated(page);
  await page.getByLabel('Ime').fill(name);
  await page.getByLabel('Geslo').fill(password);
  await page.getByRole('button', { name: 'Naprej' }).click();
  await page.waitForURL('**/admin/login/enrol**');
  const secret = (await page.locator('.admin-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Koda iz aplikacije').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Končaj nastavitev' }).click();
  await page.waitForURL('**/admin/login/recovery-codes**');
  await page.getByRole('button', { name: 'Shranil sem jih' }).click();
}
