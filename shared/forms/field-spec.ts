import { z } from 'zod';
import {
  checkbox, email, mustTick, optionalEmail, optionalPhone, optionalText, optionalWholeNumber, phone, requiredText, submissionId, tags,
} from './fields';

/**
 * A form declared once, field by field: what each field is (kind, options, bounds, unit), on which
 * step or group it sits, when it is shown and whether it is required. The zod schema, the inputs of
 * the browser and of the no-JavaScript form, the starting values and the mail rows are all derived
 * from it (docs/decisions/0008-form-field-spec.md). Labels are locale keys:
 * `{ns}.fields.{name}`, `{ns}.options.{value}`, and the keys a field names (`hint`, `label`).
 */

/** Shown only when every named field is shown and holds one of the listed values (as the schema reads it). */
export type Condition = Readonly<Record<string, readonly (string | boolean)[]>>;

/**
 * The options of a choice: one list, or a list per product (`byProduct`), keyed by the offer type or
 * by offer type and system (`notranja_sencila:plise`, which wins). A field with options per product
 * is shown only for the products that have a list.
 */
export type Options = readonly string[] | { readonly byProduct: Readonly<Record<string, readonly string[]>> };

interface Common {
  /** The step (inquiry) or group (service request) the field is shown in. */
  section: string;
  when?: Condition;
  /** A required field; with a condition, required only while it holds (the phone when a call back is asked). */
  required?: true | { when: Condition; message: string };
  /**
   * Made required after submissions without it were already stored: the content API still takes a
   * submission that lacks it (an outbox entry queued before the deploy), the forms never send one.
   */
  optionalWhenStored?: true;
  /** A locale key for a line of help, or one per offer type. */
  hint?: string | Readonly<Record<string, string>>;
  /** A locale key for the label on screen, instead of `{ns}.fields.{name}` (mails keep that one). */
  label?: string;
  /** A locale key for the label in mails, where the form's words are the visitor's ("Please call me back"). */
  mailLabel?: string;
  /** Locale keys of the field's name per offer type (`{key}.{offerType}`), where the offer type has one. */
  labelByOfferType?: string;
  /** Fields with the same row stand side by side (sizes, postal code and town). */
  row?: string;
  autoComplete?: string;
}

export type FieldSpec = Common &
  (
    | {
        kind: 'choice';
        options: Options;
        /** The message of a wrong or (when required) missing choice; `form.errors.choice` by default. */
        message?: string;
        /** Where the option labels are, instead of `{ns}.options` (the offer types). */
        optionLabels?: string;
      }
    /** A multi-select that also takes the visitor's own entries. */
    | { kind: 'tags'; options: Options }
    /** A whole number; `max: 'thisYear'` moves with the calendar. */
    | { kind: 'number'; min: number; max: number | 'thisYear'; unit?: 'cm'; message: string }
    | { kind: 'checkbox'; mustTick?: string }
    | { kind: 'text'; max: number; format?: 'email' | 'phone'; rows?: number }
  );

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

/** A value as the schema outputs it (and accepts again). */
export type FieldValue = string | number | boolean | string[];

/** A field on screen for the values entered so far, with the options that apply. */
export interface ShownField {
  name: string;
  spec: FieldSpec;
  options: readonly string[];
  required: boolean;
}

const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 60;

export function upperBound(spec: { max: number | 'thisYear' }): number {
  return spec.max === 'thisYear' ? new Date().getFullYear() : spec.max;
}

function optionsFor(options: Options, parsed: Readonly<Record<string, unknown>>): readonly string[] | undefined {
  if (!('byProduct' in options)) return options;
  const offerType = parsed.offerType;
  if (typeof offerType !== 'string') return undefined;
  return options.byProduct[`${offerType}:${String(parsed.system)}`] ?? options.byProduct[offerType];
}

function holds(condition: Condition, parsed: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(condition).every(([name, allowed]) => name in parsed && allowed.includes(parsed[name] as string | boolean));
}

function parserFor(spec: FieldSpec, options: readonly string[], required: boolean): z.ZodType {
  switch (spec.kind) {
    case 'choice': {
      const message = spec.message ?? 'form.errors.choice';
      const known = (value: string | undefined) => value === undefined || options.includes(value);
      return required
        ? z.preprocess((value) => (value === '' ? undefined : value), z.string(message).refine((value) => options.includes(value), message))
        : optionalText(60).refine(known, message);
    }
    case 'tags':
      return tags(MAX_TAGS, MAX_TAG_LENGTH);
    case 'number':
      return optionalWholeNumber(spec.min, upperBound(spec), spec.message);
    case 'checkbox':
      return spec.mustTick ? mustTick(spec.mustTick) : checkbox;
    case 'text':
      if (spec.format === 'email') return required ? email : optionalEmail;
      if (spec.format === 'phone') return required ? phone : optionalPhone;
      return required ? requiredText(spec.max) : optionalText(spec.max);
  }
}

