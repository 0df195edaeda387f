import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_LIFETIME_MS } from '../../server/drafts/types';
import { stepFields } from '../../shared/forms/inquiry-form';
import { inquiryPath } from '../../shared/routes';
import { personsFields } from '../support/form-guard';
import { inquiryScreen, plainBrowser } from '../support/plain-browser';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { readCms } from '../support/cms-db';
import { until } from '../support/until';
import { startTestSite } from './helpers';

/**
 * Issue 26, point 2, without JavaScript: each of the inquiry's steps is answered with a 303 to the
 * next step's address, what was entered is kept in a draft under an HttpOnly cookie (SQLite alone,
 * PostgreSQL shared by replicas), erased on send and after 24 hours (docs/decisions/0050).
 */

const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const PRODUCT = { offerType: 'komarniki', system: 'rolo', width: '80', height: '120' };
const contact = (email: string) => ({ nameAndSurname: 'Maja Kranjc', email, phone: '', streetAddress: '', postalCode: '', town: 'Kranj' });
const at = (step: number) => inquiryPath('sl', { step });
const PRODUCT_FIELDS = stepFields(1, PRODUCT).join(',');

/** Walks the first three steps as a browser without JavaScript: the browser, and the message step's page. */
async function toMessageStep(site: { server: import('node:http').Server }, email: string) {
  const browser = plainBrowser(site.server);
  const details = await browser.step(at(0), { ...personsFields(), intent: 'next', offerType: PRODUCT.offerType });
  const contactStep = await browser.step(details.location, { intent: 'next', shown: PRODUCT_FIELDS, ...PRODUCT });
  const message = await browser.step(contactStep.location, { intent: 'next', ...contact(email) });
  return { browser, message };
}

