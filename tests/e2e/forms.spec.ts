import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * The public forms with JavaScript: the inquiry's steps in the browser (checked with the shared
 * schema, values kept, fields by offer type), the multi-select by keyboard, posts through the router
 * (no full page load) and the answers of the server, the service request and both newsletter forms.
 */

/** A marker on window that a full page load would lose. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
}

async function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);
}

/**
 * The page is hydrated and its form is live: the id of the filling-in is set by the form's effect, so
 * once it has a value a click runs the form's own code, not the plain post.
 */
async function ready(page: Page, form = page.getByRole('main')): Promise<void> {
  await hydrated(page);
  await expect(form.locator('input[name="submissionId"]').first()).not.toHaveValue('');
}

function step(page: Page, current: number) {
  return expect(page.locator('.steps__count')).toHaveText(`Step ${current} of 4`);
}

test.describe('inquiry', () => {
  test('walks the steps in the browser: offer type from the path, fields by offer type, values kept, thank-you', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.postData() ?? '');
    });
    await page.goto('/en/inquiry/rolete');
    await ready(page);
    await mark(page);

    // A product's link opens the product's own fields; its offer type is chosen a step back.
    await step(page, 2);
    await expect(page.getByRole('heading', { name: 'Product details Roller shutters' })).toBeVisible();
    await expect(page.locator('.steps__item[aria-current="step"]')).toContainText('Details');
    await expect(page.locator('.steps__item--done')).toHaveText(['✓Product (completed)']);
    await page.getByRole('button', { name: 'Previous step' }).click();
    await step(page, 1);
    await expect(page.locator('.steps__item[aria-current="step"]')).toContainText('Product');
    await expect(page.getByRole('heading', { name: 'What would you like an offer for?' })).toBeFocused();
    await expect(page.getByRole('radio', { name: /Roller shutters/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Previous step' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 2: a roller shutter's fields; the unit is shown after the input and is part of its description.
    await step(page, 2);
    await expect(page.getByRole('heading', { name: 'Product details' })).toBeFocused();
    await expect(page.getByRole('group', { name: 'Installation' })).toBeVisible();
    await expect(page.getByLabel('With an integrated insect screen')).toBeVisible();
    await expect(page.getByLabel('Projection')).toHaveCount(0);
    const width = page.getByLabel('Width');
    await expect(width).toHaveAccessibleDescription(/^cm In whole centimetres, 20 to 1000\.$/);
    await expect(page.locator('#inquiry-width-unit')).toHaveText('cm');

    // Checked in the browser with the shared schema: nothing is posted for a wrong step.
    await page.getByRole('radio', { name: 'Concealed (flush-mounted)' }).check();
    await width.fill('5');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.locator('#inquiry-width-error')).toHaveText('Error: Enter the width in whole centimetres, from 20 to 1000.');
    await expect(width).toHaveAttribute('aria-invalid', 'true');
    await expect(width).toBeFocused();
    // Checked again as the visitor types: the error goes as soon as the value is right.
    await width.pressSequentially('0');
    await expect(page.locator('#inquiry-width-error')).toHaveCount(0);
    await page.getByLabel('Height').fill('140');
    await page.getByRole('button', { name: 'Next step' }).click();

    // Back keeps what was entered; another offer type brings other fields.
    await step(page, 3);
    await page.getByRole('button', { name: 'Previous step' }).click();
    await step(page, 2);
    await expect(page.getByLabel('Width')).toHaveValue('50');
    await expect(page.getByRole('radio', { name: 'Concealed (flush-mounted)' })).toBeChecked();
    await page.getByRole('button', { name: 'Previous step' }).click();
    await page.getByRole('radio', { name: /Awnings/ }).check();
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.getByRole('group', { name: 'Type of awning' })).toBeVisible();
    await expect(page.getByLabel('Projection')).toBeVisible();
    await expect(page.getByLabel('With an integrated insect screen')).toHaveCount(0);
    await expect(page.getByLabel('Width')).toHaveValue('50');
    await page.getByRole('radio', { name: 'Full cassette' }).check();
    await page.getByLabel('Projection').fill('250');
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 3: contact. A call back needs a phone.
    await step(page, 3);
    await page.getByLabel('Full name').fill('Ana Novak');
    await page.getByRole('main').getByLabel('Email').fill('ana.novak@example.com');
    await page.getByLabel('Please call me back').check();
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.locator('#inquiry-phone-error')).toContainText('Enter your phone number so that we can call you back.');
    await page.getByLabel('Phone').fill('+386 1 234 56 78');
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 4: the last step sends; the terms must be accepted.
    await step(page, 4);
    const send = page.getByRole('button', { name: 'Send inquiry' });
    await expect(page.getByRole('button', { name: 'Next step' })).toHaveCount(0);
    await page.getByLabel('Message').fill('Two awnings for the south terrace.');
    await send.click();
    await expect(page.locator('#inquiry-terms-error')).toContainText('please agree to the privacy policy');
    await expect(page.getByRole('checkbox', { name: /I agree to the privacy policy/ })).toBeFocused();
    expect(posts).toEqual([]);
    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await expect(page.getByRole('checkbox', { name: /I do not want to receive news and offers/ })).not.toBeChecked();
    await send.click();

    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeFocused();
    await expect(page.getByText('We have received it and will reply as soon as possible.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/inquiry\?sent=1$/);
    expect(await stillSamePage(page)).toBe(true);

    // One post, the same fields a plain form posts, with this filling-in's id.
    expect(posts).toHaveLength(1);
    const body = new URLSearchParams(posts[0]);
    expect(body.get('intent')).toBe('send');
    expect(body.get('offerType')).toBe('tende');
    expect(body.get('system')).toBe('kasetna');
    expect(body.get('length')).toBe('250');
    expect(body.get('terms')).toBe('on');
    expect(body.get('submissionId')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.has('withMosquitoNet')).toBe(false);

    // The next inquiry starts blank, at the first step.
    await page.getByRole('link', { name: 'Send another inquiry' }).click();
    await step(page, 1);
    await expect(page.getByRole('radio', { name: /Awnings/ })).not.toBeChecked();
  });

  test('errors the server finds are shown on the step that has them', async ({ page }) => {
    await page.goto('/de/anfrage/komarniki');
    await ready(page);
    await page.getByRole('radio', { name: 'Plissee' }).check();
    await page.getByRole('button', { name: 'Nächster Schritt' }).click();
    await page.getByLabel('Vor- und Nachname').fill('Eva Berger');
    await page.getByRole('main').getByLabel('E-Mail-Adresse').fill('eva.berger@example.com');
    await page.getByRole('button', { name: 'Nächster Schritt' }).click();
    await page
      .getByRole('main')
      .getByRole('checkbox', { name: /Datenschutzerklärung/ })
      .check();
    // What reaches the server differs from what the browser checked (as a stale or tampered page would).
    await page.route('**/_payload.json', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const body = new URLSearchParams(request.postData() ?? '');
      body.set('email', 'not-an-address');
      await route.continue({ postData: body.toString() });
    });
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.locator('.steps__count')).toHaveText('Schritt 3 von 4');
    await expect(page.locator('#inquiry-email-error')).toHaveText('Fehler: Geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(page.getByRole('main').getByLabel('E-Mail-Adresse')).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('Bitte prüfen Sie die markierten Felder');
    // The visitor's own value stays; correcting it clears the error as they type.
    await expect(page.getByRole('main').getByLabel('E-Mail-Adresse')).toHaveValue('eva.berger@example.com');
    await expect(page.getByLabel('Vor- und Nachname')).toHaveValue('Eva Berger');
  });

  test('the multi-select works by keyboard: arrows, Enter and Space tick, typed text adds, Escape closes', async ({ page }) => {
    await page.goto('/en/inquiry/notranja_sencila');
    await ready(page);
    await page.getByRole('radio', { name: 'Pleated' }).check();
    // The fields of the chosen type appear at once.
    const box = page.getByRole('combobox', { name: 'Fabric' });
    await expect(box).toHaveAccessibleDescription(/Choose one or more, or type your own\./);
    const list = page.getByRole('listbox', { name: 'Fabric' });
    await expect(list).toBeHidden();
    await expect(page.locator('#inquiry-fabrics-list')).toHaveAttribute('aria-multiselectable', 'true');

    await box.focus();
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    await expect(options).toHaveCount(6);
    // Reference behaviour: at most 300 px high, scrolling beyond.
    expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual(['300px', 'auto']);
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await expect(options.nth(0)).toContainText('Sheer');
    await expect(options.nth(0)).toContainText('Lets in light and keeps the view out.');

    await box.press('Enter');
    await expect(list.getByRole('option', { name: /^Sheer/ })).toHaveAttribute('aria-selected', 'true');
    // It stays open after a choice; Space ticks the next one.
    await expect(list).toBeVisible();
    await box.press('ArrowDown');
    await box.press(' ');
    await expect(list.getByRole('option', { name: /^Semi-sheer/ })).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveValue('');

    // A case-insensitive search narrows the list; Enter takes the first match.
    await box.pressSequentially('DIM');
    await expect(options).toHaveText([/^Dim-out/, 'Add “DIM”']);
    await box.press('Enter');
    await expect(list.getByRole('option', { name: /^Dim-out/ })).toHaveAttribute('aria-selected', 'true');

    // Typed text that is no option is added as the visitor's own entry.
    await box.pressSequentially('Linen look');
    await expect(list.getByRole('option', { name: 'Add “Linen look”' })).toBeVisible();
    await box.press('Enter');
    const chips = page.getByRole('list', { name: 'Selected' }).getByRole('listitem');
    await expect(chips).toHaveText(['Sheer×', 'Semi-sheer×', 'Dim-out×', 'Linen look×']);

    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();

    // Backspace in the empty input removes the last choice; a chip's button removes its own.
    await box.press('Backspace');
    await expect(chips).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove Semi-sheer' }).click();
    await expect(chips).toHaveText(['Sheer×', 'Dim-out×']);
    await expect(box).toBeFocused();

    // The choices travel with the form, and are there again after Back.
    await page.getByRole('button', { name: 'Next step' }).click();
    await step(page, 3);
    await page.getByRole('button', { name: 'Previous step' }).click();
    await expect(chips).toHaveText(['Sheer×', 'Dim-out×']);
  });
});

