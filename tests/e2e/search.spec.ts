import type { Page, Request } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** The header search box's suggestions and the FAQ search, in the production build. */

const XSS = '<img src=x onerror=alert(1)>';

/** Notes every document request (a full page load) and puts a marker on the window that a reload would lose. */
async function watchLoads(page: Page): Promise<string[]> {
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  return documents;
}

async function failOnDialog(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('header search box', () => {
  test('suggests as you type; arrow down and Enter navigate in the app', async ({ page }) => {
    await page.goto('/en');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search the site' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    // The popup exists (hidden) before it opens, so aria-controls always names an element.
    await expect(box).toHaveAttribute('aria-controls', (await page.locator('header [role="listbox"]').getAttribute('id'))!);

    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') asked.push(new URL(request.url()).searchParams.get('q')!);
    });
    await box.pressSequentially('roller', { delay: 30 });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(listbox).toBeVisible();
    // The list may open on an earlier query's answer while the last keystrokes' check is still
    // debounced: wait for the whole word's answer.
    await expect.poll(() => asked.at(-1)).toBe('roller');
    await expect(listbox.getByRole('option', { name: 'All results for “roller”' })).toBeVisible();
    // Debounced: not one request per keystroke, and never for a single character.
    expect(asked.length).toBeLessThan(6);
    expect(asked.every((q) => q.length >= 2)).toBe(true);

    const products = listbox.getByRole('group', { name: 'Products' });
    await expect(products).toBeVisible();
    const first = products.getByRole('option').first();
    const title = (await first.textContent())!;
    expect(title.toLowerCase()).toContain('roller');
    await expect(page.getByRole('status').filter({ hasText: /suggestions? available/ })).toHaveCount(1);

    const documents = await watchLoads(page);
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('End');
    await expect(listbox.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
    await box.press('Home');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');

    await expect(page.locator('h1')).toHaveText(title);
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/product\//);
    expect(documents).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click on a suggestion navigates; Escape closes the list', async ({ page }) => {
    await page.goto('/sl');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Iskanje po spletni strani' });
    await box.pressSequentially('sencila', { delay: 20 });
    const listbox = page.getByRole('listbox', { name: 'Predlogi' });
    await expect(listbox).toBeVisible();
    // Diacritics folded: the suggestions read "senčila".
    await expect(
      listbox
        .getByRole('option')
        .filter({ hasText: /senčil/i })
        .first(),
    ).toBeVisible();
    await box.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('sencila');
    await box.press('ArrowDown');
    await expect(listbox).toBeVisible();

    const documents = await watchLoads(page);
    const option = listbox.getByRole('option').first();
    const title = (await option.textContent())!;
    await option.click();
    await expect(page.locator('h1')).toHaveText(title);
    expect(documents).toEqual([]);
  });

  test('an answer that comes late for an older query is dropped', async ({ page }) => {
    // The first query's answer is held back until after the second query's has arrived.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search?*', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'awning') await held;
      await route.continue().catch(() => {}); // the browser may have aborted it meanwhile
    });
    // The browser is done with the older request: answered, or aborted when the newer query began.
    const olderEnded = new Promise<void>((resolve) => {
      const ended = (r: Request) => void (r.url().includes('q=awning') && resolve());
      page.on('requestfinished', ended);
      page.on('requestfailed', ended);
    });
    await page.goto('/en');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search the site' });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const first = page.waitForRequest((r) => r.url().includes('q=awning'));
    await box.fill('awning');
    await first;
    await box.fill('roller');
    await expect(listbox.getByRole('option', { name: 'All results for “roller”' })).toBeVisible();
    release();
    await olderEnded;
    await expect(listbox.getByRole('option', { name: 'All results for “roller”' })).toBeVisible();
    await expect(listbox.getByRole('option', { name: 'All results for “awning”' })).toHaveCount(0);
  });

  test('Enter without a chosen suggestion opens the search page', async ({ page }) => {
    await page.goto('/de');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Website durchsuchen' });
    await box.fill('Markise');
    await box.press('Enter');
    await page.waitForURL('**/de/suche?q=Markise');
    await expect(page.locator('#search-page-q')).toHaveValue('Markise');
  });

  test('typed markup is shown as text and runs nothing', async ({ page }) => {
    const dialogs = await failOnDialog(page);
    await page.goto('/en');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search the site' });
    await box.fill(XSS);
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const all = listbox.getByRole('option', { name: `All results for “${XSS}”` });
    await expect(all).toBeVisible();
    await expect(all).toHaveText(`All results for “${XSS}”`);
    await expect(page.locator('header img')).toHaveCount(0);
    await box.press('Enter');
    await page.waitForURL('**/en/search?q=*');
    await expect(page.locator('#search-page-q')).toHaveValue(XSS);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('without JavaScript it is a form to the search page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en');
    const box = page.locator('header input[name="q"]');
    // No combobox promised where no script runs.
    await expect(box).not.toHaveAttribute('role', 'combobox');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await box.fill('awning');
    await box.press('Enter');
    await page.waitForURL('**/en/search?q=awning');
    await expect(page.locator('#search-page-q')).toHaveValue('awning');
    await context.close();
  });
});

