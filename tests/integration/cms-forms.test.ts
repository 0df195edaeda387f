import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountSubmissionSchema, apiErrorSchema, sessionSchema, submissionAckSchema, type FormKind } from '../../shared/api/contract';
import { hashPassword } from '../../server/cms/accounts/passwords';
import { CONFIRMATIONS_PER_DAY } from '../../server/cms/mail/confirmation-cap';
import { startCms, type RunningCms } from '../../server/cms/server';
import { readEml, type Eml } from '../support/eml';
import { until } from '../support/until';

/**
 * The form endpoints of the embedded content API, over HTTP, on a fresh data folder: idempotency,
 * validation with the shared schemas, the mails (read back from the .eml files the CMS writes when
 * no SMTP server is configured), newsletter uniqueness and the account's list of submissions. The
 * database is opened beside the CMS to count rows and mails exactly.
 */

const CONTENT_DIR = resolve(process.cwd(), 'content');
const FROM = 'Senčila Zorko <no-reply@sencila.test>';
/** `company_email` of content/settings.json: where notifications go. */
const COMPANY = 'info@sencila-zorko.si';

let dataDir: string;
let cms: RunningCms;
let db: Database.Database;
const logLines: string[] = [];
/** What a visitor typed, which must never reach a log. */
const personal = new Set<string>();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cms-forms-'));
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  cms = await startCms({ dataDir, port: 0, contentDir: CONTENT_DIR, logger, siteUrl: 'https://www.sencila.test', mail: { from: FROM } });
  db = new Database(join(dataDir, 'cms.sqlite'));
});

