import Database from 'better-sqlite3';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKey } from '../../server/site/drafts/key';
import { DRAFT_LIFETIME_MS } from '../../server/site/drafts/types';
import { OUTBOX_FILE } from '../../server/site/outbox/sqlite-db';
import { PHOTO_LIMITS } from '../../shared/forms/photos';
import type { PublicFormResult } from '../../shared/page-data';
import { stepFields } from '../../shared/forms/inquiry-form';
import { inquiryPath } from '../../shared/routes';
import { personsFields } from '../support/form-guard';
import { documentData, inquiryScreen, plainBrowser } from '../support/plain-browser';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { readCms } from '../support/cms-db';
import { until } from '../support/until';
import { startTestSite, waitForMail } from './helpers';

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

/** Walks the first three steps as a browser without JavaScript: the browser, the message step's page, and the draft's secret (its cookie). */
async function toMessageStep(site: { server: import('node:http').Server }, email: string) {
  const browser = plainBrowser(site.server);
  const details = await browser.step(at(0), { ...personsFields(), intent: 'next', offerType: PRODUCT.offerType });
  const contactStep = await browser.step(details.location, { intent: 'next', shown: PRODUCT_FIELDS, ...PRODUCT });
  const message = await browser.step(contactStep.location, { intent: 'next', ...contact(email) });
  const draftId = /^inquiry_draft=([^;]+)/.exec((details.answer.headers['set-cookie'] as unknown as string[])[0]!)![1]!;
  return { browser, message, draftId };
}

/** A small photo as a phone would send it, each `seed` another picture. */
const photo = async (name: string, seed: number) => ({
  name,
  bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 90, b: 200 - seed } } })
    .jpeg()
    .toBuffer(),
});

/** The names of the photos the last step lists as kept with the draft. */
const keptNames = async (browser: ReturnType<typeof plainBrowser>) => inquiryScreen((await browser.get(at(3))).text, 'sl').draft?.photos.map((p) => p.name);

const actionOf = (html: string) => documentData(html).hydration.actionData?.inquiry___sl as PublicFormResult;

