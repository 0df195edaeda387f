import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { totpCode } from '../../server/cms/staff/totp';
import { linkInMail, waitForMail } from '../support/mail';
import { inviteFromCommandLine } from '../support/staff';
import { expect, hydrated, test } from './fixtures';

/**
 * The company works a lead on the site, on a phone: the first owner joins by the command line's link
 * and sets up the authenticator app, invites a salesperson by mail; the salesperson signs in with a
 * code (wrong and replayed ones refused), finds a visitor's new inquiry, books the measuring visit and
 * replies; the visitor sees the visit and the reply in their account.
 */

const dataDir = process.env.E2E_DATA_DIR!;
const PASSWORD = 'a long staff password';
const PHONE = { width: 390, height: 844 };
const run = Date.now();
const owner = { email: `owner.${run}@sencila.test`, secret: '' };
const sales = { email: `sales.${run}@sencila.test`, secret: '' };
const visitor = { email: `stranka.${run}@example.com`, name: `Vesna Kos ${run}` };
/** Time steps already used by each member: every sign-in takes a code of a later one, as days apart would. */
const used = new Map<string, number>();

test.describe.configure({ mode: 'serial' });
// A member signing in twice in one half minute waits for the app's next code.
test.setTimeout(90_000);

/**
 * The code the app shows for the next time step this member has not used yet. The content API looks
 * one step ahead at most: a member who signed in twice within the same half minute waits for the
 * clock to reach the next (as a person would for the app's next code).
 */
async function nextCode(member: { email: string; secret: string }): Promise<string> {
  const step = Math.max(Math.floor(Date.now() / 30_000), (used.get(member.email) ?? 0) + 1);
  used.set(member.email, step);
  const reachable = (step - 1) * 30_000;
  await expect.poll(() => Date.now(), { message: 'the clock reaches the next code', timeout: 35_000, intervals: [250] }).toBeGreaterThan(reachable);
  return totpCode(member.secret, new Date(step * 30_000 + 1000));
}

/** What the pages of these tests wrote to the console: nothing, as on every page (fixtures.ts). */
const consoleErrors: string[] = [];
test.afterEach(() => expect(consoleErrors.splice(0), 'console errors').toEqual([]));

async function phonePage(browser: Browser, locale = 'sl-SI'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE, locale })).newPage();
  page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return page;
}

/** Joins by an invitation link: name, password, the app set up from the secret on the screen, the recovery codes seen. */
async function join(page: Page, link: string, member: { email: string; secret: string }, name: string): Promise<void> {
  await page.goto(new URL(link).pathname + new URL(link).search);
  await hydrated(page);
  await page.getByLabel('Ime').fill(name);
  await page.getByLabel('Geslo').fill(PASSWORD);
  await page.getByRole('button', { name: 'Naprej' }).click();
  await page.waitForURL('**/admin/login/enrol**');
  await expect(page.getByRole('img', { name: 'Koda QR za aplikacijo za overjanje' })).toBeVisible();
  member.secret = (await page.locator('.admin-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Koda iz aplikacije').fill(await nextCode(member));
  await page.getByRole('button', { name: 'Končaj nastavitev' }).click();
  await page.waitForURL('**/admin/login/recovery-codes**');
  await expect(page.locator('.admin-codes li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Shranil sem jih' }).click();
}

async function signIn(page: Page, member: { email: string; secret: string }, path = '/admin'): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel('E-pošta').fill(member.email);
  await page.getByLabel('Geslo').fill(PASSWORD);
  await page.getByRole('button', { name: 'Naprej' }).click();
  await page.waitForURL('**/admin/login/code**');
  await page.getByRole('textbox', { name: 'Koda' }).fill(await nextCode(member));
  await page.getByRole('button', { name: 'Prijava' }).click();
}

test('the first owner joins by the command line’s link and sets the authenticator app up', async ({ browser }) => {
  const page = await phonePage(browser);
  const link = await inviteFromCommandLine(dataDir, owner.email, 'owner', `http://localhost:${new URL(test.info().project.use.baseURL!).port}`);
  await join(page, link, owner, 'Olga Lastnik');
  await page.waitForURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Povpraševanja');
  await page.context().close();
});

test('an owner invites a salesperson, who joins by the mailed link', async ({ browser }) => {
  const page = await phonePage(browser);
  await signIn(page, owner, '/admin/team');
  await page.waitForURL('**/admin/team');
  await page.getByLabel('E-pošta').fill(sales.email);
  await page.getByLabel('Vloga').last().selectOption('sales');
  await page.getByRole('button', { name: 'Pošlji povabilo' }).click();
  await expect(page.getByRole('status')).toHaveText('Povabilo je poslano.');
  const link = (await linkInMail(dataDir, sales.email, '/admin/invitation')).href;
  await page.context().close();

  const joining = await phonePage(browser);
  await join(joining, link, sales, 'Simon Prodaja');
  await joining.waitForURL((url) => url.pathname === '/admin');
  await joining.context().close();
});

