/**
 * A form declared once, field by field: what each field is (kind, options, bounds, unit), on which
 * step or group it sits, when it is shown and whether it is required. The zod schema, the inputs of
 * the browser and of the no-JavaScript form, the starting values and the mail rows are all derived
 * from it (docs/decisions/0008-form-field-spec.md); the schema in form-schema.ts, so that
 * pages showing a form's fields without checking them load no zod. Labels are locale keys:
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

/** When a field becomes required, and the message of it missing then. */
export type RequiredRule = { when: Condition; message: string } | { unlessFilled: string; message: string };

interface Common {
  /** The step (inquiry) or group (service request) the field is shown in. */
  section: string;
  when?: Condition;
  /**
   * A required field; with rules, required while any of them holds: a condition (the phone when a call
   * back is asked), or another field left blank (an e-mail or a phone, one of them is enough).
   */
  required?: true | readonly RequiredRule[];
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
  /**
   * Free text the visitor's confirmation mail repeats (whole, or its first lines as an `excerpt`):
   * only what the visitor needs to recognise their request by. Other free text never reaches the
   * address typed into the form (server/cms/mail/form-templates.ts).
   */
  confirmation?: 'whole' | 'excerpt';
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

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 60;

export function upperBound(spec: { max: number | 'thisYear' }): number {
  return spec.max === 'thisYear' ? new Date().getFullYear() : spec.max;
}

export function optionsFor(options: Options, parsed: Readonly<Record<string, unknown>>): readonly string[] | undefined {
  if (!('byProduct' in options)) return options;
  const offerType = parsed.offerType;
  if (typeof offerType !== 'string') return undefined;
  return options.byProduct[`${offerType}:${String(parsed.system)}`] ?? options.byProduct[offerType];
}

/** Whether a rule makes its field required for the values parsed so far (all of them: a rule may name a later field). */
export function requires(rule: RequiredRule, parsed: Readonly<Record<string, unknown>>): boolean {
  return 'when' in rule ? holds(rule.when, parsed) : !(rule.unlessFilled in parsed);
}

export function holds(condition: Condition, parsed: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(condition).every(([name, allowed]) => name in parsed && allowed.includes(parsed[name] as string | boolean));
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