afterAll(async () => {
  db?.close();
  await cms?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// HTTP

type Answer = { status: number; body: unknown };

async function post(kind: FormKind | string, body: unknown, { key = newKey(kind), lang = 'sl' as string | null } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== '') headers['idempotency-key'] = key;
  const res = await fetch(new URL(`forms/${kind}${lang === null ? '' : `?lang=${lang}`}`, cms.url), { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (res.status >= 400) expect(apiErrorSchema.safeParse(parsed).success, text).toBe(true);
  return { status: res.status, body: parsed };
}

/** A key as the BFF's outbox makes them (`submissionKey`). */
const newKey = (kind: string) => `${kind}:id:${randomUUID()}`;

async function acked(status: 200 | 201, answer: Promise<Answer>): Promise<string> {
  const got = await answer;
  expect(got.status, JSON.stringify(got.body)).toBe(status);
  return submissionAckSchema.parse(got.body).id;
}

async function refused(answer: Promise<Answer>): Promise<Record<string, string> | undefined> {
  const got = await answer;
  expect(got.status).toBe(400);
  const body = z.object({ error: z.literal('bad_request'), fields: z.record(z.string(), z.string()).optional() }).parse(got.body);
  return body.fields;
}

// ---------------------------------------------------------------------------------------------------
// Rows and mails

const rows = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Record<string, unknown>[];

type MailRow = { id: number; recipient: string; template: string; created_at: string };

function mailsTo(recipient: string, template?: string): MailRow[] {
  return rows(
    `SELECT id, recipient, template, created_at FROM outgoing_mail WHERE recipient = ? ${template ? 'AND template = ?' : ''} ORDER BY id`,
    ...(template ? [recipient, template] : [recipient]),
  ) as MailRow[];
}

const mailCount = () => Number(rows('SELECT count(*) AS n FROM outgoing_mail')[0]!.n);
const mailQueued = () => Number(rows('SELECT count(*) AS n FROM outgoing_mail WHERE sent_at IS NULL AND given_up_at IS NULL')[0]!.n);

/** The file the worker writes for a queued mail (named by creation time and queue id), once written. */
async function delivered(row: MailRow, timeoutMs = 10_000): Promise<Eml> {
  const file = join(dataDir, 'mail', `${row.created_at.replace(/[:.]/g, '-')}-${row.id}.eml`);
  await until(`mail ${row.id} (${row.template}) is delivered`, () => existsSync(file), timeoutMs);
  return readEml(file);
}

/** The one mail of a template for a submission: notifications are found by the id in their text. */
async function notificationOf(id: string, template: string): Promise<Eml> {
  const found = mailsTo(COMPANY, template);
  for (const row of found.reverse()) {
    const mail = await delivered(row);
    if (mail.text.includes(id)) return mail;
  }
  throw new Error(`no ${template} for ${id}`);
}

let visitorCount = 0;
/** A fresh visitor address, remembered as personal data. */
function visitor(): string {
  const email = `obiskovalec${++visitorCount}.${Date.now()}@example.si`;
  personal.add(email);
  return email;
}

function inquiry(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const values = {
    offerType: 'rolete',
    system: 'podometni',
    box: 'Omarica v barvi fasade, RAL 9016',
    mechanism: 'motor',
    motorControl: 'remote',
    colour: 'ral',
    ralCode: 'RAL 7016',
    withMosquitoNet: true,
    width: 120,
    height: 140,
    amount: 2,
    iWantInstallation: true,
    nameAndSurname: 'Ana Kovač',
    email,
    phone: '+386 41 555 123',
    callBack: true,
    streetAddress: 'Prešernova ulica 5',
    postalCode: '2390',
    town: 'Ravne na Koroškem',
    visitTime: 'weekdayAfternoon',
    message: 'Prosim za ponudbo za dve okni v dnevni sobi.\nOkni sta obrnjeni proti jugu.',
    note: 'Kličite po 16. uri.',
    terms: true,
    marketingOptOut: true,
    ...extra,
  };
  for (const field of ['box', 'ralCode', 'nameAndSurname', 'phone', 'streetAddress', 'message', 'note'] as const) personal.add(String(values[field]));
  return values;
}

// ---------------------------------------------------------------------------------------------------

describe('POST forms/inquiry', () => {
  it('stores once per key: 201, then 200 with the same id, one row and one set of mails', async () => {
    const email = visitor();
    const key = newKey('inquiry');
    const body = inquiry(email);

    const mailsBefore = mailCount();
    const id = await acked(201, post('inquiry', body, { key }));
    expect(mailCount() - mailsBefore).toBe(2);
    expect(await acked(200, post('inquiry', body, { key }))).toBe(id);
    // A retry is answered from its key, whatever it carries.
    expect(await acked(200, post('inquiry', { junk: true }, { key }))).toBe(id);

    const stored = rows('SELECT * FROM submissions WHERE idempotency_key = ?', key);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id, kind: 'inquiry', locale: 'sl', email, status: 'new' });
    const data = JSON.parse(String(stored[0]!.data)) as Record<string, unknown>;
    expect(data).toMatchObject({
      offerType: 'rolete',
      system: 'podometni',
      mechanism: 'motor',
      motorControl: 'remote',
      colour: 'ral',
      ralCode: 'RAL 7016',
      width: 120,
      height: 140,
      amount: 2,
      visitTime: 'weekdayAfternoon',
      terms: true,
      marketingOptOut: true,
    });

    const notification = await notificationOf(id, 'inquiry_notification');
    const confirmation = await delivered(mailsTo(email, 'inquiry_confirmation')[0]!);
    // One notification and one confirmation: the retries queued nothing.
    expect(mailCount() - mailsBefore).toBe(2);
    expect(mailsTo(email)).toHaveLength(1);

    // The company's notification: every field with its label, Reply-To the visitor.
    expect(notification.to).toBe(COMPANY);
    expect(notification.from).toBe(FROM);
    expect(notification.replyTo).toBe(email);
    expect(notification.subject).toBe('Novo povpraševanje s spletne strani: Rolete');
    for (const line of [
      'Jezik obiskovalca: slovenščina',
      'Izdelek: Rolete',
      'Vgradnja: Podometna vgradnja',
      'Omarica (mere, barva): Omarica v barvi fasade, RAL 9016',
      'Pogon: Elektromotor',
      'Upravljanje motorja: Daljinski upravljalnik',
      'Barva: Po lestvici RAL',
      'Oznaka RAL: RAL 7016',
      'Komarnik: Da',
      'Širina: 120 cm',
      'Višina: 140 cm',
      'Število kosov: 2',
      'Montaža: Da',
      'Ime in priimek: Ana Kovač',
      `E-naslov: ${email}`,
      'Telefon: +386 41 555 123',
      'Povratni klic: Da',
      'Ulica in hišna številka: Prešernova ulica 5',
      'Poštna številka: 2390',
      'Kraj: Ravne na Koroškem',
      'Želeni termin brezplačne izmere: Med tednom popoldne',
      'Sporočilo:\nProsim za ponudbo za dve okni v dnevni sobi.\nOkni sta obrnjeni proti jugu.',
      'Opomba: Kličite po 16. uri.',
      'Soglasje s pogoji in varstvom osebnih podatkov: Da',
      'Ne želi prejemati ponudb in novic: Da',
      `Oznaka povpraševanja: ${id}`,
    ]) {
      expect(notification.text).toContain(line);
    }

    // The visitor's confirmation: their language, what they asked for by its labels, nothing typed.
    expect(confirmation.to).toBe(email);
    expect(confirmation.replyTo).toBe(COMPANY);
    expect(confirmation.subject).toBe('Senčila Zorko: prejeli smo vaše povpraševanje');
    expect(confirmation.text).toContain('odgovorili v najkrajšem možnem času');
    for (const line of [
      'Izdelek: Rolete',
      'Vgradnja: Podometna vgradnja',
      'Pogon: Elektromotor',
      'Upravljanje motorja: Daljinski upravljalnik',
      'Barva: Po lestvici RAL',
      'Širina: 120 cm',
      'Število kosov: 2',
      'Montaža: Da',
      'Želeni termin brezplačne izmere: Med tednom popoldne',
    ]) {
      expect(confirmation.text).toContain(line);
    }
    for (const typed of ['Ana Kovač', 'RAL 9016', 'RAL 7016', 'dnevni sobi', '16. uri', 'Prešernova', '555 123'])
      expect(confirmation.text).not.toContain(typed);
  });

  it('writes the company’s notification in the company’s language naming the visitor’s, and the confirmation in the visitor’s, with every option by its label', async () => {
    const email = visitor();
    const id = await acked(
      201,
      post(
        'inquiry',
        inquiry(email, {
          offerType: 'zunanji_screen',
          system: 'zip',
          status: 'hidden',
          fabrics: ['zatemnilna', 'Meine Lieblingsfarbe Anthrazit'],
          box: undefined,
          motorControl: 'smartHome',
          colour: 'anthracite',
          visitTime: 'any',
          callBack: false,
          marketingOptOut: false,
        }),
        { lang: 'de' },
      ),
    );
    personal.add('Meine Lieblingsfarbe Anthrazit');

    // The company reads Slovenian (COMPANY_LOCALE's default): its words, the visitor's language named, their own words as typed.
    const notification = await notificationOf(id, 'inquiry_notification');
    expect(notification.subject).toBe('Novo povpraševanje s spletne strani: Zunanji screeni');
    for (const line of [
      'Jezik obiskovalca: nemščina',
      'Izdelek: Zunanji screeni',
      'Sistem: ZIP',
      'Omarica: Skrita omarica',
      'Tkanina: Zatemnilna, Meine Lieblingsfarbe Anthrazit',
      'Pogon: Elektromotor',
      'Upravljanje motorja: Pametni dom',
      'Barva: Antracit',
      'Širina: 120 cm',
      'Število kosov: 2',
      // Unticked boxes: a wish not expressed, never a "no".
      'Povratni klic: ni zahtevano',
      'Želeni termin brezplačne izmere: Kadar koli',
      'Ne želi prejemati ponudb in novic: ni zahtevano',
    ]) {
      expect(notification.text).toContain(line);
    }
    expect(notification.text).not.toMatch(/: (Ne|Nein|No)$/m);
    expect(notification.text).not.toContain('Anfrage');
    // Fields the offer type (or the colour) does not have are not listed (the schema dropped them).
    expect(notification.text).not.toContain('Komarnik:');
    expect(notification.text).not.toContain('Oznaka RAL:');

    const confirmation = await delivered(mailsTo(email, 'inquiry_confirmation')[0]!);
    expect(confirmation.subject).toBe('Senčila Zorko: Wir haben Ihre Anfrage erhalten');
    expect(confirmation.text).toContain('Stoff: Verdunkelnd\n');
    expect(confirmation.text).toContain('Motorsteuerung: Smart Home\nFarbe: Anthrazit\n');
    expect(confirmation.text).not.toContain('Lieblingsfarbe');
    expect(confirmation.text).toContain('so bald wie möglich');
    // The phone of the visitor's market, as the German pages' header shows it (Klagenfurt), not the Slovenian one.
    expect(confirmation.text).toContain('+43 463 890 412');
    expect(confirmation.text).not.toContain('+386 2 870 54 20');
  });

  it('refuses a missing or malformed key, a bad language and a body the schema refuses, storing nothing', async () => {
    const email = visitor();
    const before = rows('SELECT id FROM submissions').length;
    expect(await refused(post('inquiry', inquiry(email), { key: '' }))).toBeUndefined();
    expect(await refused(post('inquiry', inquiry(email), { key: 'short' }))).toBeUndefined();
    expect(await refused(post('inquiry', inquiry(email), { key: 'inquiry:id:has spaces and / slashes' }))).toBeUndefined();
    expect(await refused(post('inquiry', inquiry(email), { lang: 'fr' }))).toBeUndefined();

    expect(await refused(post('inquiry', {}))).toMatchObject({
      offerType: 'form.errors.offerType',
      email: 'form.errors.emailOrPhone',
      phone: 'form.errors.emailOrPhone',
      terms: 'form.errors.terms',
    });
    // The bounds of decisions.md, by the shared schema.
    expect(await refused(post('inquiry', inquiry(email, { width: 5 })))).toEqual({ width: 'form.errors.width' });
    expect(await refused(post('inquiry', inquiry(email, { height: 601 })))).toEqual({ height: 'form.errors.height' });
    expect(await refused(post('inquiry', inquiry(email, { amount: 0 })))).toEqual({ amount: 'form.errors.amount' });
    expect(await refused(post('inquiry', inquiry(email, { width: 120.5 })))).toEqual({ width: 'form.errors.width' });
    expect(await refused(post('inquiry', inquiry(email, { system: 'zip' })))).toEqual({ system: 'form.errors.choice' });
    expect(await refused(post('inquiry', inquiry(email, { phone: undefined, callBack: true })))).toEqual({ phone: 'form.errors.phoneForCallBack' });
    expect(await refused(post('inquiry', inquiry(email, { message: 'x'.repeat(5001) })))).toEqual({ message: 'form.errors.tooLong' });
    expect(await refused(post('inquiry', inquiry(email, { email: 'not an address' })))).toEqual({ email: 'form.errors.email' });

    expect(rows('SELECT id FROM submissions').length).toBe(before);
    expect(mailsTo(email)).toHaveLength(0);

    // A refused body does not spend its key: the corrected post is stored under it.
    const key = newKey('inquiry');
    await refused(post('inquiry', inquiry(email, { width: 5 }), { key }));
    await acked(201, post('inquiry', inquiry(email), { key }));
  });

  it('takes an inquiry with a phone and no e-mail: stored, the company told to call, no confirmation to anyone (issue 26, point 4)', async () => {
    const phone = '+386 41 777 888';
    personal.add(phone);
    const before = mailCount();
    const { email: _, ...phoneOnly } = inquiry('', { phone, callBack: false });
    const id = await acked(201, post('inquiry', phoneOnly, { lang: 'en' }));
    expect(rows('SELECT kind, email FROM submissions WHERE id = ?', id)).toEqual([{ kind: 'inquiry', email: null }]);
    const notification = await notificationOf(id, 'inquiry_notification');
    expect(notification.replyTo).toBe('');
    expect(notification.text).toContain(`Telefon: ${phone}`);
    expect(notification.text).toContain('Jezik obiskovalca: angleščina');
    expect(notification.text).toContain('Obiskovalec ni vpisal e-poštnega naslova');
    expect(mailCount()).toBe(before + 1);
  });

  it('answers an unknown form with 404 and a body over 64 kB with 413', async () => {
    expect((await post('contact', { email: visitor() })).status).toBe(404);
    expect((await post('inquiry', { ...inquiry(visitor()), padding: 'x'.repeat(70_000) })).status).toBe(413);
  });

  it(`confirms at most ${CONFIRMATIONS_PER_DAY} confirmations in 24 hours to one address; the company hears of every one`, async () => {
    const email = visitor();
    const ids: string[] = [];
    for (let i = 0; i <= CONFIRMATIONS_PER_DAY; i++) ids.push(await acked(201, post('inquiry', inquiry(email))));
    expect(new Set(ids).size).toBe(CONFIRMATIONS_PER_DAY + 1);
    expect(mailsTo(email, 'inquiry_confirmation')).toHaveLength(CONFIRMATIONS_PER_DAY);
    for (const id of ids) await notificationOf(id, 'inquiry_notification');
  });

  it(`confirms at most ${CONFIRMATIONS_PER_DAY} times in 24 hours to one mailbox from the forms and the newsletter together (issue 26, point 6)`, async () => {
    const email = visitor();
    const address = { streetAddress: 'Gozdna pot 7', postalCode: '2380', town: 'Slovenj Gradec' };
    const ids = [
      await acked(201, post('inquiry', inquiry(email))),
      await acked(
        201,
        post('service', { phone: '041 222 444', email: email.replace('@', '+servis@'), ...address, content: 'Tenda se ne zapre.', terms: true }),
      ),
      await acked(201, post('newsletter', { email: email.toUpperCase(), consent: true })),
      await acked(201, post('inquiry', inquiry(email), { lang: 'de' })),
      await acked(201, post('service', { phone: '041 222 444', email, ...address, content: 'Še vedno se ne zapre.', terms: true })),
    ];
    const key = email.toLowerCase();
    const confirmations = rows('SELECT template FROM outgoing_mail WHERE recipient_key = ? ORDER BY id', key).map((r) => r.template);
    expect(confirmations).toEqual(['inquiry_confirmation', 'service_confirmation', 'newsletter_confirm']);
    // The company still hears of every submission.
    for (const id of [ids[0]!, ids[3]!]) await notificationOf(id, 'inquiry_notification');
    for (const id of [ids[1]!, ids[4]!]) await notificationOf(id, 'service_notification');
    // A day later the mailbox may be confirmed to again.
    db.prepare('UPDATE outgoing_mail SET created_at = ? WHERE recipient_key = ?').run(new Date(Date.now() - 24 * 60 * 60_000 - 1000).toISOString(), key);
    await acked(201, post('inquiry', inquiry(email)));
    expect(mailsTo(email, 'inquiry_confirmation')).toHaveLength(2);
  });

  it('counts one mailbox under every spelling: +tags, upper case, Gmail’s dots (issue 24, point 6)', async () => {
    const local = `flood${Date.now()}`;
    const spellings = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? `${local}+${i}@example.si` : `${local.toUpperCase()}+x${i}@Example.SI`));
    for (const email of spellings) await acked(201, post('inquiry', inquiry(email)));
    const confirmations = rows("SELECT recipient FROM outgoing_mail WHERE template = 'inquiry_confirmation' AND recipient_key = ?", `${local}@example.si`);
    expect(confirmations).toHaveLength(CONFIRMATIONS_PER_DAY);
    // Each went to the address as it was typed.
    expect(confirmations.map((r) => r.recipient)).toEqual(spellings.slice(0, CONFIRMATIONS_PER_DAY).map((e) => e.toLowerCase()));
    const gmail = `f.l.o.o.d.${Date.now()}`;
    for (const email of [
      `${gmail}@gmail.com`,
      `${gmail.replaceAll('.', '')}+a@googlemail.com`,
      `${gmail.slice(0, 3)}${gmail.slice(3).replaceAll('.', '')}@gmail.com`,
    ]) {
      for (let i = 0; i < 2; i++) await acked(201, post('inquiry', inquiry(email)));
    }
    expect(
      rows("SELECT id FROM outgoing_mail WHERE template = 'inquiry_confirmation' AND recipient_key = ?", `${gmail.replaceAll('.', '')}@gmail.com`),
    ).toHaveLength(CONFIRMATIONS_PER_DAY);
  });
});