test('a salesperson signs in with the app’s code; a wrong code and a replayed one are refused', async ({ browser }) => {
  const page = await phonePage(browser);
  await page.goto('/admin');
  await hydrated(page);
  await page.getByLabel('E-pošta').fill(sales.email);
  await page.getByLabel('Geslo').fill(PASSWORD);
  await page.getByRole('button', { name: 'Naprej' }).click();
  await page.waitForURL('**/admin/login/code**');
  // Each refusal waited for as its own answer: the first one's message is still on the page when the second is sent.
  const refused = async (code: string) => {
    await page.getByRole('textbox', { name: 'Koda' }).fill(code);
    const answered = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith('/admin/login/code'));
    await page.getByRole('button', { name: 'Prijava' }).click();
    await answered;
    await expect(page.getByText('Koda ni pravilna.', { exact: false })).toBeVisible();
    // A refused code is cleared for the next one.
    await expect(page.getByRole('textbox', { name: 'Koda' })).toHaveValue('');
  };
  await refused('000000');
  // The code the enrolment used is spent: the same six digits again are a replay.
  await refused(totpCode(sales.secret, new Date(used.get(sales.email)! * 30_000 + 1000)));
  await page.getByRole('textbox', { name: 'Koda' }).fill(await nextCode(sales));
  await page.getByRole('button', { name: 'Prijava' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  // Sales work leads, not the team: the screen is refused (read as a request, which a browser would log as an error).
  const team = await page.request.get('/admin/team');
  expect(team.status()).toBe(403);
  expect(await team.text()).toContain('Vaša vloga tega zaslona ne vključuje.');
  await expect(page.getByRole('navigation', { name: 'Meni zaledja' }).getByRole('link', { name: 'Ekipa' })).toHaveCount(0);
  await page.context().close();
});

test('a salesperson books the visit of a new inquiry and replies; the visitor sees both in their account', async ({ browser }) => {
  // The visitor: an account, and an inquiry sent while signed in (so the account lists it).
  const visitorPage = await phonePage(browser, 'en-GB');
  const main = visitorPage.getByRole('main');
  await visitorPage.goto('/en/register');
  await hydrated(visitorPage);
  await main.getByLabel('Full name').fill(visitor.name);
  await main.getByLabel('Email').fill(visitor.email);
  await main.getByLabel('Password').fill('sicheres-passwort-1');
  await visitorPage.getByRole('button', { name: 'Create account' }).click();
  const verify = await linkInMail(dataDir, visitor.email, '/en/verify-email');
  await visitorPage.goto(verify.pathname + verify.search);
  await hydrated(visitorPage);
  await visitorPage.getByRole('button', { name: 'Confirm email' }).click();
  await expect(main.getByRole('status')).toContainText('confirmed');
  await visitorPage.goto('/en/login');
  await hydrated(visitorPage);
  await main.getByLabel('Email').fill(visitor.email);
  await main.getByLabel('Password').fill('sicheres-passwort-1');
  await visitorPage.getByRole('button', { name: 'Log in' }).click();
  await visitorPage.waitForURL('**/en/user/profile');
  const origin = new URL(visitorPage.url()).origin;
  const sent = await visitorPage.request.post('/en/inquiry', {
    headers: { origin },
    form: {
      offerType: 'tende',
      system: 'kasetna',
      width: '400',
      length: '250',
      amount: '1',
      nameAndSurname: visitor.name,
      email: visitor.email,
      phone: '+386 41 222 333',
      streetAddress: 'Cankarjeva 3',
      postalCode: '1000',
      town: 'Ljubljana',
      message: 'A cassette awning for the terrace.',
      terms: 'on',
      intent: 'send',
      step: '3',
      shown: '',
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);

  // The salesperson finds it by the visitor's name, as heard on the phone.
  const page = await phonePage(browser);
  await signIn(page, sales, `/admin?q=${encodeURIComponent(visitor.name)}`);
  // Signed in first: a reload while the code's post is under way would cancel it, its code then spent.
  await page.waitForURL((url) => url.pathname === '/admin');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: visitor.name })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('link', { name: visitor.name }).click();
  await page.waitForURL('**/admin/leads/**');
  await hydrated(page);
  await expect(page.getByText('Vrsta tende', { exact: true })).toBeVisible();
  await page.getByLabel('Stanje').selectOption('visit_booked');
  await page.getByLabel('Ogled in meritve').fill('2026-12-03T09:30');
  await page.getByRole('button', { name: 'Shrani stanje' }).click();
  await expect(page.getByRole('status')).toHaveText('Stanje je shranjeno.');
  await page.getByLabel('Odgovor obiskovalcu').fill('We will come on Thursday at 9.30 to measure.');
  await page.getByRole('button', { name: 'Pošlji odgovor' }).click();
  await expect(page.getByRole('status')).toHaveText('Odgovor je poslan.');
  await expect(page.getByLabel('Odgovor obiskovalcu')).toHaveValue('');
  await expect(page.locator('.admin-history__reply')).toContainText('We will come on Thursday');
  await page.screenshot({ path: test.info().outputPath('lead.png'), fullPage: true });

  // The CSV of the filtered list.
  await page.goto(`/admin?q=${encodeURIComponent(visitor.name)}`);
  await hydrated(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Prenesi kot CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(`;Povpraševanje;Ogled dogovorjen;Tende;${visitor.name};${visitor.email};`);
  await page.context().close();

  // The visitor: mailed, and their account says it.
  expect(await waitForMail(dataDir, visitor.email, '09:30')).toContain('free measuring visit');
  await visitorPage.goto('/en/user/profile');
  await hydrated(visitorPage);
  await expect(main.getByText('Measuring visit booked')).toBeVisible();
  await expect(main.getByText('Measuring visit: 3 Dec 2026, 09:30')).toBeVisible();
  await expect(main.getByText('We will come on Thursday at 9.30 to measure.')).toBeVisible();
  await visitorPage.context().close();
});

test('the owner reads who did what in the audit log', async ({ browser }) => {
  const page = await phonePage(browser);
  await signIn(page, owner, '/admin/audit');
  await page.waitForURL('**/admin/audit');
  const log = page.locator('.admin-table');
  for (const action of ['Sprememba stanja', 'Odgovor', 'Izvoz povpraševanj', 'Ogled povpraševanja', 'Pridružitev'])
    await expect(log.getByText(action).first()).toBeVisible();
  await expect(log.getByText('Simon Prodaja').first()).toBeVisible();
  await page.context().close();
});
