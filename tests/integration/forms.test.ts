import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagePayload } from '../../shared/document';
import { stepFields } from '../../shared/forms/inquiry-form';
import type { Locale } from '../../shared/locales';
import type { PublicFormResult, PublicFormScreen } from '../../shared/page-data';
import { inquiryPath, pathTo } from '../../shared/routes';
import { pageI18n } from '../support/i18n';
import { until, untilFound } from '../support/until';
import { startTestSite, waitForMail } from './helpers';
import { personsFields } from '../support/form-guard';
import { matchRoute } from '../../shared/route-match';
import { readCms } from '../support/cms-db';
import { documentData, encodeForm as encode, inquiryScreen, plainBrowser, type Fields } from '../support/plain-browser';

/**
 * The public forms over real HTTP against the real embedded content API: the no-JavaScript flows
 * (plain posts, 400 with the values, 303 to ?sent=1), the inquiry's steps walked through the server,
 * the same-origin check, idempotency and a signed-in visitor's details.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => site?.stop());

const PUBLIC_FORMS = new Set(['inquiry', 'service', 'newsletter']);

/** A post as the browser sends it from one of the site's pages, without JavaScript; to a public form at a person's pace (its spam judgement: spam.test.ts). */
const post = (path: string, fields: Fields, cookie = '') =>
  request(site.server)
    .post(path)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Cookie', cookie)
    .type('form')
    .send(encode(PUBLIC_FORMS.has(matchRoute(path)?.name ?? '') ? { ...personsFields(), ...fields } : fields));

const actionOf = (html: string, routeId: string) => documentData(html).hydration.actionData?.[routeId] as PublicFormResult;
const screenOf = (html: string, routeId: string) => documentData(html).hydration.loaderData[routeId] as PublicFormScreen & { offerType?: string | null };

/** The content API's own database: what reached the company. */
const cms = <T>(read: (db: Database.Database) => T): T => readCms(site.dataDir, read);

const submissionWithKeyLike = (pattern: string) =>
  cms((db) => db.prepare('SELECT id, kind, locale, data, email FROM submissions WHERE idempotency_key LIKE ?').all(pattern)) as {
    id: string;
    kind: string;
    locale: string;
    data: string;
    email: string | null;
  }[];

/** An installation's address, which a service request requires. */
const ADDRESS = { streetAddress: 'Gozdna pot 7', postalCode: '2380', town: 'Slovenj Gradec' };

