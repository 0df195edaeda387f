import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fieldLabelKey, optionLabelKey, type FieldSpecs } from '../../shared/forms/field-spec';
import { sectionFields, walkFields } from '../../shared/forms/form-schema';
import { INQUIRY_FIELDS, OFFER_TYPES, OPTION_SETS } from '../../shared/forms/inquiry';
import { inquiryForm } from '../../shared/forms/inquiry-form';
import { SERVICE_FIELDS } from '../../shared/forms/service';
import { serviceForm } from '../../shared/forms/service-form';
import { LOCALES } from '../../shared/locales';
import { openDb, type Db } from '../../server/cms/db';
import {
  EXCERPT_CHARS,
  formLabels,
  inquirySections,
  inquirySummary,
  offerTypeLabel,
  renderFormMail,
  serviceSections,
  serviceSummary,
  type FormMailTemplate,
  type FormMailVars,
  type StoredInquiry,
} from '../../server/cms/mail/form-templates';
import { fieldList } from '../../server/cms/mail/plain-text';
import { mailQueue } from '../../server/cms/mail/queue';
import { createMailTransport } from '../../server/cms/mail/transport';
import { migrate } from '../../server/cms/migrations';
import { loadCmsStrings } from '../../server/cms/strings';
import { readEml } from '../support/eml';
import { mailWords } from '../support/i18n';

const strings = loadCmsStrings();
/** A site label, as a mail names a field. */
const siteLabel = (locale: (typeof LOCALES)[number], key: string) => strings.site(locale)(key);

/**
 * A value for every field the product step shows for these choices, the visitor's own free text
 * where a field takes it; a motor and a RAL colour where offered, so their follow-ups appear too.
 */
function filledInquiry(offerType: (typeof OFFER_TYPES)[number], system?: string): StoredInquiry {
  const values: Record<string, unknown> = { offerType, system, nameAndSurname: 'Vpisano Ime', email: 'a@example.si', terms: true, visitTime: 'saturday' };
  // Each pass may show fields that the previous one's choices bring (motor -> control, RAL -> code).
  for (let pass = 0; pass < 3; pass++) {
    for (const { name, spec, options } of sectionFields(INQUIRY_FIELDS, 'product', values)) {
      if (values[name] !== undefined) continue;
      if (spec.kind === 'choice') values[name] = options.includes('motor') ? 'motor' : options.includes('ral') ? 'ral' : options[0];
      if (spec.kind === 'tags') values[name] = [options[0], 'Vpisana lastna tkanina'];
      if (spec.kind === 'number') values[name] = spec.min;
      if (spec.kind === 'checkbox') values[name] = true;
      if (spec.kind === 'text') values[name] = 'Vpisana omarica';
    }
  }
  const { submissionId: _, ...form } = inquiryForm.parse(values);
  return form as StoredInquiry;
}

const EVERY_INQUIRY = OFFER_TYPES.flatMap((offerType) =>
  offerType === 'notranja_sencila' ? OPTION_SETS.interiorSystem.map((system) => filledInquiry(offerType, system)) : [filledInquiry(offerType)],
);

/** Every locale key a form's fields and options can be named by, for every product. */
function labelKeys(ns: 'inquiry' | 'service', fields: FieldSpecs): string[] {
  const keys = new Set<string>();
  for (const form of [...EVERY_INQUIRY, {}] as Record<string, unknown>[]) {
    for (const { name, spec, options } of walkFields(fields, form).shown) {
      keys.add(fieldLabelKey(ns, name, spec, form.offerType));
      if (spec.mailLabel) keys.add(spec.mailLabel);
      for (const value of options) keys.add(optionLabelKey(ns, spec, value));
    }
  }
  return [...keys];
}

describe('form mail labels', () => {
  it.each(LOCALES)('has a site label for every field and option the forms can send, in %s', (locale) => {
    const keys = [...labelKeys('inquiry', INQUIRY_FIELDS), ...labelKeys('service', SERVICE_FIELDS)];
    expect(keys).toContain('inquiry.fields.motorControl');
    expect(keys).toContain('inquiry.options.smartHome');
    // A label the locale's files lack is written as its key.
    expect(keys.filter((key) => siteLabel(locale, key) === key)).toEqual([]);
  });

  it.each(LOCALES)('lists every product field an inquiry has, each with its label, in %s', (locale) => {
    const labels = formLabels(strings, locale);
    for (const form of EVERY_INQUIRY) {
      const [product] = inquirySections(form, labels);
      const shown = sectionFields(INQUIRY_FIELDS, 'product', form).map(({ name, spec }) =>
        siteLabel(locale, spec.mailLabel ?? fieldLabelKey('inquiry', name, spec, form.offerType)),
      );
      // The offer type, then one row per field of that offer type.
      expect(product!.rows.map((row) => row.label)).toEqual([siteLabel(locale, 'inquiry.fields.offerType'), ...shown]);
      for (const row of product!.rows) expect(row.value, `${form.offerType} ${row.label}`).not.toMatch(/^(undefined|)$|\.options\./);
    }
  });

  it('gives different words for different options of one field', () => {
    for (const locale of LOCALES) {
      for (const [set, values] of Object.entries(OPTION_SETS)) {
        const words = values.map((value) => siteLabel(locale, `inquiry.options.${value}`));
        expect(new Set(words).size, `${locale} ${set}`).toBe(values.length);
      }
    }
  });
});

