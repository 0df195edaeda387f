import { z } from 'zod';

/**
 * Field types shared by the public forms. Each accepts what a browser posts (strings, repeated keys)
 * and also its own output (numbers, booleans, arrays), so the BFF, the outbox and the content API
 * can validate the same data with the same schema at every hop. Messages are keys of
 * `locales/{lang}/common.json` (`form.errors.*`), so every error exists in all three languages.
 */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

// A key posted twice (a list) where one value belongs is refused with a message of our own, not zod's.
export const text = (max: number) => z.string('form.errors.invalid').trim().max(max, 'form.errors.tooLong');

/** Free text that may be left empty: '' and a missing field both become undefined. */
export const optionalText = (max: number) => z.preprocess(blankToUndefined, text(max).optional());

export const requiredText = (max: number) =>
  z.preprocess((value) => (value === undefined ? '' : value), text(max).min(1, 'form.errors.required'));

export const email = z
  .preprocess((value) => (value === undefined ? '' : value), z.string('form.errors.email').trim().toLowerCase().min(1, 'form.errors.required').max(254, 'form.errors.tooLong'))
  .pipe(z.email('form.errors.email'));

export const optionalEmail = z.preprocess(blankToUndefined, email.optional());

const PHONE = /^\+?[\d\s()/-]{6,30}$/;
export const phone = z.preprocess(
  (value) => (value === undefined ? '' : value),
  text(40).min(1, 'form.errors.required').regex(PHONE, 'form.errors.phone'),
);
export const optionalPhone = z.preprocess(blankToUndefined, text(40).regex(PHONE, 'form.errors.phone').optional());

/**
 * A ticked checkbox posts `on` (or the value it was given); an unticked one posts nothing. JSON
 * carries booleans, and a hidden field may carry 'false'.
 */
export const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true' || value === '1', z.boolean());

/** A checkbox that must be ticked (terms, consent). */
export const mustTick = (message: string) => checkbox.refine((ticked) => ticked, message);

/** A whole number in a range, or nothing; `message` names the range ("20 to 1000 cm"). */
export const optionalWholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== 'string') return blank;
      const trimmed = blank.trim();
      return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed;
    },
    z.number(message).int(message).min(min, message).max(max, message).optional(),
  );

/** One of a fixed set of values, or nothing. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, 'form.errors.choice').optional());

/**
 * A multi-select with free entries (tags): repeated keys, one value or an array; entries trimmed,
 * blanks dropped, duplicates dropped (case-insensitive), bounded in length and number.
 */
export const tags = (maxItems: number, maxLength: number) =>
  z.preprocess(
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
    z.array(z.string().max(maxLength, 'form.errors.tooLong'), 'form.errors.choice').max(maxItems, 'form.errors.tooMany'),
  );

/**
 * A random id the browser gives one filling-in of a form, so a double submit is one submission.
 * Forms posted without JavaScript have none; their key is derived from what was posted.
 */
export const submissionId = z.preprocess(blankToUndefined, z.uuid().optional().catch(undefined));

/** Field name to message key, for the first problem of each field. */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
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