describe('alone (SQLite)', () => {
  let site: Awaited<ReturnType<typeof startTestSite>>;
  beforeAll(async () => {
    site = await startTestSite({ FORM_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => site?.stop());
  const inquiriesOf = (email: string) =>
    readCms(site.dataDir, (db) => db.prepare("SELECT count(*) AS n FROM submissions WHERE kind = 'inquiry' AND email = ?").get(email)) as { n: number };

  it('answers each step with a 303 to the next step’s address and sets the draft’s cookie once: HttpOnly, SameSite=Lax, the locale’s inquiry path, 24 hours', async () => {
    const browser = plainBrowser(site.server);
    const before = Date.now();
    const first = await browser.step(at(0), { ...personsFields(), intent: 'next', offerType: 'rolete' });
    // What the product step would ask of a roller blind: the first post shows the step again with them.
    expect(first.answer.status).toBe(303);
    expect(first.location).toBe('/sl/povprasevanje/podrobnosti');
    const [cookie] = first.answer.headers['set-cookie'] as unknown as string[];
    expect(cookie).toMatch(/^inquiry_draft=[A-Za-z0-9_-]{32}; Path=\/sl\/povprasevanje; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie!)![1]!);
    expect(expires).toBeGreaterThan(before + DRAFT_LIFETIME_MS - 2000);
    expect(expires).toBeLessThanOrEqual(Date.now() + DRAFT_LIFETIME_MS);
    // The page shows what the draft holds, and is this visitor's alone.
    expect(first.page.headers['cache-control']).toBe('private, no-store');
    expect(inquiryScreen(first.page.text, 'sl').draft?.values).toEqual({ offerType: 'rolete' });
    // The next step keeps the draft, and its cookie.
    const second = await browser.step(first.location, { intent: 'next', shown: 'system', offerType: 'rolete', system: 'podometni' });
    expect(second.location).toBe(first.location);
    expect(second.answer.headers['set-cookie']).toBeUndefined();
    // Without the cookie the same address is everyone's blank step.
    const anonymous = await request(site.server).get(first.location);
    expect(inquiryScreen(anonymous.text, 'sl').draft).toBeNull();
  });

  it('Back and Forward: every step’s address shows what was entered on every step, the last step’s too', async () => {
    const email = unique('back-forward');
    const { browser } = await toMessageStep(site, email);
    // The browser's Back: the pages of the steps before, with every choice and typed value.
    for (const step of [2, 1, 0]) {
      const page = await browser.get(at(step));
      expect(inquiryScreen(page.text, 'sl').draft?.values).toMatchObject({ ...PRODUCT, ...contact(email) });
    }
    expect((await browser.get(at(2))).text).toMatch(new RegExp(`<input[^>]*id="inquiry-email"[^>]*value="${email.replace(/[.]/g, '\\.')}"`));
    expect((await browser.get(at(1))).text).toMatch(/<input type="radio"(?=[^>]*name="system")(?=[^>]*value="rolo")[^>]*checked=""/);
    // The form's Back from the message keeps what was typed there; Forward shows it again.
    const back = await browser.step(at(3), { intent: 'back', message: 'Okno v kopalnici.' });
    expect(back.location).toBe(at(2));
    expect((await browser.get(at(3))).text).toContain('Okno v kopalnici.</textarea>');
    // A page of an earlier step, as the browser kept it, posts its stale copies of the other steps: the draft keeps the newer.
    const stale = await browser.step(at(1), { intent: 'next', shown: PRODUCT_FIELDS, ...PRODUCT, width: '85', nameAndSurname: '', email: '' });
    expect(inquiryScreen(stale.page.text, 'sl').draft?.values).toMatchObject({
      width: '85',
      nameAndSurname: 'Maja Kranjc',
      email,
      message: 'Okno v kopalnici.',
    });
  });

  it('sends: the draft is erased and its cookie cleared; a reload shows the thank-you and sends nothing twice', async () => {
    const email = unique('sent-once');
    const { browser, message } = await toMessageStep(site, email);
    const sent = await browser.post(message.location, { intent: 'send', message: 'Prosim za ponudbo.', terms: 'on' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/sl/povprasevanje?sent=1');
    expect(sent.headers['set-cookie']).toEqual([
      expect.stringMatching(/^inquiry_draft=; Path=\/sl\/povprasevanje; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/),
    ]);
    for (let reload = 0; reload < 2; reload++) {
      const thanks = await browser.get(sent.headers.location as string);
      expect(thanks.status).toBe(200);
      expect(inquiryScreen(thanks.text, 'sl').sent).toBe(true);
    }
    await until('the inquiry reaches the company', () => inquiriesOf(email).n > 0);
    // The browser's Back to the last step: an empty form, nothing left to send twice.
    expect(inquiryScreen((await browser.get(message.location)).text, 'sl').draft).toBeNull();
    const again = await browser.post(message.location, { intent: 'send', terms: 'on' });
    expect(again.status).toBe(400);
    await until('the outbox has delivered everything', async () => (await site.outbox.stats()).pending === 0);
    expect(inquiriesOf(email).n).toBe(1);
  });

  it('a Send refused for an earlier step shows that step, whose form posts to its address and goes on with what was typed', async () => {
    const email = unique('refused-send');
    const { browser, message } = await toMessageStep(site, email);
    // The name emptied meanwhile (another tab's post, say): the send is refused for the contact step.
    await browser.step(at(2), { intent: 'back', ...contact(email), nameAndSurname: '' });
    const refused = await browser.post(message.location, { intent: 'send', message: 'Prosim za ponudbo.', terms: 'on' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(`action="${at(2)}"`);
    // The page carries the message step's values as hidden inputs: its post sends them with the contact step's.
    expect(refused.text).toContain('<input type="hidden" name="message" value="Prosim za ponudbo."/>');
    const fixed = await browser.step(at(2), { intent: 'next', ...contact(email), message: 'Prosim za ponudbo.', terms: 'on' });
    expect(fixed.location).toBe(at(3));
    expect(inquiryScreen(fixed.page.text, 'sl').draft?.values).toMatchObject({ nameAndSurname: 'Maja Kranjc', message: 'Prosim za ponudbo.' });
  });

  it('erases a draft 24 hours after its first step, whoever reads it then', async () => {
    const email = unique('expired');
    const { browser, message } = await toMessageStep(site, email);
    expect(await site.drafts.purge(Date.now() + DRAFT_LIFETIME_MS - 60_000)).toBe(0);
    expect(inquiryScreen((await browser.get(message.location)).text, 'sl').draft).not.toBeNull();
    expect(await site.drafts.purge(Date.now() + DRAFT_LIFETIME_MS)).toBeGreaterThanOrEqual(1);
    expect(inquiryScreen((await browser.get(message.location)).text, 'sl').draft).toBeNull();
  });
});

describe('replicas sharing PostgreSQL', () => {
  let postgres: TestPostgres;
  let replicas: Awaited<ReturnType<typeof startTestSite>>[];
  beforeAll(async () => {
    postgres = await startTestPostgres();
    const url = await postgres.createDatabase('drafts');
    replicas = [
      await startTestSite({ DATABASE_URL: url, FORM_RATE_LIMIT_MAX: '1000' }),
      await startTestSite({ DATABASE_URL: url, FORM_RATE_LIMIT_MAX: '1000' }),
    ];
  }, 120_000);
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.stop();
    postgres?.stop();
  });

  it('a draft written on one replica is read and erased on another', async () => {
    const [a, b] = replicas;
    const email = unique('replicas');
    // Each of the visitor's requests lands on another replica: the cookie goes with it.
    const fromA = plainBrowser(a!.server);
    const first = await fromA.step(at(0), { ...personsFields(), intent: 'next', offerType: PRODUCT.offerType });
    const draftCookie = (first.answer.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const onB = await request(b!.server).get(first.location).set('Cookie', draftCookie);
    expect(inquiryScreen(onB.text, 'sl').draft?.values).toEqual({ offerType: PRODUCT.offerType });
    const stepOnB = await request(b!.server)
      .post(first.location)
      .set('Cookie', draftCookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(new URLSearchParams({ intent: 'next', shown: PRODUCT_FIELDS, ...PRODUCT }).toString());
    expect([stepOnB.status, stepOnB.headers.location]).toEqual([303, at(2)]);
    const onA = await request(a!.server).get(at(2)).set('Cookie', draftCookie);
    expect(inquiryScreen(onA.text, 'sl').draft?.values).toEqual(PRODUCT);
    const sent = await request(b!.server)
      .post(at(3))
      .set('Cookie', draftCookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(new URLSearchParams({ intent: 'send', ...contact(email), terms: 'on' }).toString());
    expect(sent.status).toBe(303);
    expect(inquiryScreen((await request(a!.server).get(at(3)).set('Cookie', draftCookie)).text, 'sl').draft).toBeNull();
  });
});