test.describe('a search that finds nothing, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the search page says so, suggests the closest spelling, and offers the inquiry, the phone and the FAQ', async ({ page, consoleErrors }) => {
    await page.goto('/sl/iskanje?q=tnda');
    await hydrated(page);
    await expect(page.getByRole('status').filter({ hasText: 'Za »tnda« ni zadetkov.' })).toBeVisible();
    const offers = page.locator('.no-results');
    await expect(offers.getByRole('link', { name: 'Pošljite povpraševanje – odgovorimo v enem delovnem dnevu' })).toHaveAttribute('href', '/sl/povprasevanje');
    await expect(offers.locator('a[href^="tel:"]')).toBeVisible();
    await expect(offers.getByRole('link', { name: 'Preglejte pogosta vprašanja' })).toHaveAttribute('href', '/sl/pogosta-vprasanja');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('no-results-390.png'), fullPage: true });

    await offers.getByRole('link', { name: 'tenda' }).click();
    await page.waitForURL('**/sl/iskanje?q=tenda');
    await expect(page.getByRole('heading', { name: 'Izdelki' })).toBeVisible();
    await expect(page.locator('.no-results')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the header box offers the closest spelling; FAQ answers are a group of their own', async ({ page }) => {
    await page.goto('/en');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search the site' });
    await page.locator('.search-toggle').tap();
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    // Two letters wrong: more than the search forgives in a word of six, so it suggests.
    await box.fill('awnngi');
    await expect(listbox.getByRole('option', { name: 'Did you mean “awning”?' })).toBeVisible();
    await box.fill('warranty');
    await expect(listbox.getByRole('group', { name: 'Frequently asked questions' }).getByRole('option', { name: 'How long is the warranty?' })).toBeVisible();
  });

  test('the FAQ filter suggests the closest spelling and offers the inquiry and the phone', async ({ page }) => {
    await page.goto('/de/seite/haeufig-gestellte-fragen-infos-antworten');
    await hydrated(page);
    const field = page.getByRole('searchbox', { name: 'Fragen durchsuchen' });
    await field.fill('Mtor');
    await expect(page.locator('.faq-list li')).toHaveCount(0);
    await expect(page.locator('#faq-search-status')).toHaveText('Keine Frage passt zu „Mtor“.');
    const offers = page.locator('.no-results');
    await expect(offers.locator('a[href^="tel:"]')).toBeVisible();
    await expect(offers.getByRole('link', { name: /^Senden Sie uns eine Anfrage/ })).toHaveAttribute('href', '/de/anfrage');
    await offers.getByRole('link', { name: 'motor' }).click();
    await page.waitForURL('**?q=motor');
    await expect(field).toHaveValue('motor');
    await expect(page.locator('.faq-list li').first()).toBeVisible();
    await expect(page.locator('.no-results')).toHaveCount(0);
  });
});