describe('form mails', () => {
  const vars: { [T in FormMailTemplate]: FormMailVars[T] } = {
    inquiry_notification: {
      offerType: 'OFFER',
      sections: [{ title: 'SECTION', rows: [{ label: 'LABEL', value: 'VALUE' }] }],
      language: 'LANGUAGE',
      receivedAt: 'WHEN',
      id: 'ID-1',
      replyTo: 'visitor@example.si',
    },
    service_notification: {
      sections: [{ title: 'SECTION', rows: [{ label: 'LABEL', value: 'VALUE' }] }],
      language: 'LANGUAGE',
      receivedAt: 'WHEN',
      id: 'ID-1',
      replyTo: 'visitor@example.si',
    },
    inquiry_confirmation: {
      company: 'ACME Senčila',
      summary: [{ label: 'LABEL', value: 'VALUE' }],
      contactEmail: 'info@acme.test',
      contactPhone: '+386 1 234 56 78',
    },
    service_confirmation: {
      company: 'ACME Senčila',
      summary: [{ label: 'LABEL', value: 'VALUE' }],
      contactEmail: 'info@acme.test',
      contactPhone: '+386 1 234 56 78',
    },
    newsletter_confirm: { company: 'ACME Senčila', link: 'https://www.acme.test/sl/e-novice/potrditev?token=TOKEN', days: 7 },
    newsletter_welcome: { company: 'ACME Senčila', contactEmail: 'info@acme.test', unsubscribeLink: 'https://www.acme.test/sl/e-novice/odjava?token=TOKEN' },
  };

  it.each(LOCALES)('writes every form mail in %s with everything it is given', (locale) => {
    for (const template of Object.keys(vars) as FormMailTemplate[]) {
      const mail = renderFormMail(strings, template, locale, vars[template] as never);
      for (const value of Object.values(vars[template])) {
        if (typeof value === 'string' && value !== 'OFFER') expect(mail.text, `${locale} ${template}`).toContain(value);
      }
      expect(mail.text).not.toMatch(/undefined|\[object|\$\{|\{\w+\}|\{\{/);
      // The subject, and a visitor's greeting and sign-off, are the locale's mail.json words.
      const words = mailWords(locale, vars[template]);
      expect(words, `${locale} ${template}`).toContain(mail.subject);
      const paragraphs = mail.text.trimEnd().split('\n\n');
      if ('company' in vars[template]) expect(words, `${locale} ${template}`).toEqual(expect.arrayContaining([paragraphs[0], paragraphs.at(-1)]));
      // Subjects carry no personal data: they stay in the queue after the text is blanked.
      expect(mail.subject).not.toContain('visitor@example.si');
    }
    expect(renderFormMail(strings, 'inquiry_notification', locale, vars.inquiry_notification).subject).toContain('OFFER');
    expect(renderFormMail(strings, 'inquiry_notification', locale, vars.inquiry_notification).text).toContain('SECTION\n-------\nLABEL: VALUE');
  });

  it.each(LOCALES)('says in %s when a service request has no address to answer', (locale) => {
    const withAddress = renderFormMail(strings, 'service_notification', locale, vars.service_notification).text;
    const without = renderFormMail(strings, 'service_notification', locale, { ...vars.service_notification, replyTo: undefined }).text;
    expect(without).not.toContain('visitor@example.si');
    expect(without).not.toEqual(withAddress.replace('visitor@example.si', ''));
  });

  it('never puts free text in the visitor’s summary', () => {
    for (const locale of LOCALES) {
      for (const form of EVERY_INQUIRY) {
        const summary = fieldList(inquirySummary(form, formLabels(strings, locale)));
        expect(summary).not.toMatch(/Vpisan/);
        expect(summary).toContain(offerTypeLabel(form, formLabels(strings, locale)));
        // …while the company's notification has all of it.
        const notification = inquirySections(form, formLabels(strings, locale))
          .flatMap((s) => s.rows.map((r) => r.value))
          .join('\n');
        expect(notification).toContain('Vpisano Ime');
        if ('fabrics' in form) expect(notification).toContain('Vpisana lastna tkanina');
      }
    }
  });

  it('lists a service request with its year and drops control characters from typed text', () => {
    const form = serviceForm.parse({
      phone: '041 222 333',
      streetAddress: 'Glavna 1',
      postalCode: '1000',
      town: 'Ljubljana',
      installationYear: '2015',
      content: 'Prva vrstica\r\nDruga\u0007 vrstica\u001b[31m',
      terms: 'on',
    });
    const rows = serviceSections(form, formLabels(strings, 'sl')).flatMap((section) => section.rows);
    expect(rows).toContainEqual({ label: 'Leto montaže', value: '2015' });
    expect(rows).toContainEqual({ label: 'Opis', value: 'Prva vrstica\nDruga vrstica[31m' });
  });

  it('summarises a service request for the visitor: the address, the preferred time and the start of the description, never the name or invoice', () => {
    const form = serviceForm.parse({
      nameAndSurname: 'Vpisano Ime',
      invoiceNumber: 'R-2019-44',
      phone: '041 222 333',
      streetAddress: 'Vpisana ulica 1',
      postalCode: '1000',
      town: 'Vpisani kraj',
      visitTime: 'saturday',
      content: 'Roleta v kuhinji se ne spusti do konca.',
      terms: 'on',
    });
    expect(serviceSummary(form, formLabels(strings, 'sl'))).toEqual([
      { label: 'Naslov montaže', value: 'Vpisana ulica 1' },
      { label: 'Poštna številka', value: '1000' },
      { label: 'Kraj', value: 'Vpisani kraj' },
      { label: 'Želeni termin obiska', value: 'V soboto' },
      { label: 'Opis', value: 'Roleta v kuhinji se ne spusti do konca.' },
    ]);
    expect(serviceSummary(form, formLabels(strings, 'de'))).toContainEqual({ label: 'Wunschtermin für den Besuch', value: 'Samstags' });
  });

  it('repeats only the first words of a long description, cut at a word', () => {
    const long = `${'beseda '.repeat(80)}KONEC`;
    const form = serviceForm.parse({ phone: '041 222 333', streetAddress: 'Glavna 1', postalCode: '1000', town: 'Ljubljana', content: long, terms: 'on' });
    const description = serviceSummary(form, formLabels(strings, 'sl')).find((row) => row.label === 'Opis')!.value;
    expect(description.length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
    expect(description).toMatch(/^beseda( beseda)+ …$/);
    expect(description).not.toContain('KONEC');
  });

  it('writes an unticked box as not asked, never as a refusal', () => {
    const form = inquiryForm.parse({
      offerType: 'rolete',
      nameAndSurname: 'A',
      email: 'a@example.si',
      iWantInstallation: '',
      withMosquitoNet: 'on',
      terms: 'on',
    });
    for (const [locale, installation, notAsked] of [
      ['sl', 'Montaža', 'ni zahtevano'],
      ['en', 'Installation by us', 'not asked'],
      ['de', 'Montage', 'nicht angefragt'],
    ] as const) {
      const rows = inquirySummary(form, formLabels(strings, locale));
      expect(rows).toContainEqual({ label: installation, value: notAsked });
      const notification = inquirySections(form, formLabels(strings, locale)).flatMap((section) => section.rows);
      expect(notification).toContainEqual({ label: installation, value: notAsked });
    }
  });
});

describe('plain-text field lists', () => {
  it('sets long and multi-line values below their label, set off by blank lines', () => {
    expect(
      fieldList([
        { label: 'A', value: '1' },
        { label: 'B', value: 'x\ny' },
        { label: 'C', value: '2' },
        { label: 'D', value: '3' },
      ]),
    ).toBe('A: 1\n\nB:\nx\ny\n\nC: 2\nD: 3');
    expect(fieldList([{ label: 'Long', value: 'w '.repeat(40).trim() }])).toBe(`Long:\n${'w '.repeat(40).trim()}`);
  });
});

describe('Reply-To', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cms-forms-mail-'));
    db = openDb(join(dir, 'data'));
    migrate(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('travels with a queued mail to the message and is blanked with the text once sent', async () => {
    const queue = mailQueue(db);
    const at = new Date('2026-05-04T08:00:00.000Z');
    queue.enqueue(
      { to: 'info@acme.test', template: 'inquiry_notification', subject: 'Novo povpraševanje', text: 'Besedilo\n', replyTo: 'obiskovalka@example.si' },
      at,
    );
    queue.enqueue({ to: 'info@acme.test', template: 'verify_email', subject: 'Potrdite', text: 'Povezava\n' }, at);
    const first = queue.claimNext(at, 60_000)!;
    const second = queue.claimNext(at, 60_000)!;
    expect([first.replyTo, second.replyTo]).toEqual(['obiskovalka@example.si', null]);

    const fileDir = join(dir, 'mail');
    const transport = createMailTransport({ from: () => 'Senčila <no-reply@acme.test>', fileDir });
    await transport.send(first);
    await transport.send(second);
    transport.close();
    const [withReplyTo, without] = readdirSync(fileDir)
      .sort()
      .map((file) => readEml(join(fileDir, file)));
    expect(withReplyTo!.replyTo).toBe('obiskovalka@example.si');
    expect(without!.headers['reply-to']).toBeUndefined();

    queue.markSent(first.id, at);
    expect(db.prepare('SELECT reply_to, text FROM outgoing_mail WHERE id = ?').get(first.id)).toEqual({ reply_to: null, text: '' });
  });
});