test.describe('inquiry: drive, colour and measuring visit', () => {
  test('a motor asks its control, a RAL colour its code; the dimensions step links to the measuring guide', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.postData() ?? '');
    });
    await page.goto('/en/inquiry/rolete');
    await ready(page);
    await step(page, 2);

    const guide = page.getByRole('link', { name: /guide to measuring windows/ });
    await expect(guide).toHaveAttribute('href', '/en/blog/advice/how-to-measure-windows-for-shading');
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(guide).toHaveAccessibleName('guide to measuring windows (opens in a new tab)');

    const drive = page.getByRole('group', { name: 'Drive' });
    const control = page.getByRole('group', { name: 'Motor control' });
    await expect(drive.getByRole('radio')).toHaveCount(3);
    await expect(control).toHaveCount(0);
    await drive.getByRole('radio', { name: 'Electric motor' }).check();
    await expect(control).toBeVisible();
    await control.getByRole('radio', { name: 'Smart home' }).check();
    // Another drive takes the question away; the motor brings it back with the answer kept.
    await drive.getByRole('radio', { name: 'Handle' }).check();
    await expect(control).toHaveCount(0);
    await drive.getByRole('radio', { name: 'Electric motor' }).check();
    await expect(control.getByRole('radio', { name: 'Smart home' })).toBeChecked();

    const colour = page.getByRole('group', { name: 'Colour' });
    await expect(colour.getByRole('radio', { name: 'Anthracite' })).toBeVisible();
    await expect(page.getByLabel('RAL code')).toHaveCount(0);
    await colour.getByRole('radio', { name: 'A RAL colour' }).check();
    await expect(page.getByLabel('RAL code')).toHaveAccessibleDescription('For example RAL 7016. If you do not know it, we will choose it together.');
    await page.getByLabel('RAL code').fill('RAL 7016');
    await page.getByLabel('Width').fill('120');
    await page.getByLabel('Height').fill('140');
    await page.getByRole('button', { name: 'Next step' }).click();

    await step(page, 3);
    await page.getByRole('group', { name: 'Preferred time for the free measuring visit' }).getByRole('radio', { name: 'Saturday' }).check();
    await page.getByLabel('Full name').fill('Ana Novak');
    await page.getByRole('main').getByLabel('Email').fill('ana.motor@example.com');
    await page.getByRole('button', { name: 'Next step' }).click();
    await step(page, 4);
    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeFocused();

    expect(posts).toHaveLength(1);
    const body = new URLSearchParams(posts[0]);
    expect(Object.fromEntries(['mechanism', 'motorControl', 'colour', 'ralCode', 'visitTime'].map((name) => [name, body.get(name)]))).toEqual({
      mechanism: 'motor',
      motorControl: 'smartHome',
      colour: 'ral',
      ralCode: 'RAL 7016',
      visitTime: 'saturday',
    });
  });
});

