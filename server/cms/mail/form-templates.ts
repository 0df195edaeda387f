import { fieldLabelKey, optionLabelKey, type FieldSpecs, type FieldValue, type ShownField } from '../../../shared/forms/field-spec';
import { COMPANY_TIME_ZONE } from '../../../shared/company-time-zone';
import { walkFields } from '../../../shared/forms/form-schema';
import { INQUIRY_FIELDS, type InquiryData } from '../../../shared/forms/inquiry';
import { SERVICE_FIELDS, type ServiceData } from '../../../shared/forms/service';
import { LOCALE_ISO, type Locale } from '../../../shared/locales';
import type { CmsStrings, Words } from '../strings';
import { fieldList, lines, sectionList } from './plain-text';
import type { RenderedMail } from './templates';

/**
 * The mails the public forms and the newsletter send. The order of each one's paragraphs is here,
 * their words in `locales/{lang}/mail.json` under the mail's name. Their rows come from the forms'
 * field specs (shared/forms), named with the site's own labels (`common.json`, `forms.json`), so a
 * field added to a form appears in its mails by itself.
 *
 * Two audiences, two rules:
 * - The company's notification lists everything the visitor sent, free text included: it goes only
 *   to the company's own address, and answering it is its purpose.
 * - The visitor's confirmation goes to an address anyone could have typed, so it quotes free text
 *   only where a field's spec asks for it (`confirmation`: a service request's address whole, its
 *   description's first EXCERPT_CHARS characters, so the visitor recognises what they asked), never
 *   the name, message, note, box, RAL code, own fabric entries, invoice number or the photos' file
 *   names: otherwise only the offer type and the choices made from the form's fixed options, by their
 *   labels, the product's sizes and ticks, and how many photos came. A post judged spam is mailed
 *   nothing, and an address gets at most 3 confirmations a day (confirmation-cap.ts): what a
 *   stranger's words can do in someone's inbox is bounded by both (docs/decisions/0035, Later).
 */

/** What a mail's rows are written with, in its locale: the site's labels and the mails' own words. */
export type FormLabels = { locale: Locale; site: Words; mail: Words };

/** One line of a field list; a value with line breaks is set below its label. */
export type Row = { label: string; value: string };
export type Section = { title: string; rows: Row[] };

export type FormMailVars = {
  inquiry_notification: { offerType: string; sections: Section[]; language: string; receivedAt: string; id: string; replyTo: string | undefined };
  service_notification: { sections: Section[]; language: string; receivedAt: string; id: string; replyTo: string | undefined };
  inquiry_confirmation: { company: string; summary: Row[]; contactEmail: string; contactPhone: string };
  service_confirmation: { company: string; summary: Row[]; contactEmail: string; contactPhone: string };
  /** `link`: the page that confirms the signup (with its token); `days`: how long it is valid. */
  newsletter_confirm: { company: string; link: string; days: number };
  /** `unsubscribeLink`: the page that unsubscribes with one button (and takes the one-click POST). */
  newsletter_welcome: { company: string; contactEmail: string; unsubscribeLink: string };
};

export type FormMailTemplate = keyof FormMailVars;

/** `t`: the mails' words; `own`: this mail's (under its name). */
type Paragraphs<T extends FormMailTemplate> = (t: Words, own: Words, vars: FormMailVars[T]) => string[];

/** The company's notification: when it came and in which language, what it holds, how to answer. */
const notification = (
  t: Words,
  own: Words,
  { sections, language, receivedAt }: { sections: Section[]; language: string; receivedAt: string },
  reply: string,
  id: string,
) => [
  own('intro'),
  fieldList([
    { label: t('rows.received'), value: receivedAt },
    { label: t('rows.language'), value: language },
  ]),
  sectionList(sections),
  reply,
  own('reference', { id }),
];

/** How to reach the company (replies to a confirmation go to its address, Reply-To), and the phone when there is one. */
const contact = (t: Words, email: string, phone: string) => t('contact', { email, phone, context: phone ? 'phone' : undefined });

/** A visitor's mail: greeting, paragraphs, sign-off. */
const toVisitor = (t: Words, company: string, paragraphs: string[]) => [t('greeting'), ...paragraphs, t('signOff', { company })];