const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('newsletter without JavaScript', () => {
  it('answers 400 with the errors and the values, in the page', async () => {
    const res = await post('/sl/e-novice', { email: 'ni-naslov', website: '' });
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(actionOf(res.text, 'newsletter___sl')).toEqual({
      form: 'newsletter',
      values: { email: 'ni-naslov' },
      errors: { email: 'form.errors.email', consent: 'form.errors.consent' },
    });
  });

  it('stores a valid signup, answers 303 to the thank-you page, and delivers it', async () => {
    const email = unique('novice');
    const res = await post('/de/newsletter', { email, consent: 'on', website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/de/newsletter?sent=1');
    const thanks = await request(site.server).get(res.headers.location!);
    expect(thanks.status).toBe(200);
    expect(screenOf(thanks.text, 'newsletter___de')).toMatchObject({ sent: true, prefill: null });
    const row = await untilFound(
      'the subscription is stored',
      () => cms((db) => db.prepare('SELECT locale FROM newsletter_subscriptions WHERE email = ?').get(email)) as { locale: string } | undefined,
    );
    expect(row.locale).toBe('de');
  });

  it('answers the thank-you page only with ?sent=1', async () => {
    const page = await request(site.server).get('/sl/e-novice');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('public');
    expect(screenOf(page.text, 'newsletter___sl')).toMatchObject({ sent: false, prefill: null });
    const meta = documentData(page.text).hydration.loaderData['newsletter___sl'] as { meta: { title: string; alternates: Record<string, string> } };
    expect(meta.meta.title).toBe('E-novice');
    expect(meta.meta.alternates).toEqual({ sl: '/sl/e-novice', en: '/en/newsletter', de: '/de/newsletter' });
  });
});

describe('service request without JavaScript', () => {
  it('answers 400 with the errors and the values', async () => {
    const res = await post('/en/service', { phone: 'abc', streetAddress: 'Main Street 1', content: '', installationYear: '1980', invoiceNumber: 'R-1' });
    expect(res.status).toBe(400);
    const result = actionOf(res.text, 'service___en');
    expect(result.values).toEqual({ phone: 'abc', streetAddress: 'Main Street 1', content: '', installationYear: '1980', invoiceNumber: 'R-1' });
    expect(result.errors).toEqual({
      phone: 'form.errors.phone',
      postalCode: 'form.errors.required',
      town: 'form.errors.required',
      installationYear: 'form.errors.year',
      content: 'form.errors.required',
      terms: 'form.errors.terms',
    });
  });

  it('stores a valid request and delivers it to the content API', async () => {
    const content = `Roleta se ne spusti do konca (${Date.now()}).`;
    const res = await post('/sl/servis', { phone: '+386 40 111 222', ...ADDRESS, invoiceNumber: 'R-2024-17', installationYear: '2019', content, terms: 'on' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sl/servis?sent=1');
    const [row] = await untilFound('the submission is stored', () => {
      const rows = cms((db) => db.prepare("SELECT data FROM submissions WHERE kind = 'service' AND json_extract(data, '$.content') = ?").all(content)) as {
        data: string;
      }[];
      return rows.length ? rows : undefined;
    });
    expect(JSON.parse(row!.data)).toMatchObject({
      phone: '+386 40 111 222',
      invoiceNumber: 'R-2024-17',
      installationYear: 2019,
      terms: true,
      marketingOptOut: false,
    });
  });
});

describe('inquiry steps without JavaScript', () => {
  const path = '/sl/povprasevanje';
  const contact = { nameAndSurname: 'Maja Kranjc', email: unique('maja'), phone: '', streetAddress: 'Cesta 5', postalCode: '4000', town: 'Kranj' };

  it("stays on the first step until an offer type is chosen, then goes on to the next step's address", async () => {
    const none = await post(path, { intent: 'next', offerType: '' });
    expect(none.status).toBe(400);
    expect(actionOf(none.text, 'inquiry___sl')).toEqual({
      form: 'inquiry',
      values: { offerType: '' },
      errors: { offerType: 'form.errors.offerType' },
      step: 0,
      formToken: expect.any(String),
    });
    const browser = plainBrowser(site.server);
    const chosen = await browser.step(path, { ...personsFields(), intent: 'next', offerType: 'notranja_sencila' });
    expect(chosen.location).toBe('/sl/povprasevanje/podrobnosti');
    expect(chosen.page.status).toBe(200);
    expect(inquiryScreen(chosen.page.text, 'sl').draft).toEqual({ values: { offerType: 'notranja_sencila' }, formToken: expect.any(String), photos: [] });
    expect(chosen.page.text).toContain('name="system"');
  });

  it('shows the fields a new choice brings before going on, and checks only the step it is on', async () => {
    const browser = plainBrowser(site.server);
    await browser.step(path, { ...personsFields(), intent: 'next', offerType: 'notranja_sencila' });
    const details = '/sl/povprasevanje/podrobnosti';
    const shownBefore = 'system,width,height,amount,iWantInstallation';
    // Choosing a pleated blind brings the fabrics: the step is shown again with them, without errors.
    const grew = await browser.step(details, { intent: 'next', shown: shownBefore, offerType: 'notranja_sencila', system: 'plise', width: '120' });
    expect(grew.location).toBe(details);
    expect(inquiryScreen(grew.page.text, 'sl').draft?.values).toEqual({ offerType: 'notranja_sencila', system: 'plise', width: '120' });
    expect(grew.page.text).toContain('name="fabrics"');

    const shown = 'system,fabrics,width,height,amount,iWantInstallation';
    // The later steps are still empty: only this step's errors count.
    const bad = await browser.post(details, { intent: 'next', shown, offerType: 'notranja_sencila', system: 'plise', width: '5', height: '100' });
    expect(bad.status).toBe(400);
    expect(actionOf(bad.text, 'inquiry___sl')).toMatchObject({ errors: { width: 'form.errors.width' }, step: 1 });

    const fine = await browser.step(details, {
      intent: 'next',
      shown,
      offerType: 'notranja_sencila',
      system: 'plise',
      fabrics: ['prosojna', 'Moja tkanina'],
      width: '120',
      height: '100',
    });
    expect(fine.location).toBe('/sl/povprasevanje/kontakt');
    expect(inquiryScreen(fine.page.text, 'sl').draft?.values).toEqual({
      offerType: 'notranja_sencila',
      system: 'plise',
      fabrics: ['prosojna', 'Moja tkanina'],
      width: '120',
      height: '100',
    });
  });

  it("goes back to the previous step's address with every value kept and no errors", async () => {
    const values = { offerType: 'rolete', system: 'podometni', width: '90', nameAndSurname: 'Maja', email: 'x' };
    const back = await plainBrowser(site.server).step('/sl/povprasevanje/kontakt', { ...personsFields(), intent: 'back', ...values });
    expect(back.location).toBe('/sl/povprasevanje/podrobnosti');
    expect(back.page.status).toBe(200);
    expect(inquiryScreen(back.page.text, 'sl').draft?.values).toEqual(values);
    expect(documentData(back.page.text).hydration.actionData).toBeFalsy();
    expect(input(back.page.text, 'inquiry-width')).toContain('value="90"');
  });

  it('sends: errors lead to the first step that has one; a valid inquiry is stored and delivered', async () => {
    const product = { offerType: 'notranja_sencila', system: 'plise', fabrics: ['prosojna', 'Moja tkanina'], width: '120', height: '100', amount: '2' };
    const missing = await post(path, { intent: 'send', step: '3', ...product, nameAndSurname: '', email: contact.email, message: 'Prosim za ponudbo.' });
    expect(missing.status).toBe(400);
    expect(actionOf(missing.text, 'inquiry___sl')).toMatchObject({ errors: { nameAndSurname: 'form.errors.required', terms: 'form.errors.terms' }, step: 2 });
    const badWidth = await post(path, { intent: 'send', step: '3', ...product, width: '5000', ...contact, terms: 'on' });
    expect(actionOf(badWidth.text, 'inquiry___sl')).toMatchObject({ errors: { width: 'form.errors.width' }, step: 1 });

    const sent = await post(`${path}/notranja_sencila`, { intent: 'send', step: '3', ...product, ...contact, message: 'Prosim za ponudbo.', terms: 'on' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/sl/povprasevanje?sent=1');
    const [row] = await untilFound('the submission is stored', () => {
      const rows = cms((db) => db.prepare("SELECT data, email, locale FROM submissions WHERE kind = 'inquiry' AND email = ?").all(contact.email)) as {
        data: string;
        email: string;
        locale: string;
      }[];
      return rows.length ? rows : undefined;
    });
    expect(row!.locale).toBe('sl');
    expect(JSON.parse(row!.data)).toMatchObject({
      offerType: 'notranja_sencila',
      system: 'plise',
      fabrics: ['prosojna', 'Moja tkanina'],
      width: 120,
      height: 100,
      amount: 2,
      nameAndSurname: 'Maja Kranjc',
    });
  });

  it('preselects the offer type from the path, keeps it in the other languages, and 404s an unknown one', async () => {
    // The first design's address (the offer type where the step is now) leads to the product step's.
    const old = await request(site.server).get('/en/inquiry/pergola');
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/en/inquiry/details/pergola');
    const page = await request(site.server).get('/en/inquiry/details/pergola');
    expect(page.status).toBe(200);
    const screen = documentData(page.text).hydration.loaderData['inquiry___en'] as { offerType: string; meta: { alternates: Record<string, string> } };
    expect(screen.offerType).toBe('pergola');
    expect(screen.meta.alternates).toEqual({
      sl: '/sl/povprasevanje/podrobnosti/pergola',
      en: '/en/inquiry/details/pergola',
      de: '/de/anfrage/details/pergola',
    });
    expect((await request(site.server).get('/en/inquiry/nowhere/pergola')).status).toBe(404);
    expect((await request(site.server).get('/en/inquiry/contact/ni-tip')).status).toBe(404);
    expect(page.text).toContain('<link rel="canonical" href="http://localhost:');
    expect((await request(site.server).get('/sl/povprasevanje')).status).toBe(200);
    expect((await request(site.server).get('/sl/povprasevanje/ni-tip')).status).toBe(404);
    expect((await post('/sl/povprasevanje/ni-tip', { intent: 'send' })).status).toBe(404);
  });
});

/** `company_email` of content/settings.json: where notifications go. */
const COMPANY = 'info@sencila-zorko.si';

const input = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

/**
 * The error a rendered page shows for a field: the text of its error paragraph, which must follow
 * the field's control and be named by it (aria-describedby), so it is seen and heard beside it.
 */
function errorBeside(html: string, id: string): string {
  const control = new RegExp(
    `<(input|fieldset)[^>]*id="${id}"[^>]*aria-describedby="[^"]*${id}-error|<(input|fieldset)[^>]*aria-describedby="[^"]*${id}-error[^>]*id="${id}"`,
  ).exec(html);
  expect(control, `${id} names its error`).not.toBeNull();
  const error = new RegExp(`<p class="field__error" id="${id}-error">([\\s\\S]*?)</p>`).exec(html.slice(control!.index));
  expect(error, `${id}-error after the field`).not.toBeNull();
  return error![1]!.replace(/<[^>]+>/g, '');
}

describe('drive, colour, measuring visit and installation address without JavaScript', () => {
  const GUIDE = {
    sl: { category: 'nasveti', slug: 'kako-pravilno-izmeriti-okna-za-sencila' },
    en: { category: 'advice', slug: 'how-to-measure-windows-for-shading' },
    de: { category: 'ratgeber', slug: 'fenster-richtig-ausmessen-fuer-sonnenschutz' },
  };
  const MAIL: Record<Locale, { company: string[]; visitor: string[] }> = {
    sl: {
      visitor: ['Pogon: Elektromotor', 'Upravljanje motorja: Pametni dom', 'Barva: Po lestvici RAL', 'Želeni termin brezplačne izmere: V soboto'],
      company: ['Oznaka RAL: RAL 7016', 'Kraj: Kranj'],
    },
    en: {
      visitor: ['Drive: Electric motor', 'Motor control: Smart home', 'Colour: A RAL colour', 'Preferred time for the free measuring visit: Saturday'],
      company: ['RAL code: RAL 7016', 'Town: Kranj'],
    },
    de: {
      visitor: ['Antrieb: Elektromotor', 'Motorsteuerung: Smart Home', 'Farbe: RAL-Farbe nach Wahl', 'Wunschtermin für das kostenlose Aufmaß: Samstags'],
      company: ['RAL-Farbton: RAL 7016', 'Ort: Kranj'],
    },
  };

  it.each<Locale>(['sl', 'en', 'de'])(
    'walks the inquiry in %s: a motor asks its control, RAL its code, and everything reaches the company and the visitor',
    async (locale) => {
      const route = `inquiry___${locale}`;
      const browser = plainBrowser(site.server);
      const at = (step: number) => inquiryPath(locale, { step });

      // The dimensions step links to the measuring guide in the visitor's language.
      const product = (await browser.step(at(0), { ...personsFields(), intent: 'next', offerType: 'rolete' })).page;
      expect(product.text).toContain(`href="${pathTo('blogArticle', locale, GUIDE[locale])}" target="_blank"`);
      expect(product.text).not.toContain('name="motorControl"');

      // A motor and a RAL colour bring their follow-ups: the step is shown again with them.
      const chosen = { offerType: 'rolete', system: 'podometni', mechanism: 'motor', colour: 'ral', width: '120', height: '140', amount: '2' };
      const grew = await browser.step(at(1), { intent: 'next', shown: stepFields(1, { offerType: 'rolete' }).join(','), ...chosen });
      expect(grew.location).toBe(at(1));
      expect(inquiryScreen(grew.page.text, locale).draft?.values).toEqual(chosen);
      expect(grew.page.text).toContain('name="motorControl"');
      expect(input(grew.page.text, 'inquiry-ralCode')).not.toBe('');

      // A control the form does not offer: its error beside it, every value kept.
      const filled = { ...chosen, motorControl: 'voice', ralCode: 'RAL 7016' };
      const shown = stepFields(1, filled).join(',');
      expect(shown).toContain('motorControl,colour,ralCode');
      const bad = await browser.post(at(1), { intent: 'next', shown, ...filled });
      expect(bad.status).toBe(400);
      expect(actionOf(bad.text, route)).toEqual({
        form: 'inquiry',
        values: filled,
        errors: { motorControl: 'form.errors.choice' },
        step: 1,
        formToken: expect.any(String),
      });
      expect(errorBeside(bad.text, 'inquiry-motorControl')).toContain(pageI18n(locale).t('form.errors.choice'));
      expect(input(bad.text, 'inquiry-width')).toContain('value="120"');
      expect(input(bad.text, 'inquiry-ralCode')).toContain('value="RAL 7016"');
      expect(bad.text).toMatch(/<input type="radio"(?=[^>]*name="mechanism")(?=[^>]*value="motor")[^>]*checked=""/);

      const good = { ...filled, motorControl: 'smartHome' };
      expect((await browser.step(at(1), { intent: 'next', shown, ...good })).location).toBe(at(2));
      const email = unique(`izmera-${locale}`);
      const contactStep = { nameAndSurname: 'Maja Kranjc', email, town: 'Kranj', visitTime: 'saturday' };
      expect((await browser.step(at(2), { intent: 'next', ...good, ...contactStep })).location).toBe(at(3));
      const sent = await browser.post(at(3), { intent: 'send', ...good, ...contactStep, terms: 'on' });
      expect(sent.status).toBe(303);

      const [row] = await untilFound('the submission is stored', () => {
        const rows = cms((db) => db.prepare("SELECT data FROM submissions WHERE kind = 'inquiry' AND email = ?").all(email)) as { data: string }[];
        return rows.length ? rows : undefined;
      });
      expect(JSON.parse(row!.data)).toMatchObject({
        mechanism: 'motor',
        motorControl: 'smartHome',
        colour: 'ral',
        ralCode: 'RAL 7016',
        visitTime: 'saturday',
        town: 'Kranj',
      });
      // The company reads Slovenian whatever the visitor's language (COMPANY_LOCALE), and is told which it was.
      const notification = await waitForMail(site.dataDir, COMPANY, email);
      for (const line of [...MAIL.sl.visitor, ...MAIL.sl.company, `Jezik obiskovalca: ${{ sl: 'slovenščina', en: 'angleščina', de: 'nemščina' }[locale]}`])
        expect(notification).toContain(line);
      const confirmation = await waitForMail(site.dataDir, email);
      for (const line of MAIL[locale].visitor) expect(confirmation).toContain(line);
      for (const typed of MAIL[locale].company) expect(confirmation).not.toContain(typed);
    },
  );

  it.each<[Locale, string[]]>([
    ['sl', ['Naslov montaže: Gozdna pot 7', 'Poštna številka: 2380', 'Kraj: Slovenj Gradec', 'Želeni termin obiska: V soboto']],
    ['en', ['Installation address: Gozdna pot 7', 'Postcode: 2380', 'Town: Slovenj Gradec', 'Preferred time for the visit: Saturday']],
    ['de', ['Montageadresse: Gozdna pot 7', 'Postleitzahl: 2380', 'Ort: Slovenj Gradec', 'Wunschtermin für den Besuch: Samstags']],
  ])(
    'requires the installation address of a service request in %s, mails it with the preferred time, and confirms both in the visitor’s language',
    async (locale, lines) => {
      const path = pathTo('service', locale);
      const email = unique(`servis-${locale}`);
      const fields = { phone: '041 333 444', email, visitTime: 'saturday', content: `Tenda (${locale})`, terms: 'on' };

      const missing = await post(path, { ...fields, streetAddress: ADDRESS.streetAddress });
      expect(missing.status).toBe(400);
      const result = actionOf(missing.text, `service___${locale}`);
      expect(result.errors).toEqual({ postalCode: 'form.errors.required', town: 'form.errors.required' });
      expect(result.values).toEqual({ ...fields, streetAddress: ADDRESS.streetAddress });
      expect(errorBeside(missing.text, 'service-town')).toContain(pageI18n(locale).t('form.errors.required'));
      expect(errorBeside(missing.text, 'service-postalCode')).toContain(pageI18n(locale).t('form.errors.required'));
      expect(input(missing.text, 'service-streetAddress')).toContain(`value="${ADDRESS.streetAddress}"`);

      expect((await post(path, { ...fields, ...ADDRESS })).status).toBe(303);
      // The company's notification in Slovenian (COMPANY_LOCALE), the visitor's confirmation in theirs.
      const notification = await waitForMail(site.dataDir, COMPANY, email);
      for (const line of ['Naslov montaže: Gozdna pot 7', 'Poštna številka: 2380', 'Kraj: Slovenj Gradec', 'Želeni termin obiska: V soboto'])
        expect(notification).toContain(line);
      const confirmation = await waitForMail(site.dataDir, email);
      for (const line of lines) expect(confirmation).toContain(line);
      expect(confirmation).toContain(`Tenda (${locale})`);
      expect(confirmation).not.toContain('041 333 444');
    },
  );
});

describe('what every form post must pass', () => {
  it('refuses control characters in a one-line field with its field error, in the page in each language, and stores nothing', async () => {
    const name = 'Eve\r\nBcc: victim@evil.example';
    for (const [locale, routeId] of [
      ['sl', 'inquiry___sl'],
      ['en', 'inquiry___en'],
      ['de', 'inquiry___de'],
    ] as const) {
      const email = unique('eve');
      const res = await post(pathTo('inquiry', locale), {
        intent: 'send',
        step: '3',
        offerType: 'tende',
        nameAndSurname: name,
        email,
        town: 'Kranj\u0000',
        terms: 'on',
      });
      expect(res.status).toBe(400);
      expect(actionOf(res.text, routeId)).toMatchObject({
        errors: { nameAndSurname: 'form.errors.controlCharacters', town: 'form.errors.controlCharacters' },
        step: 2,
      });
      expect(res.text).toContain(pageI18n(locale).t('form.errors.controlCharacters'));
      expect(cms((db) => db.prepare('SELECT count(*) AS n FROM submissions WHERE email = ?').get(email))).toEqual({ n: 0 });
    }
    const service = await post('/en/service', {
      phone: '+386 40 111 222',
      ...ADDRESS,
      streetAddress: 'Main St 1\nBcc: x',
      content: 'Two\nlines are fine here.',
      terms: 'on',
    });
    expect(service.status).toBe(400);
    expect(actionOf(service.text, 'service___en').errors).toEqual({ streetAddress: 'form.errors.controlCharacters' });
  });

  it('refuses a post from another site', async () => {
    const crossSite = await request(site.server).post('/sl/e-novice').set('Sec-Fetch-Site', 'cross-site').type('form').send('email=a%40b.si&consent=on');
    expect(crossSite.status).toBe(403);
    const otherOrigin = await request(site.server)
      .post('/sl/servis')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('phone=123456&content=x&terms=on');
    expect(otherOrigin.status).toBe(403);
    const payload = await request(site.server)
      .post('/sl/e-novice/_payload.json')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('email=a%40b.si&consent=on');
    expect(payload.status).toBe(403);
  });

  it('takes a double submit as one submission (without JavaScript: the same post; with it: the same id)', async () => {
    const content = `Dvojni klik ${Date.now()}`;
    const form = { phone: '041 222 333', ...ADDRESS, content, terms: 'on' };
    const [first, second] = [await post('/sl/servis', form), await post('/sl/servis', form)];
    expect([first.status, second.status]).toEqual([303, 303]);

    const submissionId = crypto.randomUUID();
    const viaRouter = (email: string) =>
      request(site.server)
        .post('/en/newsletter/_payload.json')
        .set('Sec-Fetch-Site', 'same-origin')
        .type('form')
        .send(encode({ email, consent: 'on', submissionId }));
    const a = await viaRouter(unique('double'));
    const b = await viaRouter(unique('double-changed'));
    expect(a.body).toMatchObject({ status: 303, redirect: '/en/newsletter?sent=1' });
    expect(b.body).toMatchObject({ status: 303, redirect: '/en/newsletter?sent=1' });

    await until('the service request is stored', () => submissionWithKeyLike('service:%').some((r) => JSON.parse(r.data).content === content));
    await until(
      'the newsletter request is stored',
      () => cms((db) => db.prepare('SELECT 1 FROM newsletter_requests WHERE idempotency_key = ?').get(`newsletter:id:${submissionId}`)) !== undefined,
    );
    // Let the outbox settle: anything still to come would be a second delivery.
    await until('the outbox is empty', async () => (await site.outbox.stats()).pending === 0);
    expect(submissionWithKeyLike('service:%').filter((r) => JSON.parse(r.data).content === content)).toHaveLength(1);
    expect(cms((db) => db.prepare('SELECT COUNT(*) AS n FROM newsletter_requests WHERE idempotency_key = ?').get(`newsletter:id:${submissionId}`))).toEqual({
      n: 1,
    });
  });

  it('answers the browser router with payloads: 400 with the result, 303 as a redirect', async () => {
    const bad = await request(site.server)
      .post('/sl/povprasevanje/_payload.json')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(encode({ intent: 'next', step: '0' }));
    expect(bad.status).toBe(400);
    expect((bad.body as PagePayload).actionData?.['inquiry___sl']).toEqual({
      form: 'inquiry',
      values: {},
      errors: { offerType: 'form.errors.offerType' },
      step: 0,
    });
    expect(bad.headers['cache-control']).toBe('private, no-store');
  });
});

describe('a signed-in visitor', () => {
  const email = unique('prijavljena');
  const password = 'dolgo-geslo-123';
  let session = '';

  beforeAll(async () => {
    await post('/sl/register', { name: 'Nina Zupan', email, password, website: '' });
    const mail = await waitForMail(site.dataDir, email, '/sl/verify-email?token=');
    const token = /\/sl\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    await post('/sl/verify-email', { token });
    const login = await post('/sl/login', { email, password });
    session = String(login.headers['set-cookie']).split(';')[0]!;
    await post(
      '/sl/user/profile',
      { intent: 'profile', name: 'Nina Zupan', phone: '+386 41 555 666', streetAddress: 'Trg 3', postalCode: '2000', town: 'Maribor' },
      session,
    );
  });

  it('finds their details filled in, on a private page', async () => {
    for (const path of ['/sl/povprasevanje', '/sl/servis', '/sl/e-novice']) {
      const page = await request(site.server).get(path).set('Cookie', session);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('private, no-store');
      const id = `${path === '/sl/servis' ? 'service' : path === '/sl/e-novice' ? 'newsletter' : 'inquiry'}___sl`;
      expect(screenOf(page.text, id).prefill, path).toEqual({
        nameAndSurname: 'Nina Zupan',
        email,
        phone: '+386 41 555 666',
        streetAddress: 'Trg 3',
        postalCode: '2000',
        town: 'Maribor',
      });
    }
    // The service request takes their address as the installation's: filled in, to be changed if it is elsewhere.
    const service = await request(site.server).get('/sl/servis').set('Cookie', session);
    expect(input(service.text, 'service-streetAddress')).toContain('value="Trg 3"');
    expect(input(service.text, 'service-town')).toContain('value="Maribor"');
    const payload = await request(site.server).get('/sl/servis/_payload.json').set('Cookie', session);
    expect(payload.headers['cache-control']).toBe('private, no-store');
    // A session that no longer works: no details, still a private page.
    const stale = await request(site.server).get('/sl/servis').set('Cookie', 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(stale.headers['cache-control']).toBe('private, no-store');
    expect(screenOf(stale.text, 'service___sl').prefill).toBeNull();
  });

  it('sends a service request under their address when they leave the email empty', async () => {
    const content = `Servis za prijavljeno (${Date.now()})`;
    const res = await post('/sl/servis', { phone: '+386 41 555 666', ...ADDRESS, content, email: '', terms: 'on' }, session);
    expect(res.status).toBe(303);
    const [row] = await untilFound('the submission is stored', () => {
      const rows = cms((db) => db.prepare("SELECT email FROM submissions WHERE kind = 'service' AND json_extract(data, '$.content') = ?").all(content)) as {
        email: string;
      }[];
      return rows.length ? rows : undefined;
    });
    expect(row!.email).toBe(email);
  });
});

describe('limits', () => {
  it('takes an inquiry at its bounds: the longest message in letters that travel percent-encoded', async () => {
    const res = await post('/sl/povprasevanje', {
      intent: 'send',
      step: '3',
      offerType: 'zunanji_screen',
      fabrics: Array.from({ length: 20 }, (_, i) => `${'ž'.repeat(55)} ${i}`),
      nameAndSurname: 'Špela Čebašek',
      email: unique('dolgo'),
      message: 'č'.repeat(5000),
      note: '€'.repeat(1000),
      terms: 'on',
    });
    expect(res.status).toBe(303);
  });
});

describe('the rate limit', () => {
  it('answers 429 once a client has posted FORM_RATE_LIMIT_MAX times: the form with every value kept and when to send again (issue 26, point 3)', async () => {
    const strict = await startTestSite({ FORM_RATE_LIMIT_MAX: '2' });
    try {
      const send = (fields: Fields = { email: 'x' }) =>
        request(strict.server).post('/en/newsletter').set('Sec-Fetch-Site', 'same-origin').type('form').send(encode(fields));
      const first = await send();
      expect(first.status).toBe(400);
      expect(first.headers['ratelimit-policy']).toMatch(/^"2-in-10min"; q=2; w=600; pk=:[A-Za-z0-9+/=]+:$/);
      expect(first.headers.ratelimit).toMatch(/^"2-in-10min"; r=1; t=(600|599)$/);
      expect((await send()).headers.ratelimit).toMatch(/; r=0; /);
      const valid = { email: unique('limited'), consent: 'on' };
      const limited = await send(valid);
      expect(limited.status).toBe(429);
      expect(limited.headers.ratelimit).toMatch(/; r=0; /);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(actionOf(limited.text, 'newsletter___en')).toEqual({
        form: 'newsletter',
        values: valid,
        errors: { form: 'form.errors.tooManyPosts' },
        retryAfterMinutes: 10,
      });
      expect(limited.text).toContain(pageI18n('en').t('form.errors.tooManyPosts', { count: 10 }));
      expect(limited.text).toContain(`value="${valid.email}"`);
      // Nothing stored; a post with mistakes still has them shown, since nothing would be stored anyway.
      expect(cms((db) => db.prepare('SELECT 1 FROM newsletter_subscriptions WHERE email = ?').get(valid.email))).toBeUndefined();
      expect((await send()).status).toBe(400);
      // With JavaScript the router posts to the page's payload: the same answer as action data, so the form stays.
      const routed = await request(strict.server).post('/en/newsletter/_payload.json').set('Sec-Fetch-Site', 'same-origin').type('form').send(encode(valid));
      expect(routed.status).toBe(429);
      expect(routed.text).toContain('form.errors.tooManyPosts');
      expect(routed.text).toContain(valid.email);
      // Pages are not counted.
      expect((await request(strict.server).get('/en/newsletter')).headers.ratelimit).toBeUndefined();
    } finally {
      await strict.stop();
    }
  });
});

describe('when the outbox cannot store', () => {
  it('acknowledges nothing: 503 with the values and a message, and /readyz fails', async () => {
    const other = await startTestSite({ FORM_RATE_LIMIT_MAX: '1000' });
    try {
      await other.outbox.close();
      const form = { phone: '040 123 456', ...ADDRESS, content: 'Pokvarjena roleta', terms: 'on' };
      const res = await request(other.server).post('/sl/servis').set('Sec-Fetch-Site', 'same-origin').type('form').send(encode(form));
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(actionOf(res.text, 'service___sl')).toEqual({ form: 'service', values: form, errors: { form: 'form.errors.unavailable' } });
      expect((await request(other.server).get('/readyz')).status).toBe(503);
    } finally {
      await other.stop();
    }
  });
});
