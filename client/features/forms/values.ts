import type { FieldSpecs } from '../../../shared/forms/field-spec';
import type { PostedValues } from '../../../shared/forms/fields';

/**
 * A public form's values as the browser holds them: text as strings (numbers too, as typed),
 * checkboxes as booleans, a multi-select as a list. The same shape travels to the server as what a
 * plain HTML form posts, so both ways of sending give the action the same body.
 */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

export type FieldKind = 'text' | 'checkbox' | 'list';
export type FieldKinds = Readonly<Record<string, FieldKind>>;

/** The kind of input of every field of a form spec. */
export function fieldKinds(fields: FieldSpecs): FieldKinds {
  return Object.fromEntries(
    Object.entries(fields).map(([name, spec]): [string, FieldKind] => [name, spec.kind === 'checkbox' ? 'checkbox' : spec.kind === 'tags' ? 'list' : 'text']),
  );
}

/** What a ticked checkbox posts; the schemas read it (and `true`) as ticked. */
export const CHECKED = 'on';

function isTicked(value: string | string[] | undefined): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return first === CHECKED || first === 'true' || first === '1';
}

/** Empty values for every field: the starting point of a blank form. */
export function emptyValues(kinds: FieldKinds): FormValues {
  return Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, kind === 'checkbox' ? false : kind === 'list' ? [] : '']));
}

/**
 * The values a post echoed back (a 400 answer, or the next step without JavaScript), over `base`.
 * A checkbox that was not posted is unticked; text that was never posted keeps its base value (a
 * signed-in visitor's details on a step not reached yet).
 */
export function fromPosted(kinds: FieldKinds, posted: PostedValues | undefined, base: FormValues): FormValues {
  if (!posted) return { ...base };
  const values: FormValues = { ...base };
  for (const [name, kind] of Object.entries(kinds)) {
    const value = posted[name];
    if (kind === 'checkbox') values[name] = isTicked(value);
    else if (kind === 'list') values[name] = value === undefined ? [] : Array.isArray(value) ? value : [value];
    else if (value !== undefined) values[name] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  return values;
}

/**
 * The fields as a plain form would post them: a ticked checkbox as `on` (an unticked one not at
 * all), each chosen entry of a list as a repeated key, blank text left out.
 */
export function toEntries(values: FormValues, names: readonly string[]): [string, string][] {
  const entries: [string, string][] = [];
  for (const name of names) {
    const value = values[name];
    if (value === true) entries.push([name, CHECKED]);
    else if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else if (typeof value === 'string' && value.trim() !== '') entries.push([name, value]);
  }
  return entries;
}

export function toFormData(entries: Iterable<[string, string]>): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

/** A string value of the form, whatever the field holds. */
export function textOf(values: FormValues, name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value : '';
}