/** The file names a mail attaches, in order (names that start with no hex digit: the mail is read quoted-printable decoded, `=ba` and all). */
const attachmentsOf = (mail: string) => [...mail.matchAll(/Content-Disposition: attachment;\s*filename="?([^"\r\n;]+)"?/g)].map((m) => m[1]!);

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

  describe('photos chosen on the last step (docs/decisions/0051)', () => {
    const COMPANY = 'info@sencila-zorko.si';
    /** How many photos the drafts' table holds for a draft (its rows are keyed by the hash of the cookie's secret). */
    const draftPhotoRows = (draftId: string) => {
      const db = new Database(path.join(site.dataDir, OUTBOX_FILE), { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM form_draft_photos WHERE key = ?').get(draftKey(draftId)) as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const storedPhotoNames = (email: string) =>
      readCms(site.dataDir, (db) =>
        db
          .prepare(
            `SELECT p.name FROM submission_photos p JOIN submissions s ON s.id = p.submission_id WHERE s.kind = 'inquiry' AND s.email = ? ORDER BY p.position`,
          )
          .all(email)
          .map((row) => (row as { name: string }).name),
      );

    it('a Back keeps the two photos it carried; Send stores and mails them with a new one, once, and erases them with the draft', async () => {
      const email = unique('photos-back');
      const { browser, draftId } = await toMessageStep(site, email);
      const back = await browser.postPhotos(at(3), { intent: 'back', message: 'Okno v kuhinji.' }, [await photo('okno.jpg', 10), await photo('okvir.jpg', 60)]);
      expect([back.status, back.headers.location]).toEqual([303, at(2)]);
      // Forward (or Next) to the last step: the photos are listed, each with a box that removes it.
      expect(await keptNames(browser)).toEqual(['okno.jpg', 'okvir.jpg']);
      const page = (await browser.get(at(3))).text;
      expect(page.match(/<input type="checkbox"[^>]* name="removePhoto"/g)).toHaveLength(2);
      expect(page).toContain('Okno v kuhinji.</textarea>');
      expect(draftPhotoRows(draftId)).toBe(2);

      const sent = await browser.postPhotos(at(3), { intent: 'send', message: 'Okno v kuhinji.', terms: 'on' }, [await photo('vrata.jpg', 120)]);
      expect([sent.status, sent.headers.location]).toEqual([303, '/sl/povprasevanje?sent=1']);
      expect(draftPhotoRows(draftId)).toBe(0);
      const mail = await waitForMail(site.dataDir, COMPANY, email);
      expect(attachmentsOf(mail)).toEqual(['okno.jpg', 'okvir.jpg', 'vrata.jpg']);
      await until('the content API has the inquiry', () => storedPhotoNames(email).length > 0);
      expect(storedPhotoNames(email)).toEqual(['okno.jpg', 'okvir.jpg', 'vrata.jpg']);
      // A reload of the thank-you page, and the browser's Back to the last step: nothing kept, nothing sent twice.
      expect(inquiryScreen((await browser.get('/sl/povprasevanje?sent=1')).text, 'sl').sent).toBe(true);
      expect(inquiryScreen((await browser.get(at(3))).text, 'sl').draft).toBeNull();
      await until('the outbox has delivered everything', async () => (await site.outbox.stats()).pending === 0);
      expect(inquiriesOf(email).n).toBe(1);
    });

    it('a ticked box removes a kept photo; the count is of kept and new photos together', async () => {
      const email = unique('photos-remove');
      const { browser } = await toMessageStep(site, email);
      expect((await browser.postPhotos(at(3), { intent: 'back' }, [await photo('a.jpg', 1), await photo('b.jpg', 2)])).status).toBe(303);
      const [a, b] = inquiryScreen((await browser.get(at(3))).text, 'sl').draft!.photos;
      // Removing one and adding none.
      expect((await browser.postPhotos(at(3), { intent: 'back', removePhoto: a!.id }, [])).status).toBe(303);
      expect(await keptNames(browser)).toEqual(['b.jpg']);
      // One kept and as many new as the limit is one too many: the last new one is named, nothing changes.
      const full = await Promise.all(Array.from({ length: PHOTO_LIMITS.count }, (_, i) => photo(`n${i}.jpg`, 30 + i * 20)));
      const tooMany = await browser.postPhotos(at(3), { intent: 'send', message: 'x', terms: 'on' }, full);
      expect(tooMany.status).toBe(400);
      expect(actionOf(tooMany.text).photoRefused).toEqual({ name: full.at(-1)!.name, reason: 'tooMany' });
      expect(await keptNames(browser)).toEqual(['b.jpg']);
      // With the kept one removed in the same post, they fit.
      const fits = await browser.postPhotos(at(3), { intent: 'back', removePhoto: b!.id }, full);
      expect(fits.status).toBe(303);
      expect(await keptNames(browser)).toEqual(full.map((p) => p.name));
      // The limit reached, one more is refused, on a Back too.
      const oneMore = await browser.postPhotos(at(3), { intent: 'back' }, [await photo('one-more.jpg', 200)]);
      expect(oneMore.status).toBe(400);
      expect(actionOf(oneMore.text).photoRefused).toEqual({ name: 'one-more.jpg', reason: 'tooMany' });
    });

    it('a Send refused for a missing field keeps the photos it carried, and the Send that follows sends them', async () => {
      const email = unique('photos-refused');
      const { browser } = await toMessageStep(site, email);
      const refused = await browser.postPhotos(at(3), { intent: 'send', message: 'Brez pogojev.' }, [await photo('terasa.jpg', 30)]);
      expect(refused.status).toBe(400);
      expect(actionOf(refused.text).errors).toHaveProperty('terms');
      // The page answering the refusal lists the photo already, and asks for nothing to be chosen again.
      expect(inquiryScreen(refused.text, 'sl').draft?.photos.map((p) => p.name)).toEqual(['terasa.jpg']);
      const sent = await browser.postPhotos(at(3), { intent: 'send', message: 'Brez pogojev.', terms: 'on' }, []);
      expect(sent.status).toBe(303);
      expect(attachmentsOf(await waitForMail(site.dataDir, COMPANY, email))).toEqual(['terasa.jpg']);
    });

    it('a Send posted twice (a double click: the second finds the draft erased by the first) is one inquiry, with its photos', async () => {
      const email = unique('photos-twice');
      const { browser, draftId } = await toMessageStep(site, email);
      expect((await browser.postPhotos(at(3), { intent: 'back' }, [await photo('okno.jpg', 10), await photo('vrata.jpg', 40)])).status).toBe(303);
      // Both posts carry the cookie: the browser sent the second before it read the first's answer.
      const send = () =>
        request(site.server)
          .post(at(3))
          .set('Cookie', `inquiry_draft=${draftId}`)
          .set('Sec-Fetch-Site', 'same-origin')
          .type('form')
          .send(new URLSearchParams({ ...personsFields(), intent: 'send', ...PRODUCT, ...contact(email), message: 'Dvakrat.', terms: 'on' }).toString());
      expect((await send()).status).toBe(303);
      expect((await send()).status).toBe(303);
      await until('the outbox has delivered everything', async () => (await site.outbox.stats()).pending === 0);
      expect(inquiriesOf(email).n).toBe(1);
      expect(storedPhotoNames(email)).toEqual(['okno.jpg', 'vrata.jpg']);
    });

    it('a draft’s photos are erased with it by the 24-hour purge', async () => {
      const email = unique('photos-purged');
      const { browser, draftId } = await toMessageStep(site, email);
      expect((await browser.postPhotos(at(3), { intent: 'back' }, [await photo('star.jpg', 90)])).status).toBe(303);
      expect(draftPhotoRows(draftId)).toBe(1);
      expect(await site.drafts.purge(Date.now() + DRAFT_LIFETIME_MS)).toBeGreaterThanOrEqual(1);
      expect(draftPhotoRows(draftId)).toBe(0);
      expect(await keptNames(browser)).toBeUndefined();
    });
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

  it('photos kept with a draft on one replica are listed and sent by another', async () => {
    const [a, b] = replicas;
    const email = unique('replica-photos');
    const { draftId } = await toMessageStep(a!, email);
    const cookie = `inquiry_draft=${draftId}`;
    const back = await request(a!.server)
      .post(at(3))
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .field('intent', 'back')
      .attach('photos', (await photo('okno.jpg', 10)).bytes, 'okno.jpg')
      .attach('photos', (await photo('okvir.jpg', 60)).bytes, 'okvir.jpg');
    expect([back.status, back.headers.location]).toEqual([303, at(2)]);
    const onB = inquiryScreen((await request(b!.server).get(at(3)).set('Cookie', cookie)).text, 'sl');
    expect(onB.draft?.photos.map((p) => p.name)).toEqual(['okno.jpg', 'okvir.jpg']);
    const sent = await request(b!.server)
      .post(at(3))
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(new URLSearchParams({ intent: 'send', message: 'Z drugega strežnika.', terms: 'on' }).toString());
    expect(sent.status).toBe(303);
    // Whichever replica's worker delivers it, the company's mail carries both.
    const mail = await Promise.any(replicas.map((replica) => waitForMail(replica.dataDir, 'info@sencila-zorko.si', email)));
    expect(attachmentsOf(mail)).toEqual(['okno.jpg', 'okvir.jpg']);
    expect(inquiryScreen((await request(a!.server).get(at(3)).set('Cookie', cookie)).text, 'sl').draft).toBeNull();
  });
});