describe('the company’s language (COMPANY_LOCALE)', () => {
  it('writes the notification in the language the company set, naming the visitor’s, and "not sure, advise me" by its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-forms-de-'));
    const german = await startCms({
      dataDir: dir,
      port: 0,
      contentDir: CONTENT_DIR,
      logger: pino({ level: 'silent' }),
      siteUrl: 'https://www.sencila.test',
      mail: { from: FROM },
      companyLocale: 'de',
    });
    try {
      const email = visitor();
      const res = await fetch(new URL('forms/inquiry?lang=sl', german.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey('inquiry') },
        body: JSON.stringify({
          offerType: 'svetovanje',
          nameAndSurname: 'Ana Kovač',
          email,
          width: 180,
          iWantInstallation: true,
          message: 'Okno proti jugu.',
          terms: true,
        }),
      });
      expect(res.status).toBe(201);
      const files = () => (existsSync(join(dir, 'mail')) ? readdirSync(join(dir, 'mail')).filter((f) => f.endsWith('.eml')) : []);
      await until('both mails are written', () => files().length === 2);
      const mails = files().map((file) => readEml(join(dir, 'mail', file)));
      const notification = mails.find((mail) => mail.to === COMPANY)!;
      expect(notification.subject).toBe('Neue Anfrage über die Website: Weiß nicht – beraten Sie mich');
      expect(notification.text).toContain('Sprache der Anfrage: Slowenisch');
      expect(notification.text).toContain('Breite: 180 cm');
      expect(notification.text).toContain('Okno proti jugu.');
      // The visitor's confirmation stays in the visitor's language.
      const confirmation = mails.find((mail) => mail.to === email)!;
      expect(confirmation.subject).toBe('Senčila Zorko: prejeli smo vaše povpraševanje');
      expect(confirmation.text).toContain('Izdelek: Ne vem, svetujte mi');
    } finally {
      await german.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST forms/service', () => {
  it('without an address: stored, and only the company is told (to call back)', async () => {
    const phone = '+386 31 222 333';
    personal.add(phone);
    personal.add('Roleta v spalnici se ne spušča več do konca.');
    const id = await acked(
      201,
      post(
        'service',
        { phone, invoiceNumber: 'R-2019-0415', installationYear: 2019, content: 'Roleta v spalnici se ne spušča več do konca.', terms: true },
        { lang: 'en' },
      ),
    );
    expect(rows('SELECT kind, locale, email FROM submissions WHERE id = ?', id)).toEqual([{ kind: 'service', locale: 'en', email: null }]);
    const notification = await notificationOf(id, 'service_notification');
    // In the company's language (Slovenian), naming the visitor's.
    expect(notification.subject).toBe('Nova zahteva za servis s spletne strani');
    expect(notification.replyTo).toBe('');
    for (const line of [
      'Jezik obiskovalca: angleščina',
      'Številka računa: R-2019-0415',
      'Leto montaže: 2019',
      'Opis: Roleta v spalnici se ne spušča več do konca.',
      `Telefon: ${phone}`,
      'Ne želi prejemati ponudb in novic: ni zahtevano',
      'Obiskovalec ni navedel e-naslova',
    ]) {
      expect(notification.text).toContain(line);
    }
  });

  it('with an address: a confirmation too, in the visitor’s language, repeating the description but never the name or phone', async () => {
    const email = visitor();
    const id = await acked(
      201,
      post(
        'service',
        { phone: '041 222 444', content: 'Motor brni, a se tenda ne premakne.', email, nameAndSurname: 'Janez Novak', terms: 'on' },
        { lang: 'sl' },
      ),
    );
    personal.add('Janez Novak');
    personal.add('Motor brni, a se tenda ne premakne.');
    const notification = await notificationOf(id, 'service_notification');
    expect(notification.replyTo).toBe(email);
    expect(notification.text).toContain('Ime in priimek: Janez Novak');
    const confirmation = await delivered(mailsTo(email, 'service_confirmation')[0]!);
    expect(confirmation.subject).toBe('Senčila Zorko: prejeli smo vašo zahtevo za servis');
    expect(confirmation.text).toContain('v najkrajšem možnem času poklicali');
    expect(confirmation.text).toContain('Opis: Motor brni, a se tenda ne premakne.');
    // The phone of the Slovenian market, as the header shows it.
    expect(confirmation.text).toContain('+386 2 870 54 20');
    for (const typed of ['Janez', '222 444']) expect(confirmation.text).not.toContain(typed);
  });

  it('lists the installation address and the preferred time, and confirms the address, the time, the description and the photos’ count (issue 26, point 7)', async () => {
    const email = visitor();
    const address = { streetAddress: 'Glavni trg 24', postalCode: '2380', town: 'Slovenj Gradec' };
    for (const value of Object.values(address)) personal.add(value);
    const id = await acked(
      201,
      post('service', { phone: '041 222 555', email, ...address, visitTime: 'saturday', content: 'Tenda se ne zapre.', terms: true }, { lang: 'sl' }),
    );
    personal.add('Tenda se ne zapre.');
    const notification = await notificationOf(id, 'service_notification');
    for (const line of [
      'Naslov montaže: Glavni trg 24',
      'Poštna številka: 2380',
      'Kraj: Slovenj Gradec',
      'Želeni termin obiska: V soboto',
      'Opis: Tenda se ne zapre.',
    ]) {
      expect(notification.text).toContain(line);
    }
    const confirmation = await delivered(mailsTo(email, 'service_confirmation')[0]!);
    expect(confirmation.text).toContain(
      'Povzetek zahteve:\nNaslov montaže: Glavni trg 24\nPoštna številka: 2380\nKraj: Slovenj Gradec\nŽeleni termin obiska: V soboto\nOpis: Tenda se ne zapre.\n',
    );
    expect(confirmation.text).not.toContain('041 222 555');
  });

  it('still stores a request an outbox queued before the address was required (the deploy must not turn it into a dead letter)', async () => {
    const queuedBefore = { phone: '041 222 666', content: 'Roleta ropota.', terms: true, marketingOptOut: false, submissionId: randomUUID() };
    personal.add('Roleta ropota.');
    const id = await acked(201, post('service', queuedBefore, { lang: 'de' }));
    const notification = await notificationOf(id, 'service_notification');
    expect(notification.text).toContain('Opis: Roleta ropota.');
    expect(notification.text).not.toContain('Naslov montaže');
  });

  it('refuses an installation year outside 1990 to this year and a missing phone', async () => {
    const base = { phone: '041 222 444', content: 'Servis', terms: true };
    expect(await refused(post('service', { ...base, installationYear: 1989 }))).toEqual({ installationYear: 'form.errors.year' });
    expect(await refused(post('service', { ...base, installationYear: new Date().getFullYear() + 1 }))).toEqual({ installationYear: 'form.errors.year' });
    expect(await refused(post('service', { ...base, phone: '' }))).toEqual({ phone: 'form.errors.required' });
  });
});