const PARAGRAPHS: { [T in FormMailTemplate]: Paragraphs<T> } = {
  // Without an address the company calls back (an e-mail or a phone is enough for either form).
  inquiry_notification: (t, own, vars) => notification(t, own, vars, vars.replyTo ? own('reply', { replyTo: vars.replyTo }) : own('callBack'), vars.id),
  service_notification: (t, own, vars) => notification(t, own, vars, vars.replyTo ? own('reply', { replyTo: vars.replyTo }) : own('callBack'), vars.id),
  inquiry_confirmation: (t, own, { company, summary, contactEmail, contactPhone }) =>
    toVisitor(t, company, [own('thanks', { company }), `${own('summary')}\n${fieldList(summary)}`, contact(t, contactEmail, contactPhone), own('notYou')]),
  service_confirmation: (t, own, { company, summary, contactEmail, contactPhone }) =>
    toVisitor(t, company, [
      own('thanks'),
      ...(summary.length > 0 ? [`${own('summary')}\n${fieldList(summary)}`] : []),
      contact(t, contactEmail, contactPhone),
      own('notYou'),
    ]),
  newsletter_confirm: (t, own, { company, link, days }) => toVisitor(t, company, [own('intro', { company }), link, own('validity', { count: days })]),
  newsletter_welcome: (t, own, { company, contactEmail, unsubscribeLink }) =>
    toVisitor(t, company, [own('thanks', { company }), own('unsubscribe', { unsubscribeLink }), own('questions', { contactEmail })]),
};

export function renderFormMail<T extends FormMailTemplate>(strings: CmsStrings, template: T, locale: Locale, vars: FormMailVars[T]): RenderedMail {
  const t = strings.mail(locale);
  const own: Words = (key, values) => t(`${template}.${key}`, values);
  return { subject: own('subject', vars), text: lines(...PARAGRAPHS[template](t, own, vars)) };
}

export function formLabels(strings: CmsStrings, locale: Locale): FormLabels {
  return { locale, site: strings.site(locale), mail: strings.mail(locale) };
}

const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

export function formatReceivedAt(locale: Locale, at: Date): string {
  let format = timeFormats.get(locale);
  if (!format)
    timeFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE })));
  return format.format(at);
}

/** A submission as stored: the schema's output without the browser's submission id. */
export type StoredInquiry = InquiryData;
export type StoredService = ServiceData;

type Value = FieldValue | undefined;

/** A site label in the mail's locale; a missing one is written as its key (a unit test keeps that from happening). */
const text = (labels: FormLabels, key: string) => labels.site(key);

/**
 * Visitor text as it may stand in a plain-text mail: line breaks normalised, other control characters
 * (which some mail clients render as garbage or use to hide text) removed.
 */