test.describe('FAQ search', () => {
  const FAQ_SL = '/sl/pogosta-vprasanja';

  test('filters questions as you type, ignoring case and diacritics', async ({ page }) => {
    await page.goto(FAQ_SL);
    await hydrated(page);
    const questions = page.locator('.faq-list li');
    const total = await questions.count();
    expect(total).toBeGreaterThan(10);

    const field = page.getByRole('searchbox', { name: 'Iskanje med vprašanji' });
    await field.pressSequentially('ZALUZIJ', { delay: 20 });
    await expect(questions).toHaveCount(4);
    for (const text of await questions.allTextContents()) expect(text.toLowerCase()).toContain('žaluzij');
    await expect(page.locator('#faq-search-status')).toHaveText('Najdena so 4 vprašanja za »ZALUZIJ«.');

    await field.fill('cesa garancija');
    await expect(questions).toHaveCount(1);
    await expect(questions).toHaveText('Česa garancija ne krije?');

    // Another form of the word, by the site search's engine in the content API.
    await field.fill('garancijo');
    await expect(questions).toHaveCount(3);

    // What a customer calls it: the answers are searched too.
    await field.fill('zamrznjena roleta');
    await expect(questions).toHaveCount(1);
    await expect(questions).toHaveText('Kaj naredim, če roleta pozimi zamrzne?');

    await field.fill('xyzzy');
    await expect(questions).toHaveCount(0);
    await expect(page.locator('#faq-search-status')).toContainText('Nobeno vprašanje se ne ujema z »xyzzy«');

    await field.fill('');
    await expect(questions).toHaveCount(total);
    await expect(page.locator('#faq-search-status')).toHaveText('');
  });

  test('a submitted filter goes into the address without a reload', async ({ page }) => {
    await page.goto('/en/page/frequently-asked-questions-info-answers');
    await hydrated(page);
    const documents = await watchLoads(page);
    const field = page.getByRole('searchbox', { name: 'Search the questions' });
    await field.fill('warranty');
    await field.press('Enter');
    await page.waitForURL('**?q=warranty');
    await expect(page.locator('.faq-list li')).toHaveCount(3);
    await expect(page.locator('#faq-search-status')).toHaveText('3 questions match “warranty”.');
    expect(documents).toEqual([]);
  });

  test('typed markup is shown as text', async ({ page }) => {
    const dialogs = await failOnDialog(page);
    await page.goto('/de/seite/haeufig-gestellte-fragen-infos-antworten');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Fragen durchsuchen' }).fill(XSS);
    await expect(page.locator('#faq-search-status')).toContainText(`Keine Frage passt zu „${XSS}“`);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('the server renders the filtered page from ?q= and it hydrates as it is', async ({ page }) => {
    await page.goto(`${FAQ_SL}?q=garancij`);
    await hydrated(page);
    await expect(page.locator('.faq-list li')).toHaveCount(3);
    await expect(page.getByRole('searchbox', { name: 'Iskanje med vprašanji' })).toHaveValue('garancij');
    await expect(page.locator('#faq-search-status')).toHaveText('Najdena so 3 vprašanja za »garancij«.');
  });

  test('without JavaScript the form filters through the address', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(FAQ_SL);
    const questions = page.locator('.faq-list li');
    expect(await questions.count()).toBeGreaterThan(10);
    const field = page.getByRole('searchbox', { name: 'Iskanje med vprašanji' });
    await field.fill('Montaz');
    await field.press('Enter');
    await page.waitForURL(`**${FAQ_SL}?q=Montaz`);
    await expect(field).toHaveValue('Montaz');
    await expect(questions).toHaveCount(4);
    for (const text of await questions.allTextContents()) expect(text).toContain('montaž');
    await expect(page.locator('#faq-search-status')).toHaveText('Najdena so 4 vprašanja za »Montaz«.');

    await page.goto(`${FAQ_SL}?q=xyzzy`);
    await expect(questions).toHaveCount(0);
    await page.getByRole('link', { name: 'Prikaži vsa vprašanja' }).click();
    await page.waitForURL(`**${FAQ_SL}`);
    expect(await questions.count()).toBeGreaterThan(10);
    await context.close();
  });
});