describe('POST forms/newsletter', () => {
  it('keeps one row per address and subscribes no one: the address gets a confirmation link, once an hour', async () => {
    const email = visitor();
    const key = newKey('newsletter');
    const id = await acked(201, post('newsletter', { email, consent: true }, { key, lang: 'en' }));
    expect(await acked(200, post('newsletter', { email, consent: true }, { key, lang: 'en' }))).toBe(id);
    // Another key (another signup form), the address typed differently: the same row, the same
    // answer as for any new signup, and no second mail within the hour.
    const otherKey = newKey('newsletter');
    expect(await acked(201, post('newsletter', { email: `  ${email.toUpperCase()} `, consent: true }, { key: otherKey, lang: 'de' }))).toBe(id);
    expect(await acked(200, post('newsletter', { email, consent: true }, { key: otherKey }))).toBe(id);

    expect(rows('SELECT id, email, locale, confirmed_at, unsubscribed_at FROM newsletter_subscriptions WHERE email = ?', email)).toEqual([
      { id, email, locale: 'de', confirmed_at: null, unsubscribed_at: null },
    ]);
    expect(mailsTo(email).map((m) => m.template)).toEqual(['newsletter_confirm']);
    const confirmation = await delivered(mailsTo(email)[0]!);
    expect(confirmation.subject).toBe('Senčila Zorko: please confirm your newsletter subscription');
    expect(confirmation.replyTo).toBe(COMPANY);
    expect(confirmation.text).toMatch(/https:\/\/www\.sencila\.test\/en\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}\n/);
    // Only its hash is stored.
    const token = /\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.text)![1]!;
    expect(rows('SELECT token_hash FROM newsletter_tokens').map((r) => r.token_hash)).not.toContain(token);
    // Signups are not announced to the company one by one.
    expect(mailsTo(COMPANY, 'newsletter_confirm')).toHaveLength(0);
  });

  it('mails one confirmation an hour to a mailbox whatever +tag the signups give it', async () => {
    const local = `nl${Date.now()}`;
    for (let i = 1; i <= 10; i++) await acked(201, post('newsletter', { email: `${local}+${i}@example.si`, consent: true }));
    expect(rows('SELECT count(*) AS n FROM newsletter_subscriptions WHERE email LIKE ?', `${local}+%`)[0]!.n).toBe(10);
    expect(rows("SELECT recipient FROM outgoing_mail WHERE template = 'newsletter_confirm' AND recipient_key = ?", `${local}@example.si`)).toEqual([
      { recipient: `${local}+1@example.si` },
    ]);
  });

  it('asks an address that had unsubscribed to confirm again, and leaves it unsubscribed until then', async () => {
    const email = visitor();
    const id = await acked(201, post('newsletter', { email, consent: 'on' }));
    db.prepare("UPDATE newsletter_subscriptions SET confirmed_at = '2025-01-01T00:00:00.000Z', unsubscribed_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").run(
      id,
    );
    db.prepare("UPDATE newsletter_tokens SET created_at = '2025-01-01T00:00:00.000Z' WHERE subscription_id = ?").run(id);
    db.prepare("UPDATE outgoing_mail SET created_at = '2025-01-01T00:00:00.000Z' WHERE recipient = ?").run(email);
    expect(await acked(201, post('newsletter', { email, consent: 'on' }, { lang: 'de' }))).toBe(id);
    const [row] = rows('SELECT locale, unsubscribed_at FROM newsletter_subscriptions WHERE id = ?', id);
    expect(row).toEqual({ locale: 'de', unsubscribed_at: '2026-01-01T00:00:00.000Z' });
    expect(mailsTo(email, 'newsletter_confirm')).toHaveLength(2);
    expect((await delivered(mailsTo(email)[1]!)).subject).toBe('Senčila Zorko: Bitte bestätigen Sie Ihre Newsletter-Anmeldung');
  });

  it('requires an address and consent', async () => {
    expect(await refused(post('newsletter', { email: visitor() }))).toEqual({ consent: 'form.errors.consent' });
    expect(await refused(post('newsletter', { consent: true }))).toEqual({ email: 'form.errors.required' });
  });
});

