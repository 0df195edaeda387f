import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_DATA_ID, payloadPath, type DocumentData } from '../../shared/document';
import type { LayoutData, PublicFormResult } from '../../shared/page-data';
import { formTokens, FORM_TOKEN_MAX_AGE_MS } from '../../server/site/spam/form-token';
import { MIN_FILL_MS } from '../../server/site/spam/judge';
import { personsToken, solvedGuard, TEST_FORM_TOKEN_SECRET } from '../support/form-guard';
import { until } from '../support/until';
import { startTestSite } from './helpers';
import { readCms } from '../support/cms-db';
import { plainBrowser } from '../support/plain-browser';

/**
 * Issue 26, point 6: the spam judgement over real HTTP, against the real content API. A post is spam
 * when its honeypot is filled, its time token is missing, forged or too young, or (posted by the
 * site's script) it has no solved proof of work. Spam is stored with status `spam` and never mailed;
 * a person at a person's pace, with or without JavaScript, is never judged spam.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => site?.stop());

const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
/** The company's address in the seeded settings: where notifications go. */
const COMPANY = 'info@sencila-zorko.si';
const ADDRESS = { streetAddress: 'Gozdna pot 7', postalCode: '2380', town: 'Slovenj Gradec' };
const service = (email: string) => ({ phone: '+386 40 111 222', email, ...ADDRESS, content: 'Roleta se ne spušča do konca.', terms: 'on' });
const inquiry = (email: string) => ({ intent: 'send', step: '3', offerType: 'komarniki', system: 'rolo', nameAndSurname: 'Maja Kranjc', email, terms: 'on' });

/** A plain post from the site's page (no JavaScript). */
const plainPost = (pagePath: string, fields: Record<string, string>) =>
  request(site.server).post(pagePath).set('Sec-Fetch-Site', 'same-origin').type('form').send(new URLSearchParams(fields).toString());
/** A post the site's script makes: to the page's payload. */
const scriptPost = (pagePath: string, fields: Record<string, string>) =>
  request(site.server).post(payloadPath(pagePath)).set('Sec-Fetch-Site', 'same-origin').type('form').send(new URLSearchParams(fields).toString());

/** The content API's own database: what reached the company. */
const cms = <T>(read: (db: Database.Database) => T): T => readCms(site.dataDir, read);

const submissionOf = (email: string) =>
  cms((db) => db.prepare('SELECT id, status, created_at FROM submissions WHERE email = ?').get(email)) as
    { id: string; status: string; created_at: string } | undefined;
const mailsTo = (email: string) =>
  cms((db) => db.prepare('SELECT template FROM outgoing_mail WHERE recipient = ? ORDER BY id').all(email)) as { template: string }[];

/**
 * Waits until the outbox delivered the submission, and returns its status and the mails it queued:
 * they are queued in the transaction that stores it, under the same time (a sent mail's text is erased).
 */
async function delivered(email: string) {
  await until(`the submission of ${email} is stored`, () => submissionOf(email) !== undefined);
  const { status, created_at } = submissionOf(email)!;
  const mails = cms((db) =>
    db.prepare('SELECT template FROM outgoing_mail WHERE created_at = ? AND recipient IN (?, ?) ORDER BY id').all(created_at, email, COMPANY),
  ) as { template: string }[];
  return { status, mails: mails.map((m) => m.template) };
}

