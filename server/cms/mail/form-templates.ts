import {
  CONTACT_FIELDS, MESSAGE_FIELDS, productFields, type FieldSpec, type InquiryForm, type OfferType, type OPTION_SETS, type ProductField,
} from '../../../shared/forms/inquiry';
import type { ServiceForm } from '../../../shared/forms/service';
import { LOCALE_ISO, type Locale } from '../../../shared/locales';
import { de } from './form-templates/de';
import { en } from './form-templates/en';
import { sl } from './form-templates/sl';
import type { RenderedMail } from './templates';

/**
 * The mails the public forms send, written per locale (form-templates/sl.ts, en.ts, de.ts), with the
 * labels of every field, offer type and option in that locale: the one place mail labels live (the
 * site's own labels are in locales/; a mail must not depend on UI strings that may change shape).
 *
 * Two audiences, two rules:
 * - The company's notification lists everything the visitor sent, free text included: it goes only
 *   to the company's own address, and answering it is its purpose.
 * - The visitor's confirmation goes to an address anyone could have typed, so, like the account
 *   mails, it quotes nothing typed in free text (name, message, note, box, own fabric entries,
 *   invoice number): only the offer type and the choices made from the form's fixed options, by
 *   their labels, and the sizes, which are numbers. A stranger's words never reach someone's inbox
 *   under the company's name.
 */

export type OptionValue = (typeof OPTION_SETS)[keyof typeof OPTION_SETS][number];

type ServiceField = Exclude<keyof ServiceForm, 'submissionId'>;
export type FormField = 'offerType' | ProductField | (typeof CONTACT_FIELDS)[number] | (typeof MESSAGE_FIELDS)[number] | ServiceField;

export type FormLabels = {
  fields: Record<FormField, string>;
  offerTypes: Record<OfferType, string>;
  options: Record<OptionValue, string>;
  /** Each language's name, in this locale ("slovenščina"): the notification says which one the visitor used. */
  languages: Record<Locale, string>;
  sections: { product: string; contact: string; message: string; request: string };
  yes: string;
  no: string;
};

/** One line of a field list; a value with line breaks is set below its label. */
export type Row = { label: string; value: string };
export type Section = { title: string; rows: Row[] };

export type FormMailVars = {
  inquiry_notification: { offerType: string; sections: Section[]; language: string; receivedAt: string; id: string; replyTo: string };
  service_notification: { sections: Section[]; language: string; receivedAt: string; id: string; replyTo: string | undefined };
  inquiry_confirmation: { company: string; summary: Row[]; contactEmail: string; contactPhone: string };
  service_confirmation: { company: string; contactEmail: string; contactPhone: string };
  newsletter_welcome: { company: string; contactEmail: string };
};

export type FormMailTemplate = keyof FormMailVars;

export type FormLocale = {
  labels: FormLabels;
  templates: { [T in FormMailTemplate]: (vars: FormMailVars[T]) => RenderedMail };
};

const LOCALES: Record<Locale, FormLocale> = { sl, en, de };

export function renderFormMail<T extends FormMailTemplate>(template: T, locale: Locale, vars: FormMailVars[T]): RenderedMail {
  return LOCALES[locale].templates[template](vars);
}

export function formLabels(locale: Locale): FormLabels {
  return LOCALES[locale].labels;
}

/** The company works in Slovenia and Austria: times in its mails are its local time. */
const COMPANY_TIME_ZONE = 'Europe/Ljubljana';
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

export function formatReceivedAt(locale: Locale, at: Date): string {
  let format = timeFormats.get(locale);
  if (!format) timeFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE })));
  return format.format(at);
}

/** An inquiry as stored: the schema's output without the browser's submission id. */
export type StoredInquiry = Omit<InquiryForm, 'submissionId'>;
export type StoredService = Omit<ServiceForm, 'submissionId'>;

type Value = string | number | boolean | string[] | undefined;

/**
 * Visitor text as it may stand in a plain-text mail: line breaks normalised, other control characters
 * (which some mail clients render as garbage or use to hide text) removed.
 */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

const flag = (labels: FormLabels, value: boolean) => (value ? labels.yes : labels.no);
const option = (labels: FormLabels, value: string) => (labels.options as Record<string, string>)[value] ?? value;
const isOption = (labels: FormLabels, value: string) => Object.hasOwn(labels.options, value);