interface Walk {
  shown: ShownField[];
  /** The shown fields' values as the schema outputs them (blank ones left out). */
  values: Record<string, FieldValue>;
  /** The first problem of each shown field that has one. */
  problems: [string, string][];
}

/**
 * Walks the fields in their order: a field is shown when its condition holds on the fields before
 * it as parsed (a choice the offer type no longer offers counts as not made), and its value is
 * parsed with the options that apply. `stored`: a submission as the content API takes it.
 */
export function walkFields(fields: FieldSpecs, form: Readonly<Record<string, unknown>>, { stored = false } = {}): Walk {
  const parsed: Record<string, unknown> = {};
  const walk: Walk = { shown: [], values: {}, problems: [] };
  /** Conditionally required fields, checked at the end: the condition may name a later field (the call back after the phone). */
  const conditional: [ShownField, { when: Condition; message: string }, boolean][] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.when && !holds(spec.when, parsed)) continue;
    const options = 'options' in spec ? optionsFor(spec.options, parsed) : [];
    if (!options) continue;
    const rule = spec.required;
    const required = rule === true && !(stored && spec.optionalWhenStored);
    const field: ShownField = { name, spec, options, required };
    walk.shown.push(field);
    const result = parserFor(spec, options, required).safeParse(form[name]);
    const blank = result.success && (result.data === undefined || (Array.isArray(result.data) && result.data.length === 0));
    if (typeof rule === 'object') conditional.push([field, rule, blank]);
    if (!result.success) {
      walk.problems.push([name, result.error.issues[0]?.message ?? 'form.errors.invalid']);
      continue;
    }
    if (blank) continue;
    parsed[name] = result.data;
    walk.values[name] = result.data as FieldValue;
  }
  for (const [field, rule, blank] of conditional) {
    field.required = holds(rule.when, parsed);
    if (field.required && blank) walk.problems.push([field.name, rule.message]);
  }
  return walk;
}

/** A submission as a schema outputs it: the shown fields that were filled in, and the browser's id. */
type FormOutput = { [name: string]: FieldValue | undefined; submissionId?: string };

/**
 * The one schema of a form, for the browser, the BFF, the outbox and the content API. It takes what
 * a browser posts and its own output. Every field is checked even when others fail, so a step shows
 * its own errors while later steps are still empty; fields that are not shown are dropped, so what
 * reaches the company is exactly what the visitor was shown.
 */
export function formSchema<Out extends FormOutput>(fields: FieldSpecs, options: { stored?: boolean } = {}) {
  const shape = Object.fromEntries(Object.keys(fields).map((name) => [name, z.unknown().optional()])) as Record<string, z.ZodOptional<z.ZodUnknown>>;
  // Each field is parsed in the walk (its options and conditions depend on the others); the object
  // only gathers them, and lets anything else a post carries (intent, step) fall away.
  return z.object({ ...shape, submissionId }).transform((form, ctx) => {
    const walk = walkFields(fields, form, options);
    for (const [name, message] of walk.problems) ctx.addIssue({ code: 'custom', path: [name], message });
    return { ...walk.values, submissionId: form.submissionId } as Out;
  });
}

/** The fields of one section (a step, a group) for the values entered so far, in their order. */
export function sectionFields(fields: FieldSpecs, section: string, values: Readonly<Record<string, unknown>>): ShownField[] {
  return walkFields(fields, values).shown.filter((field) => field.spec.section === section);
}

/** The locale key of a field's name, on screen and in mails: its offer type's word for it, else `{ns}.fields.{name}`. */
export function fieldLabelKey(ns: string, name: string, spec: FieldSpec, offerType: unknown): string {
  return spec.labelByOfferType && typeof offerType === 'string' ? `${spec.labelByOfferType}.${offerType}` : `${ns}.fields.${name}`;
}

/** The locale key of an option's label. */
export function optionLabelKey(ns: string, spec: FieldSpec, value: string): string {
  return `${('optionLabels' in spec && spec.optionLabels) || `${ns}.options`}.${value}`;
}

/** The numbers a number field's message names ("from 20 to 1000"), for the field that has that message. */
export function boundsOfMessage(fields: FieldSpecs, message: string): { min: number; max: number } | undefined {
  for (const spec of Object.values(fields)) {
    if (spec.kind === 'number' && spec.message === message) return { min: spec.min, max: upperBound(spec) };
  }
  return undefined;
}
