import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Every public form without JavaScript: plain posts, errors next to the fields with the entered
 * values kept (400), the inquiry's steps walked through the server (each step's post a 303 to the next
 * step's address: tests/e2e/inquiry-steps.spec.ts), and the thank-you after the 303.
 */
test.use({ javaScriptEnabled: false });

/** Clicks a submit button and returns the answer to the form's post (a 303 is its own answer). */
async function post(page: Page, button: string): Promise<Response> {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: button, exact: true }).click();
  const response = await answer;
  await page.waitForLoadState();
  return response;
}

const main = (page: Page) => page.getByRole('main');

test('the inquiry walks its steps through the server, keeping every value', async ({ page }) => {
  // A product's link opens at the product's fields; the offer type, chosen, is a step back.
  await page.goto('/en/inquiry/pergola');
  await expect(page.locator('.steps__count')).toHaveText('Step 2 of 4');
  expect((await post(page, 'Previous step')).status()).toBe(303);
  await expect(page.locator('.steps__count')).toHaveText('Step 1 of 4');
  await expect(page.getByRole('radio', { name: /Pergolas/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Previous step' })).toHaveCount(0);

  // Step 2: a pergola's fields; a wrong width is answered 400 next to the field, values kept.
  expect((await post(page, 'Next step')).status()).toBe(303);
  await expect(page.locator('.steps__count')).toHaveText('Step 2 of 4');
  await expect(page.locator('.steps__item[aria-current="step"]')).toContainText('Details');
  await expect(page.getByRole('group', { name: 'Mounting' })).toBeVisible();
  await page.getByRole('radio', { name: 'Freestanding' }).check();
  await page.getByLabel('Width').fill('5');
  await page.getByLabel('Projection').fill('300');
  expect((await post(page, 'Next step')).status()).toBe(400);
  await expect(page.locator('.steps__count')).toHaveText('Step 2 of 4');
  await expect(page.locator('#inquiry-width-error')).toHaveText('Error: Enter the width in whole centimetres, from 20 to 1000.');
  await expect(page.getByLabel('Width')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Width')).toHaveValue('5');
  await expect(page.getByLabel('Projection')).toHaveValue('300');
  await expect(page.getByRole('radio', { name: 'Freestanding' })).toBeChecked();
  await expect(page.getByRole('alert')).toContainText('Width: Enter the width');
  await page.getByLabel('Width').fill('450');
  expect((await post(page, 'Next step')).status()).toBe(303);

  // Step 3, then back: step 2 still has its values.
  await expect(page.locator('.steps__count')).toHaveText('Step 3 of 4');
  await page.getByLabel('Full name').fill('Janez Kranjc');
  expect((await post(page, 'Previous step')).status()).toBe(303);
  await expect(page.locator('.steps__count')).toHaveText('Step 2 of 4');
  await expect(page.getByLabel('Width')).toHaveValue('450');
  await expect(page.getByRole('radio', { name: 'Freestanding' })).toBeChecked();
  expect((await post(page, 'Next step')).status()).toBe(303);
  await expect(page.getByLabel('Full name')).toHaveValue('Janez Kranjc');
  await main(page).getByLabel('Email').fill('janez.kranjc@example.com');
  expect((await post(page, 'Next step')).status()).toBe(303);

  // Step 4: Send inquiry; the terms are required.
  await expect(page.locator('.steps__count')).toHaveText('Step 4 of 4');
  await page.getByLabel('Message').fill('A pergola for the garden, about 4.5 by 3 metres.');
  expect((await post(page, 'Send inquiry')).status()).toBe(400);
  await expect(page.locator('#inquiry-terms-error')).toContainText('please agree to the privacy policy');
  await expect(page.getByLabel('Message')).toHaveValue('A pergola for the garden, about 4.5 by 3 metres.');
  await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
  await page.getByRole('checkbox', { name: /I do not want to receive news and offers/ }).check();
  expect((await post(page, 'Send inquiry')).status()).toBe(303);
  await expect(page).toHaveURL(/\/en\/inquiry\?sent=1$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
  await expect(page.getByText('We have received it and will reply as soon as possible.')).toBeVisible();
});

test('the multi-select is a group of checkboxes and a field for an own entry', async ({ page }) => {
  await page.goto('/sl/povprasevanje/zunanji_screen');
  const fabric = page.getByRole('group', { name: 'Tkanina' });
  await expect(fabric.getByRole('checkbox')).toHaveCount(5);
  await fabric.getByRole('checkbox', { name: /Popolna zatemnitev/ }).check();
  await fabric.getByLabel('Drugo (vpišite sami)').fill('Lanena tkanina');
  expect((await post(page, 'Naslednji korak')).status()).toBe(303);
  expect((await post(page, 'Prejšnji korak')).status()).toBe(303);
  // Both came back: the own entry as a ticked checkbox of its own.
  await expect(fabric.getByRole('checkbox', { name: /Popolna zatemnitev/ })).toBeChecked();
  await expect(fabric.getByRole('checkbox', { name: 'Lanena tkanina' })).toBeChecked();
  await expect(fabric.getByRole('checkbox', { name: /^Prosojna/ })).not.toBeChecked();
});

test('an indoor shade shows the fields of its type once the type is chosen', async ({ page }) => {
  await page.goto('/de/anfrage/notranja_sencila');
  await expect(page.getByRole('group', { name: 'Stoff' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Innenjalousien' }).check();
  // The type brings fields the visitor has not seen: the step stays to show them.
  expect((await post(page, 'Nächster Schritt')).status()).toBe(303);
  await expect(page.locator('.steps__count')).toHaveText('Schritt 2 von 4');
  await expect(page.getByRole('group', { name: 'Ausführung' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Diplomat' })).toBeVisible();
  await page.getByRole('radio', { name: 'Diplomat' }).check();
  expect((await post(page, 'Nächster Schritt')).status()).toBe(303);
  await expect(page.locator('.steps__count')).toHaveText('Schritt 3 von 4');
});

test('a motor brings the question of its control, which the server shows before going on', async ({ page }) => {
  await page.goto('/sl/povprasevanje/tende');
  await expect(page.getByRole('link', { name: /vodič za merjenje oken/ })).toHaveAttribute('href', '/sl/blog/nasveti/kako-pravilno-izmeriti-okna-za-sencila');
  await expect(page.getByRole('group', { name: 'Upravljanje motorja' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Pogon' }).getByRole('radio', { name: 'Elektromotor' }).check();
  await page.getByLabel('Širina').fill('400');
  expect((await post(page, 'Naslednji korak')).status()).toBe(303);
  await expect(page.locator('.steps__count')).toHaveText('Korak 2 od 4');
  await expect(page.getByLabel('Širina')).toHaveValue('400');
  await page.getByRole('group', { name: 'Upravljanje motorja' }).getByRole('radio', { name: 'Daljinski upravljalnik' }).check();
  expect((await post(page, 'Naslednji korak')).status()).toBe(303);
  await expect(page.locator('.steps__count')).toHaveText('Korak 3 od 4');
  await page.getByRole('group', { name: 'Želeni termin brezplačne izmere' }).getByRole('radio', { name: 'Med tednom dopoldne' }).check();
  expect((await post(page, 'Prejšnji korak')).status()).toBe(303);
  await expect(page.getByRole('group', { name: 'Upravljanje motorja' }).getByRole('radio', { name: 'Daljinski upravljalnik' })).toBeChecked();
});

test('the service request: errors with the values kept, then its thank-you', async ({ page }) => {
  await page.goto('/en/service');
  await page.getByLabel('Year of installation').fill('1970');
  await page.getByLabel('Invoice number').fill('2019-0412');
  await page.getByLabel('Installation address').fill('Gozdna pot 7');
  expect((await post(page, 'Send service request')).status()).toBe(400);
  await expect(page.locator('#service-phone-error')).toHaveText('Error: This field is required.');
  await expect(page.locator('#service-content-error')).toHaveText('Error: This field is required.');
  await expect(page.locator('#service-installationYear-error')).toHaveText(`Error: Enter a year between 1990 and ${new Date().getFullYear()}.`);
  await expect(page.getByLabel('Invoice number')).toHaveValue('2019-0412');
  await expect(page.getByLabel('Year of installation')).toHaveValue('1970');
  await expect(page.locator('#service-town-error')).toHaveText('Error: This field is required.');
  await expect(page.getByLabel('Installation address')).toHaveValue('Gozdna pot 7');

  await page.getByLabel('Phone').fill('+386 41 555 111');
  await page.getByLabel('Postcode').fill('2380');
  await page.getByLabel('Town').fill('Slovenj Gradec');
  await page.getByLabel('Year of installation').fill('2012');
  await page.getByLabel('What is the problem?').fill('The awning does not retract completely.');
  await page.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
  expect((await post(page, 'Send service request')).status()).toBe(303);
  await expect(page).toHaveURL(/\/en\/service\?sent=1$/);
  await expect(page.getByRole('heading', { name: 'Thank you, we have received your service request!' })).toBeVisible();
});

test('the newsletter page: errors with the address kept, then its thank-you', async ({ page }) => {
  await page.goto('/de/newsletter');
  await main(page).getByLabel('E-Mail-Adresse').fill('eva.nojs@example.com');
  expect((await post(page, 'Abonnieren')).status()).toBe(400);
  await expect(page.locator('#newsletter-consent-error')).toHaveText('Fehler: Bitte bestätigen Sie Ihre Einwilligung, um sich anzumelden.');
  await expect(main(page).getByLabel('E-Mail-Adresse')).toHaveValue('eva.nojs@example.com');
  await page.getByRole('checkbox', { name: /Ich möchte den Newsletter erhalten/ }).check();
  expect((await post(page, 'Abonnieren')).status()).toBe(303);
  await expect(page.getByRole('heading', { name: 'Vielen Dank! Bitte sehen Sie in Ihr Postfach' })).toBeVisible();
});

test('the footer signup posts to the newsletter page from any page', async ({ page }) => {
  await page.goto('/sl/kategorije');
  const footer = page.locator('.footer-newsletter');
  await footer.getByLabel('E-naslov').fill('not-an-address');
  await footer.getByRole('checkbox').check();
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await footer.getByRole('button', { name: 'Prijava na e-novice' }).click();
  expect((await answer).status()).toBe(400);
  await expect(page).toHaveURL(/\/sl\/e-novice$/);
  await expect(page.locator('#newsletter-email-error')).toHaveText('Napaka: Vpišite veljaven e-naslov.');
  await expect(main(page).getByLabel('E-naslov')).toHaveValue('not-an-address');

  await page.goto('/sl/kategorije');
  await footer.getByLabel('E-naslov').fill('footer.nojs@example.com');
  await footer.getByRole('checkbox').check();
  const done = page.waitForResponse((r) => r.request().method() === 'POST');
  await footer.getByRole('button', { name: 'Prijava na e-novice' }).click();
  expect((await done).status()).toBe(303);
  await expect(page).toHaveURL(/\/sl\/e-novice\?sent=1$/);
  await expect(page.getByRole('heading', { name: 'Hvala! Preverite svoj e-poštni predal' })).toBeVisible();
});