function clean(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

type Form = { ns: 'inquiry' | 'service'; fields: FieldSpecs };
const INQUIRY: Form = { ns: 'inquiry', fields: INQUIRY_FIELDS };
const SERVICE: Form = { ns: 'service', fields: SERVICE_FIELDS };

/** Sections of the form whose ticks and sizes describe the product (and so may be confirmed to the visitor). */
const PRODUCT_SECTIONS = new Set(['offer', 'product']);

type Formatter = (labels: FormLabels, form: Form, field: ShownField, value: Value) => string | undefined;

const option = (labels: FormLabels, { ns }: Form, field: ShownField, value: string) => text(labels, optionLabelKey(ns, field.spec, value));

/** A field's value for the company: every entry, the visitor's own ones as typed. */
const fullValue: Formatter = (labels, form, field, value) => {
  if (value === undefined) return undefined;
  const { spec } = field;
  switch (spec.kind) {
    case 'choice':
      return option(labels, form, field, String(value));
    case 'tags':
      return (Array.isArray(value) ? value : [String(value)])
        .map((entry) => (field.options.includes(entry) ? option(labels, form, field, entry) : clean(entry)))
        .join(', ');
    case 'number':
      return spec.unit ? `${String(value)} ${text(labels, `form.units.${spec.unit}`)}` : String(value);
    case 'checkbox':
      // An unticked box is a wish not expressed ("installation: not asked"), never a refusal.
      return labels.mail(value === true ? 'rows.yes' : 'rows.notAsked');
    case 'text':
      return clean(String(value));
  }
};

/** The visitor's own words the confirmation repeats: its first characters, cut at a word, past this many. */
export const EXCERPT_CHARS = 300;

function excerpt(text: string): string {
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  const space = cut.search(/\s\S*$/);
  return `${(space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()} …`;
}

/**
 * A field's value for the visitor's confirmation: what was chosen from fixed options, the product's
 * sizes and ticks, and the free text its spec marks for the confirmation. Other free text and own
 * entries are left out (see the module comment).
 */
const summaryValue: Formatter = (labels, form, field, value) => {
  switch (field.spec.kind) {
    case 'choice':
      return typeof value === 'string' && field.options.includes(value) ? option(labels, form, field, value) : undefined;
    case 'tags': {
      const chosen = (Array.isArray(value) ? value : []).filter((entry) => field.options.includes(entry));
      return chosen.length > 0 ? chosen.map((entry) => option(labels, form, field, entry)).join(', ') : undefined;
    }
    case 'number':
    case 'checkbox':
      return PRODUCT_SECTIONS.has(field.spec.section) ? fullValue(labels, form, field, value) : undefined;
    case 'text': {
      const { confirmation } = field.spec;
      if (typeof value !== 'string' || confirmation === undefined) return undefined;
      return confirmation === 'excerpt' ? excerpt(clean(value).trim()) : clean(value);
    }
  }
};

/** One row per shown field of these sections that has something to say, in the form's order. */
function rowsOf(form: Form, data: Record<string, Value>, labels: FormLabels, sections: readonly string[], format: Formatter): Row[] {
  // A stored submission: also one from before a field was required.
  return walkFields(form.fields, data, { stored: true })
    .shown.filter((field) => sections.includes(field.spec.section))
    .flatMap((field) => {
      const value = format(labels, form, field, data[field.name]);
      const label = field.spec.mailLabel ?? fieldLabelKey(form.ns, field.name, field.spec, data.offerType);
      return value === undefined || value === '' ? [] : [{ label: text(labels, label), value }];
    });
}

/** Everything an inquiry holds, in the form's order, for the company's notification. */
export function inquirySections(form: StoredInquiry, labels: FormLabels): Section[] {
  return [
    { title: labels.mail('sections.product'), rows: rowsOf(INQUIRY, form, labels, ['offer', 'product'], fullValue) },
    { title: labels.mail('sections.contact'), rows: rowsOf(INQUIRY, form, labels, ['contact'], fullValue) },
    { title: labels.mail('sections.message'), rows: rowsOf(INQUIRY, form, labels, ['message'], fullValue) },
  ];
}

/** What the visitor asked for, safe to send to the address they typed. */
export function inquirySummary(form: StoredInquiry, labels: FormLabels): Row[] {
  return rowsOf(INQUIRY, form, labels, ['offer', 'product', 'contact', 'message'], summaryValue);
}

/** The offer type's name, for the notification's subject. */
export function offerTypeLabel(form: StoredInquiry, labels: FormLabels): string {
  return text(labels, optionLabelKey('inquiry', INQUIRY_FIELDS.offerType, form.offerType));
}

/** Everything a service request holds, for the company's notification. */
export function serviceSections(form: StoredService, labels: FormLabels): Section[] {
  return [
    { title: labels.mail('sections.request'), rows: rowsOf(SERVICE, form, labels, ['installation', 'message'], fullValue) },
    { title: labels.mail('sections.contact'), rows: rowsOf(SERVICE, form, labels, ['contact'], fullValue) },
  ];
}

/** What the visitor asked for in a service request, safe to send to the address they typed. */
export function serviceSummary(form: StoredService, labels: FormLabels): Row[] {
  return rowsOf(SERVICE, form, labels, ['contact', 'installation', 'message'], summaryValue);
}

/**
 * The photos' row of the company's notification: their file names, one a line (cleaned), said to be
 * attached. None when no photo came.
 */
export function photoRow(names: readonly string[], labels: FormLabels): Row[] {
  if (names.length === 0) return [];
  const list = names.map(photoName).join('\n');
  return [{ label: `${labels.mail('rows.photos')} (${labels.mail('rows.photosAttached')})`, value: list }];
}

/**
 * The photos' row of the visitor's confirmation: how many arrived, never their file names, which
 * the sender chose and which would reach whatever address the post named under the company's name.
 */
export function photoCountRow(count: number, labels: FormLabels): Row[] {
  return count === 0 ? [] : [{ label: labels.mail('rows.photos'), value: String(count) }];
}

/** The notification's photos when they are too large to attach: each name and, below it, the link that opens it. */
export function photoLinkRow(photos: readonly { name: string; url: string }[], labels: FormLabels): Row[] {
  if (photos.length === 0) return [];
  return [
    {
      label: `${labels.mail('rows.photos')} (${labels.mail('rows.photosLinked')})`,
      value: photos.map((photo) => `${photoName(photo.name)}\n${photo.url}`).join('\n'),
    },
  ];
}

const photoName = (name: string) => clean(name).replace(/\n/g, ' ');