test.describe('service request', () => {
  test('errors next to the fields, then the thank-you, without a full page load', async ({ page }) => {
    await page.goto('/en/service');
    await ready(page);
    await mark(page);
    await page.getByRole('button', { name: 'Send service request' }).click();
    await expect(page.locator('#service-phone-error')).toHaveText('Error: This field is required.');
    await expect(page.locator('#service-content-error')).toHaveText('Error: This field is required.');
    await expect(page.locator('#service-terms-error')).toBeVisible();
    // The installation's address is required (decisions.md, Leads and contact).
    for (const field of ['streetAddress', 'postalCode', 'town'])
      await expect(page.locator(`#service-${field}-error`)).toHaveText('Error: This field is required.');
    await expect(page.getByLabel('Phone')).toBeFocused();

    await page.getByLabel('Phone').fill('041 555 111');
    await page.getByLabel('Installation address').fill('Gozdna pot 7');
    await expect(page.locator('#service-streetAddress-error')).toHaveCount(0);
    await page.getByLabel('Postcode').fill('2380');
    // A control character in a one-line field (pasted, say) is refused as the visitor types (issue 24, point 7).
    await page.getByLabel('Town').fill('Slovenj\u0007Gradec');
    await page.getByLabel('Town').blur();
    await expect(page.locator('#service-town-error')).toHaveText('Error: Use one line of ordinary characters here, without line breaks or control characters.');
    await page.getByLabel('Town').fill('Slovenj Gradec');
    await expect(page.locator('#service-town-error')).toHaveCount(0);
    await page.getByRole('group', { name: 'Preferred time for the visit' }).getByRole('radio', { name: 'Saturday' }).check();
    await page.getByLabel('Year of installation').fill('1970');
    await page.getByLabel('Year of installation').blur();
    await expect(page.locator('#service-installationYear-error')).toHaveText(`Error: Enter a year between 1990 and ${new Date().getFullYear()}.`);
    await page.getByLabel('Year of installation').fill('2015');
    await expect(page.locator('#service-installationYear-error')).toHaveCount(0);
    await page.getByLabel('What is the problem?').fill('The roller shutter in the kitchen stops halfway.');
    await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await page.getByRole('button', { name: 'Send service request' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeFocused();
    await expect(page).toHaveURL(/\/en\/service\?sent=1$/);
    expect(await stillSamePage(page)).toBe(true);
  });

  test('the terms link opens the privacy policy in a new tab', async ({ page }) => {
    await page.goto('/sl/servis');
    await ready(page);
    const link = page.getByRole('link', { name: 'politiko zasebnosti (odpre se v novem zavihku)' }).first();
    await expect(link).toHaveAttribute('href', '/sl/stran/politika-zasebnosti');
    await expect(link).toHaveAttribute('target', '_blank');
  });
});

test.describe('newsletter', () => {
  test('the section page: errors, then its own thank-you', async ({ page }) => {
    await page.goto('/sl/e-novice');
    await ready(page);
    // The page is the signup: the footer's form steps aside here.
    await expect(page.locator('.footer-newsletter')).toHaveCount(0);
    await page.getByLabel('E-naslov').fill('ana@');
    await page.getByRole('button', { name: 'Prijava na e-novice' }).click();
    await expect(page.locator('#newsletter-email-error')).toHaveText('Napaka: Vpišite veljaven e-naslov.');
    await expect(page.locator('#newsletter-consent-error')).toHaveText('Napaka: Za prijavo potrdite soglasje.');
    await page.getByLabel('E-naslov').fill('ana.e2e@example.com');
    await page.getByRole('checkbox', { name: /Želim prejemati e-novice/ }).check();
    await page.getByRole('button', { name: 'Prijava na e-novice' }).click();
    await expect(page.getByRole('heading', { name: 'Hvala! Preverite svoj e-poštni predal' })).toBeVisible();
  });

  test('the footer form is checked as the visitor types (nothing typed before its checks load is lost), then posts to the newsletter page', async ({
    page,
  }) => {
    // The checks load when the visitor turns to the form; held back here until the visitor has typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/FooterNewsletterLive-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/en/b2b');
    await ready(page, page.locator('.footer-newsletter'));
    await mark(page);
    const footer = page.locator('.footer-newsletter');
    const email = footer.getByLabel('Email');
    await email.focus();
    await email.pressSequentially('footer.');
    expect(await footer.locator('form[data-settled]').count()).toBe(0);
    release();
    await expect(footer.locator('form[data-settled]')).toHaveCount(1);
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('footer.');
    await email.pressSequentially('example');
    await page.keyboard.press('Tab');
    await expect(footer.locator('#footer-newsletter-email-error')).toHaveText('Error: Enter a valid email address.');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(`footer.${Date.now()}@example.com`);
    await expect(footer.locator('#footer-newsletter-email-error')).toHaveCount(0);
    // Without consent it is pointed out in the footer, and the page stays.
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.locator('#footer-newsletter-consent-error')).toHaveText('Error: Please give your consent to subscribe.');
    const consent = footer.getByRole('checkbox', { name: /I would like to receive the newsletter/ });
    await expect(consent).toBeFocused();
    await expect(page).toHaveURL(/\/en\/b2b$/);
    await consent.check();
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/en\/newsletter\?sent=1$/);
    await expect(page.getByRole('heading', { name: 'Thank you! Please check your inbox' })).toBeFocused();
    expect(await stillSamePage(page)).toBe(true);
  });
});
