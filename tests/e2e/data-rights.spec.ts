import { readFileSync } from 'node:fs';
import { expect, hydrated, registerInEnglish, test } from './fixtures';

const password = 'sicheres-passwort-1';

test('a signed-in visitor downloads their data and deletes their account from the profile', async ({ page }) => {
  const email = `e2e.rights.${Date.now()}@example.com`;
  const main = page.getByRole('main');
  const link = await registerInEnglish(page, { name: 'Eva Berger', email, password });
  await page.goto(link.pathname + link.search);
  await hydrated(page);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(main.getByRole('status')).toContainText('confirmed');

  await page.goto('/en/login');
  await hydrated(page);
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/en/user/profile');

  const download = page.waitForEvent('download');
  await main.getByRole('link', { name: 'Download my data (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.account).toMatchObject({ email, name: 'Eva Berger', locale: 'en' });
  expect(data.account.verifiedAt).toEqual(expect.any(String));

  await main.getByRole('link', { name: 'Delete my account' }).click();
  await page.waitForURL('**/en/user/delete');
  await expect(main).toContainText('24 months after your last contact');
  await main.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await page.waitForURL('**/en/user/delete?deleted=1');
  await expect(main.getByRole('status')).toHaveText('Your account has been deleted and you have been signed out.');

  await page.goto('/en/user/profile');
  await page.waitForURL('**/en/login');
});
