import * as z from 'zod/mini';
import {
  checkbox,
  email,
  mustTick,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalWholeNumber,
  phone,
  preprocess,
  requiredText,
  submissionId,
  tags,
} from './fields';
import {
  holds,
  MAX_TAG_LENGTH,
  requires,
  MAX_TAGS,
  optionsFor,
  upperBound,
  type FieldSpec,
  type RequiredRule,
  type FieldSpecs,
  type FieldValue,
  type ShownField,
} from './field-spec';

/** The schema of a form declared in field-spec.ts: each field parsed by its kind, options and conditions. */

function parserFor(spec: FieldSpec, options: readonly string[], required: boolean): z.ZodMiniType {
  switch (spec.kind) {
    case 'choice': {
      const message = spec.message ?? 'form.errors.choice';
      const known = (value: string | undefined) => value === undefined || options.includes(value);
      return required
        ? preprocess((value) => (value === '' ? undefined : value), z.string(message).check(z.refine((value) => options.includes(value), message)))
        : optionalText(60).check(z.refine(known, message));
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
      // A field of several rows (a message) is a textarea; every other text field is one line.
      return required ? requiredText(spec.max, { multiLine: Boolean(spec.rows) }) : optionalText(spec.max, { multiLine: Boolean(spec.rows) });
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
  /** Conditionally required fields, checked at the end: a rule may name a later field (the call back after the phone). */
  const conditional: [ShownField, readonly RequiredRule[], boolean][] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.when && !holds(spec.when, parsed)) continue;
    const options = 'options' in spec ? optionsFor(spec.options, parsed) : [];
    if (!options) continue;
    const rule = spec.required;
    // A box that must be ticked (the terms) is required as much as any field, and marked so.
    const required = (rule === true && !(stored && spec.optionalWhenStored)) || (spec.kind === 'checkbox' && spec.mustTick !== undefined);
    const field: ShownField = { name, spec, options, required };
    walk.shown.push(field);
    const result = parserFor(spec, options, required).safeParse(form[name]);
    const blank = result.success && (result.data === undefined || (Array.isArray(result.data) && result.data.length === 0));
    if (Array.isArray(rule)) conditional.push([field, rule, blank]);
    if (!result.success) {
      walk.problems.push([name, result.error.issues[0]?.message ?? 'form.errors.invalid']);
      continue;
    }
    if (blank) continue;
    parsed[name] = result.data;
    walk.values[name] = result.data as FieldValue;
  }
  for (const [field, rules, blank] of conditional) {
    const rule = rules.find((candidate) => requires(candidate, parsed));
    field.required = rule !== undefined;
    if (rule && blank) walk.problems.push([field.name, rule.message]);
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
export function formSchema<Out extends FormOutput>(
  fields: FieldSpecs,
  options: { stored?: boolean; references?: Readonly<Record<string, z.ZodMiniType<string | undefined>>> } = {},
) {
  const shape = Object.fromEntries(Object.keys(fields).map((name) => [name, z.optional(z.unknown())])) as Record<string, z.ZodMiniOptional<z.ZodMiniUnknown>>;
  const references = options.references ?? {};
  // Each field is parsed in the walk (its options and conditions depend on the others); the object
  // only gathers them, and lets anything else a post carries (intent, step) fall away. References
  // (the product an inquiry came from) are no field on screen: they pass through, parsed on their own.
  return z.pipe(
    z.object({ ...shape, ...references, submissionId }),
    z.transform((form: Record<string, unknown> & { submissionId?: string }, ctx) => {
      const walk = walkFields(fields, form, options);
      for (const [name, message] of walk.problems) ctx.issues.push({ code: 'custom', path: [name], message, input: form[name] });
      const carried = Object.fromEntries(Object.keys(references).flatMap((name) => (form[name] === undefined ? [] : [[name, form[name]]])));
      return { ...walk.values, ...carried, submissionId: form.submissionId } as Out;
    }),
  );
}

/** The fields of one section (a step, a group) for the values entered so far, in their order. */
export function sectionFields(fields: FieldSpecs, section: string, values: Readonly<Record<string, unknown>>): ShownField[] {
  return walkFields(fields, values).shown.filter((field) => field.spec.section === section);
}
