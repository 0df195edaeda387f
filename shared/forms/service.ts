import type { FieldSpecs, FieldValue } from './field-spec';
import { OPTION_SETS } from './inquiry';

/**
 * The service request, declared field by field (field-spec.ts): phone, content and terms required;
 * name and email optional (with an email the visitor gets a confirmation); the installation's
 * address, postal code and town required (decisions.md, Leads and contact); invoice number and
 * installation year optional. Labels live under `service.fields`, `service.options`, `service.hints`.
 * The visitor's confirmation repeats the address and the start of the description (`confirmation`).
 */
const FIRST_INSTALLATION_YEAR = 1990;

/** Required since the address was added; a request queued in an outbox before that has none. */
const ADDRESS = { section: 'installation', kind: 'text', required: true, optionalWhenStored: true, confirmation: 'whole' } as const;

export const SERVICE_FIELDS = {
  nameAndSurname: { section: 'contact', kind: 'text', max: 100, autoComplete: 'name' },
  phone: { section: 'contact', kind: 'text', max: 40, format: 'phone', required: true, autoComplete: 'tel', hint: 'service.hints.phone' },
  email: { section: 'contact', kind: 'text', max: 254, format: 'email', autoComplete: 'email', hint: 'service.hints.email' },
  streetAddress: { ...ADDRESS, max: 120, autoComplete: 'address-line1', hint: 'service.hints.streetAddress' },
  postalCode: { ...ADDRESS, max: 12, autoComplete: 'postal-code', row: 'postal' },
  town: { ...ADDRESS, max: 80, autoComplete: 'address-level2', row: 'postal' },
  visitTime: { section: 'installation', kind: 'choice', options: OPTION_SETS.visitTime },
  invoiceNumber: { section: 'installation', kind: 'text', max: 40, hint: 'service.hints.invoiceNumber', row: 'invoice' },
  installationYear: {
    section: 'installation',
    kind: 'number',
    min: FIRST_INSTALLATION_YEAR,
    // This year at the moment of parsing, so the bound moves with the calendar.
    max: 'thisYear',
    message: 'form.errors.year',
    hint: 'service.hints.installationYear',
    row: 'invoice',
  },
  content: {
    section: 'message',
    kind: 'text',
    max: 5000,
    rows: 6,
    required: true,
    hint: 'service.hints.content',
    mailLabel: 'service.mailLabels.content',
    confirmation: 'excerpt',
  },
  terms: { section: 'message', kind: 'checkbox', mustTick: 'form.errors.terms', label: 'form.terms', mailLabel: 'form.mailLabels.terms' },
  marketingOptOut: { section: 'message', kind: 'checkbox', label: 'form.marketingOptOut', mailLabel: 'form.mailLabels.marketingOptOut' },
} as const satisfies FieldSpecs;

/** The groups of the form, in order; the last has no title of its own. */
export const SERVICE_SECTIONS = ['contact', 'installation', 'message'] as const;

export type ServiceData = { phone: string; content: string; email?: string; [name: string]: FieldValue | undefined };
export type ServiceForm = ServiceData & { submissionId?: string };
