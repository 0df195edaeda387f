import * as z from 'zod/mini';

/**
 * Field types shared by the public forms. Each accepts what a browser posts (strings, repeated keys)
 * and also its own output (numbers, booleans, arrays), so the BFF, the outbox and the content API
 * can validate the same data with the same schema at every hop. Messages are keys of
 * `locales/{lang}/common.json` (`form.errors.*`), so every error exists in all three languages.
 * zod/mini: the browser loads these on every form page, and mini's functions tree-shake where
 * classic zod's methods cannot (docs/decisions/0012-first-load-javascript.md).
 */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** zod/mini has no `preprocess`: it is a transform piped into the schema, which is what classic zod's is. */
export function preprocess<S extends z.ZodMiniType>(prepare: (value: unknown) => unknown, schema: S): z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, S> {
  return z.pipe(z.transform(prepare), schema as z.ZodMiniType<unknown, unknown>) as unknown as z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, S>;
}

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. A line break in a
 * name or a town ("Eve\r\nBcc: …") would add lines of the sender's choosing to the company's mail and
 * to every list that shows the field; no one types the others into a single-line input.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
const singleLine = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), 'form.errors.controlCharacters');

// A key posted twice (a list) where one value belongs is refused with a message of our own, not zod's.
const anyText = (max: number, multiLine: boolean, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string('form.errors.invalid').check(z.trim(), z.maxLength(max, 'form.errors.tooLong'), ...(multiLine ? [] : [singleLine]), ...checks);

/** One line of text (a name, a town, a phone): no control characters. */
export const text = (max: number, ...checks: z.core.$ZodCheck<string>[]) => anyText(max, false, ...checks);

/** `multiLine`: a message or a note, whose line breaks and tabs are the visitor's. */
type TextOptions = { multiLine?: boolean };

/** Free text that may be left empty: '' and a missing field both become undefined. */
export const optionalText = (max: number, { multiLine = false }: TextOptions = {}) => preprocess(blankToUndefined, z.optional(anyText(max, multiLine)));

export const requiredText = (max: number, { multiLine = false }: TextOptions = {}) =>
  preprocess((value) => (value === undefined ? '' : value), anyText(max, multiLine, z.minLength(1, 'form.errors.required')));

export const email = z.pipe(
  preprocess(
    (value) => (value === undefined ? '' : value),
    z.string('form.errors.email').check(z.trim(), z.toLowerCase(), z.minLength(1, 'form.errors.required'), z.maxLength(254, 'form.errors.tooLong')),
  ),
  z.email('form.errors.email'),
);

export const optionalEmail = preprocess(blankToUndefined, z.optional(email));

const PHONE = /^\+?[\d\s()/-]{6,30}$/;
export const phone = preprocess(
  (value) => (value === undefined ? '' : value),
  text(40, z.minLength(1, 'form.errors.required'), z.regex(PHONE, 'form.errors.phone')),
);
export const optionalPhone = preprocess(blankToUndefined, z.optional(text(40, z.regex(PHONE, 'form.errors.phone'))));

/**
 * A ticked checkbox posts `on` (or the value it was given); an unticked one posts nothing. JSON
 * carries booleans, and a hidden field may carry 'false'.
 */
export const checkbox = preprocess((value) => value === true || value === 'on' || value === 'true' || value === '1', z.boolean());

/** A checkbox that must be ticked (terms, consent). */
export const mustTick = (message: string) =>
  preprocess((value) => value === true || value === 'on' || value === 'true' || value === '1', z.boolean().check(z.refine((ticked) => ticked, message)));

/** A whole number in a range, or nothing; `message` names the range ("20 to 1000 cm"). */
export const optionalWholeNumber = (min: number, max: number, message: string) =>
  preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== 'string') return blank;
      const trimmed = blank.trim();
      return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed;
    },
    z.optional(z.int(message).check(z.minimum(min, message), z.maximum(max, message))),
  );

/**
 * A multi-select with free entries (tags): repeated keys, one value or an array; entries trimmed,
 * blanks dropped, duplicates dropped (case-insensitive), bounded in length and number.
 */
export const tags = (maxItems: number, maxLength: number) =>
  preprocess(
    (value) => {
      const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
      const seen = new Set<string>();
      const out: unknown[] = [];
      for (const item of list) {
        if (typeof item !== 'string') {
          out.push(item);
          continue;
        }
        const trimmed = item.trim();
        if (trimmed && !seen.has(trimmed.toLowerCase())) {
          seen.add(trimmed.toLowerCase());
          out.push(trimmed);
        }
      }
      return out;
    },
    z
      .array(z.string().check(z.maxLength(maxLength, 'form.errors.tooLong'), singleLine), 'form.errors.choice')
      .check(z.maxLength(maxItems, 'form.errors.tooMany')),
  );

/**
 * A random id the browser gives one filling-in of a form, so a double submit is one submission.
 * Forms posted without JavaScript have none; their key is derived from what was posted.
 */
export const submissionId = preprocess(blankToUndefined, z.catch(z.optional(z.uuid()), undefined));

/**
 * The content key of the product whose page the inquiry was opened from. Not typed by anyone: a
 * malformed one is dropped, never refused (the content API checks it names a product of the offer type).
 */
export const productReference = preprocess(
  blankToUndefined,
  z.catch(z.optional(z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(100))), undefined),
);

/** Field name to message key, for the first problem of each field. */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= issue.message;
  }
  return out;
}

/** What a form posted, as the schemas take it: a key posted more than once becomes a list. */
export type PostedValues = Record<string, string | string[]>;

export function postedValues(entries: Iterable<[string, unknown]>): PostedValues {
  const values: PostedValues = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string') continue;
    const previous = values[key];
    values[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return values;
}