/** A product field's value for the company: every entry, the visitor's own ones as typed. */
function productValue(labels: FormLabels, spec: FieldSpec, value: Value): string | undefined {
  if (value === undefined) return undefined;
  switch (spec.kind) {
    case 'choice':
      return option(labels, String(value));
    case 'tags':
      return (Array.isArray(value) ? value : [String(value)]).map((entry) => (isOption(labels, entry) ? option(labels, entry) : clean(entry))).join(', ');
    case 'number':
      return spec.unit ? `${String(value)} ${spec.unit}` : String(value);
    case 'checkbox':
      return flag(labels, value === true);
    case 'text':
      return clean(String(value));
  }
}

/**
 * A product field's value for the visitor's confirmation: only what was chosen from fixed options,
 * numbers and ticks. Free text and own entries are left out (see the module comment).
 */
function summaryValue(labels: FormLabels, spec: FieldSpec, value: Value): string | undefined {
  if (value === undefined) return undefined;
  switch (spec.kind) {
    case 'choice':
      return isOption(labels, String(value)) ? option(labels, String(value)) : undefined;
    case 'tags': {
      const chosen = (Array.isArray(value) ? value : []).filter((entry) => isOption(labels, entry));
      return chosen.length > 0 ? chosen.map((entry) => option(labels, entry)).join(', ') : undefined;
    }
    case 'number':
    case 'checkbox':
      return productValue(labels, spec, value);
    case 'text':
      return undefined;
  }
}

function productRows(form: StoredInquiry, labels: FormLabels, value: typeof productValue): Row[] {
  const rows: Row[] = [{ label: labels.fields.offerType, value: labels.offerTypes[form.offerType] }];
  const system = typeof form.system === 'string' ? form.system : undefined;
  for (const [name, spec] of Object.entries(productFields(form.offerType, system)) as [ProductField, FieldSpec][]) {
    const shown = value(labels, spec, form[name]);
    if (shown !== undefined && shown !== '') rows.push({ label: labels.fields[name], value: shown });
  }
  return rows;
}

/** Rows for the fields that were filled in; unfilled optional fields are left out. */
function rowsOf<F extends FormField>(labels: FormLabels, entries: [F, Value][]): Row[] {
  return entries.flatMap(([name, value]) =>
    value === undefined || value === '' ? [] : [{ label: labels.fields[name], value: typeof value === 'boolean' ? flag(labels, value) : clean(String(value)) }],
  );
}

/** Everything an inquiry holds, in the form's order, for the company's notification. */
export function inquirySections(form: StoredInquiry, labels: FormLabels): Section[] {
  return [
    { title: labels.sections.product, rows: productRows(form, labels, productValue) },
    {
      title: labels.sections.contact,
      rows: rowsOf(labels, [
        ['nameAndSurname', form.nameAndSurname],
        ['email', form.email],
        ['phone', form.phone],
        ['callBack', form.callBack],
        ['streetAddress', form.streetAddress],
        ['postalCode', form.postalCode],
        ['town', form.town],
      ]),
    },
    {
      title: labels.sections.message,
      rows: rowsOf(labels, [
        ['message', form.message],
        ['note', form.note],
        ['terms', form.terms],
        ['marketingOptOut', form.marketingOptOut],
      ]),
    },
  ];
}

/** What the visitor asked for, safe to send to the address they typed. */
export function inquirySummary(form: StoredInquiry, labels: FormLabels): Row[] {
  return productRows(form, labels, summaryValue);
}

/** Everything a service request holds, for the company's notification. */
export function serviceSections(form: StoredService, labels: FormLabels): Section[] {
  return [
    {
      title: labels.sections.request,
      rows: rowsOf(labels, [
        ['invoiceNumber', form.invoiceNumber],
        ['installationYear', form.installationYear],
        ['content', form.content],
      ]),
    },
    {
      title: labels.sections.contact,
      rows: rowsOf(labels, [
        ['nameAndSurname', form.nameAndSurname],
        ['phone', form.phone],
        ['email', form.email],
        ['terms', form.terms],
        ['marketingOptOut', form.marketingOptOut],
      ]),
    },
  ];
}