function layoutOf(html: string): LayoutData {
  const match = new RegExp(`<script type="application/json" id="${DOCUMENT_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  return (JSON.parse(match![1]!) as DocumentData).hydration.loaderData['layout'] as LayoutData;
}

/** The time token in a page's form, as a browser without JavaScript posts it. */
async function tokenOfPage(pagePath: string): Promise<string> {
  const page = await request(site.server).get(pagePath);
  const token = /<input type="hidden" name="formToken" value="([^"]+)"/.exec(page.text)?.[1];
  expect(token).toBe(layoutOf(page.text).formToken);
  return token!;
}

/** Waits, as the person fills the form in from the moment it arrived, until it has been open as long as a person takes at least. */
async function fillingIn(kind: keyof typeof MIN_FILL_MS, openedAt: number) {
  await until('a person has filled the form in', () => Date.now() - openedAt > MIN_FILL_MS[kind] + 200, MIN_FILL_MS[kind] + 5000);
}

describe('a person is never judged spam', () => {
  it('without JavaScript: the page’s token, the form filled at a person’s pace, mailed and confirmed', async () => {
    const email = unique('person-plain');
    const token = await tokenOfPage('/sl/servis');
    const openedAt = Date.now();
    await fillingIn('service', openedAt);
    const res = await plainPost('/sl/servis', { ...service(email), website: '', formToken: token });
    expect(res.status).toBe(303);
    expect(await delivered(email)).toEqual({ status: 'new', mails: expect.arrayContaining(['service_notification', 'service_confirmation']) });
  });

  it('with JavaScript: the guard’s token and a solved proof of work', async () => {
    const email = unique('person-script');
    const { token, proof } = await solvedGuard(site.url);
    const openedAt = Date.now();
    await fillingIn('inquiry', openedAt);
    const res = await scriptPost('/en/inquiry', { ...inquiry(email), website: '', formToken: token, proof });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ redirect: '/en/inquiry?sent=1' });
    expect(await delivered(email)).toEqual({ status: 'new', mails: expect.arrayContaining(['inquiry_notification', 'inquiry_confirmation']) });
  });

  it('a form left open for more than a day: asked to send again with every value kept, then sent', async () => {
    const email = unique('person-slow');
    const old = formTokens(TEST_FORM_TOKEN_SECRET).issue(FORM_TOKEN_MAX_AGE_MS + 60_000);
    const first = await plainPost('/de/service', { ...service(email), website: '', formToken: old });
    expect(first.status).toBe(400);
    const data = JSON.parse(/<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/.exec(first.text)![1]!) as DocumentData;
    const result = data.hydration.actionData!['service___de'] as PublicFormResult;
    expect(result.errors).toEqual({ form: 'form.errors.expired' });
    expect(result.values).toMatchObject({ email, content: service(email).content });
    const again = await plainPost('/de/service', { ...service(email), website: '', formToken: result.formToken! });
    expect(again.status).toBe(303);
    expect((await delivered(email)).status).toBe('new');
  });
});

describe('spam is stored with its mark, never mailed or confirmed', () => {
  it.each([
    ['the honeypot filled', { website: 'http://spam.example', formToken: personsToken() }],
    ['no token', { website: '' }],
    ['a forged token', { website: '', formToken: `${Date.now().toString(36)}.forged` }],
  ])('%s', async (_, control) => {
    const email = unique('bot');
    const res = await plainPost('/sl/servis', { ...service(email), ...control });
    // Answered as any success: a script learns nothing.
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sl/servis?sent=1');
    expect(await delivered(email)).toEqual({ status: 'spam', mails: [] });
  });

  it('sent faster than a person fills the form', async () => {
    const email = unique('fast');
    const token = await tokenOfPage('/en/inquiry');
    const res = await plainPost('/en/inquiry', { ...inquiry(email), website: '', formToken: token });
    expect(res.status).toBe(303);
    expect(await delivered(email)).toEqual({ status: 'spam', mails: [] });
  });

  it('posted by the site’s script without a solved proof of work, or with a forged one', async () => {
    const missing = unique('no-proof');
    expect((await scriptPost('/sl/povprasevanje', { ...inquiry(missing), website: '', formToken: personsToken() })).status).toBe(200);
    expect(await delivered(missing)).toEqual({ status: 'spam', mails: [] });
    const forged = unique('forged-proof');
    const proof = btoa(JSON.stringify({ algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: 1, salt: 'x&', signature: 'b'.repeat(64) }));
    expect((await scriptPost('/sl/povprasevanje', { ...inquiry(forged), website: '', formToken: personsToken(), proof })).status).toBe(200);
    expect(await delivered(forged)).toEqual({ status: 'spam', mails: [] });
  });

  it('a newsletter signup judged spam is kept unconfirmed, with no mail to the address', async () => {
    const email = unique('nl-bot');
    expect((await plainPost('/en/newsletter', { email, consent: 'on', website: 'x', formToken: personsToken() })).status).toBe(303);
    await until('the signup is stored', () => cms((db) => db.prepare('SELECT 1 FROM newsletter_subscriptions WHERE email = ?').get(email)) !== undefined);
    expect(cms((db) => db.prepare('SELECT confirmed_at FROM newsletter_subscriptions WHERE email = ?').get(email))).toEqual({ confirmed_at: null });
    expect(mailsTo(email)).toEqual([]);
  });
});

describe('GET /api/forms/guard', () => {
  it('answers a fresh token and a challenge, never cached', async () => {
    const res = await request(site.server).get('/api/forms/guard');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ token: expect.stringMatching(/^[0-9a-z]+\.[A-Za-z0-9_-]+$/), challenge: { algorithm: 'SHA-256', maxnumber: 10_000 } });
  });
});

describe('a person going Back and Forward through the inquiry’s steps is never judged spam', () => {
  it('without JavaScript: the first step’s token is kept through every step’s page and the draft', async () => {
    const email = unique('person-steps');
    const browser = plainBrowser(site.server);
    const first = await browser.get('/sl/povprasevanje');
    const token = tokenIn(first.text);
    const openedAt = Date.now();
    const details = await browser.step('/sl/povprasevanje', { website: '', formToken: token, intent: 'next', offerType: 'komarniki' });
    expect(tokenIn(details.page.text)).toBe(token);
    const contact = await browser.step(details.location, {
      website: '',
      formToken: tokenIn(details.page.text),
      intent: 'next',
      shown: 'system',
      system: 'rolo',
    });
    // Back to the product step with the form's button, then the browser's Back and Forward (each a page of its own).
    const back = await browser.step(contact.location, {
      website: '',
      formToken: tokenIn(contact.page.text),
      intent: 'back',
      nameAndSurname: 'Maja Kranjc',
      email,
    });
    expect(tokenIn(back.page.text)).toBe(token);
    expect(tokenIn((await browser.get('/sl/povprasevanje')).text)).toBe(token);
    const forward = await browser.get(contact.location);
    expect(tokenIn(forward.text)).toBe(token);
    const message = await browser.step(contact.location, {
      website: '',
      formToken: tokenIn(forward.text),
      intent: 'next',
      nameAndSurname: 'Maja Kranjc',
      email,
    });
    await fillingIn('inquiry', openedAt);
    const sent = await browser.post(message.location, { website: '', formToken: tokenIn(message.page.text), intent: 'send', terms: 'on' });
    expect(sent.status).toBe(303);
    expect(await delivered(email)).toEqual({ status: 'new', mails: expect.arrayContaining(['inquiry_notification', 'inquiry_confirmation']) });
  });

  it('with JavaScript: the send from the last step’s address, with the guard’s token and proof (the steps make no request: tests/e2e/inquiry-steps.spec.ts)', async () => {
    const email = unique('person-steps-script');
    const { token, proof } = await solvedGuard(site.url);
    const openedAt = Date.now();
    await fillingIn('inquiry', openedAt);
    const res = await scriptPost('/en/inquiry/message', { ...inquiry(email), website: '', formToken: token, proof });
    expect(JSON.parse(res.text)).toMatchObject({ redirect: '/en/inquiry?sent=1' });
    expect((await delivered(email)).status).toBe('new');
  });
});

/** The time token a page's form posts. */
const tokenIn = (html: string) => /<input type="hidden" name="formToken" value="([^"]+)"/.exec(html)![1]!;