describe('GET account/submissions', () => {
  async function signedIn(email: string): Promise<string> {
    const password = 'Senčila za vse letne čase';
    const at = new Date().toISOString();
    db.prepare('INSERT INTO users (email, password_hash, name, locale, verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      email,
      await hashPassword(password),
      'Ana',
      'sl',
      at,
      at,
    );
    const res = await fetch(new URL('auth/login?lang=sl', cms.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return sessionSchema.parse(await res.json()).token;
  }

  const list = async (token?: string) => {
    const res = await fetch(new URL('account/submissions?lang=sl', cms.url), { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  const grantFor = async (token: string): Promise<string> => {
    const res = await fetch(new URL('account/submission-grants?lang=sl', cms.url), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(201);
    return z.object({ grant: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).parse(await res.json()).grant;
  };

  it('lists the submissions its owner posted while signed in, newest first, and nobody else’s', async () => {
    const email = visitor();
    const other = visitor();
    const token = await signedIn(email);
    const first = await acked(
      201,
      post('inquiry', { ...inquiry(email, { offerType: 'tende', system: 'kasetna', length: 250 }), accountGrant: await grantFor(token) }),
    );
    await acked(201, post('inquiry', inquiry(other)));
    const second = await acked(201, post('service', { phone: '041 222 444', content: 'Servis', email, terms: true, accountGrant: await grantFor(token) }));
    await acked(201, post('newsletter', { email, consent: true }));
    db.prepare("UPDATE submissions SET status = 'contacted' WHERE id = ?").run(first);
    // The grant is not part of what was stored.
    expect(rows('SELECT data FROM submissions WHERE id = ?', first)[0]!.data).not.toContain('accountGrant');

    const answer = await list(token);
    expect(answer.status).toBe(200);
    const listed = z.array(accountSubmissionSchema).parse(answer.body);
    expect(listed.map(({ id, kind, offerType, status }) => ({ id, kind, offerType, status }))).toEqual([
      { id: second, kind: 'service', offerType: null, status: 'received' },
      { id: first, kind: 'inquiry', offerType: 'tende', status: 'contacted' },
    ]);
    expect(Date.parse(listed[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(listed[1]!.createdAt));

    expect(await list()).toEqual({ status: 401, body: { error: 'unauthorized' } });
    expect(await list('x'.repeat(43))).toEqual({ status: 401, body: { error: 'unauthorized' } });
    await fails401(fetch(new URL('account/submission-grants', cms.url), { method: 'POST' }));
  });

  it('lists a form posted with the account’s address by anyone not signed in to it, marked as such, never as the account’s', async () => {
    const email = visitor();
    const token = await signedIn(email);
    const stranger = await signedIn(visitor());

    // Signed out, with the owner's address: stored and mailed as ever, not listed.
    const anonymous = await acked(201, post('inquiry', inquiry(email)));
    // Signed in as another account, with the owner's address: the grant vouches for that account's address only.
    const otherAccount = await acked(201, post('inquiry', { ...inquiry(email), accountGrant: await grantFor(stranger) }));
    // A grant used once, an expired one, a made-up one, a malformed one: as good as none, and the submission is still taken.
    const grant = await grantFor(token);
    await acked(201, post('inquiry', { ...inquiry(email), accountGrant: grant }));
    const reused = await acked(201, post('inquiry', { ...inquiry(email), accountGrant: grant }));
    const expiring = await grantFor(token);
    db.prepare('UPDATE submission_grants SET expires_at = ? WHERE token_hash = ?').run(new Date(Date.now() - 1000).toISOString(), sha256(expiring));
    const expired = await acked(201, post('inquiry', { ...inquiry(email), accountGrant: expiring }));
    const madeUp = await acked(201, post('inquiry', { ...inquiry(email), accountGrant: 'x'.repeat(43) }));
    const malformed = await acked(201, post('service', { phone: '041 222 444', content: 'Servis', email, terms: true, accountGrant: 'no good' }));

    // Every one held under the address is listed (decision 0044), and only the one its grant vouched for as sent signed in.
    const listed = z.array(accountSubmissionSchema).parse((await list(token)).body);
    expect(listed).toHaveLength(7);
    expect(listed.filter((s) => s.sentSignedIn)).toHaveLength(1);
    for (const id of [anonymous, otherAccount, reused, expired, madeUp, malformed]) {
      expect(listed.find((s) => s.id === id)?.sentSignedIn, id).toBe(false);
    }
    // The other account lists nothing: none was sent with its address.
    expect(z.array(accountSubmissionSchema).parse((await list(stranger)).body)).toEqual([]);
    // The company has every one of them.
    expect(rows('SELECT count(*) AS n FROM submissions WHERE email = ?', email)[0]!.n).toBe(7);
  });
});

async function fails401(answer: Promise<Response>): Promise<void> {
  const res = await answer;
  expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { error: 'unauthorized' } });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('privacy', () => {
  it('logs ids and kinds, never an address, a name, a phone or a message', async () => {
    // Everything above has run on this CMS: its mails are written (and logged) first.
    await until('every queued mail is sent', () => mailQueued() === 0);
    // Without the random ids and the times, where a short value such as a postal code may turn up by chance.
    const logs = logLines.map((line) => line.replace(/"(time|pid|mailId|submissionId|subscriptionId)":("[^"]*"|\d+)/g, '')).join('\n');
    expect(logs).toContain('form submission stored');
    expect(logs).toContain('newsletter confirmation sent');
    for (const value of personal) for (const part of value.split('\n')) expect(logs).not.toContain(part);
    expect(logs).not.toContain(COMPANY);
  });
});
