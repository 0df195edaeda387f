import { linkInMail } from '../support/mail';
import { expect, hydrated, test } from './fixtures';

/**
 * The newsletter's double opt-in and unsubscribe in the browser: the footer's signup mails a link,
 * the page it opens subscribes with its button, the welcome's unsubscribe link unsubscribes with its
 * button; and a mail program's one-click POST, with nothing of the browser. Mails are read from the
 * site's data folder.
 */

const dataDir = process.env.E2E_DATA_DIR!;
const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The site's link in the newest mail to an address, as a path the test's site serves. */
async function linkIn(email: string, path: string): Promise<string> {
  const url = await linkInMail(dataDir, email, path);
  return url.pathname + url.search;
}

test('confirm from the footer’s signup and unsubscribe from the welcome, with JavaScript', async ({ page, consoleErrors }) => {
  const email = unique('e2e.newsletter');
  await page.goto('/en');
  await hydrated(page);
  const footer = page.locator('.footer-newsletter');
  await footer.getByLabel('Email').fill(email);
  await footer.getByRole('checkbox').check();
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL('**/en/newsletter?sent=1');
  await expect(page.getByRole('heading', { name: 'Thank you! Please check your inbox' })).toBeVisible();

  await page.goto(await linkIn(email, '/en/newsletter/confirm'));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Confirm your newsletter subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your subscription is confirmed');

  await page.goto(await linkIn(email, '/en/newsletter/unsubscribe'));
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('button')).toHaveCount(1);
  await main.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(main.getByRole('status')).toContainText('You have unsubscribed');
  await expect(main).not.toContainText(email);
  expect(consoleErrors).toEqual([]);
});

test('a footer signup sent before its checks have loaded is a plain post, and its confirmation is mailed', async ({ page }) => {
  const email = unique('e2e.quick');
  // The checks (and the spam guard's proof of work) never load: a visitor who sends at once, on a slow phone.
  await page.route('**/assets/FooterNewsletterLive-*.js', (route) => route.abort());
  await page.goto('/en');
  await hydrated(page);
  const footer = page.locator('.footer-newsletter');
  await footer.getByLabel('Email').fill(email);
  await footer.getByRole('checkbox').check();
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL('**/en/newsletter?sent=1');
  // Judged a person's, not spam: the link comes.
  expect(await linkIn(email, '/en/newsletter/confirm')).toMatch(/^\/en\/newsletter\/confirm\?token=/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign up on the newsletter page, confirm with the button, and unsubscribe with one click from the mail program', async ({ page }) => {
    const email = unique('e2e.nojs');
    await page.goto('/sl/e-novice');
    const main = page.getByRole('main');
    await main.getByLabel('E-naslov').fill(email);
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: 'Prijava na e-novice' }).click();
    await page.waitForURL('**/sl/e-novice?sent=1');

    await page.goto(await linkIn(email, '/sl/e-novice/potrditev'));
    await page.getByRole('button', { name: 'Potrdi prijavo' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('Prijava je potrjena');

    // RFC 8058: the mail program posts from its own servers, with no cookie and no page before it.
    const unsubscribe = await linkIn(email, '/sl/e-novice/odjava');
    const oneClick = await page.request.post(unsubscribe, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { cookie: '' } });
    expect(oneClick.status()).toBe(200);
    expect(oneClick.headers()['cache-control']).toBe('private, no-store');
    expect(await oneClick.text()).toContain('Odjavili ste se.');
  });
});
