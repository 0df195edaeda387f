/**
 * The rules of the multi-select (reference-behaviours: multiple, taggable, option title as label,
 * value as key, at most 1000 options rendered, case-insensitive substring search), kept apart from
 * the component so they can be tested without a browser.
 */

export interface SelectOption {
  value: string;
  label: string;
  hint?: string;
}

/** More options than this are never rendered at once; the search narrows them down. */
export const OPTION_LIMIT = 1000;

/**
 * Lower case without diacritics, so "sencila" finds "Senčila" as well as "SENČILA": the spec asks
 * for a case-insensitive search, and Slovenian and German visitors often type without č, š, ž or ü.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The options whose label contains the query, in their own order, at most `limit` of them. */
export function filterOptions(options: readonly SelectOption[], query: string, limit = OPTION_LIMIT): SelectOption[] {
  const needle = fold(query.trim());
  const out: SelectOption[] = [];
  for (const option of options) {
    if (out.length >= limit) break;
    if (!needle || fold(option.label).includes(needle)) out.push(option);
  }
  return out;
}

/** The offered options followed by the visitor's own entries (values no option has), so both can be unticked. */
export function withOwnEntries(options: readonly SelectOption[], values: readonly string[]): SelectOption[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...values.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
}

/** The option a typed text names (by label or value, ignoring case and diacritics), if any. */
export function matchingOption(options: readonly SelectOption[], text: string): SelectOption | undefined {
  const needle = fold(text.trim());
  if (!needle) return undefined;
  return options.find((o) => fold(o.label) === needle || fold(o.value) === needle);
}

function hasValue(values: readonly string[], value: string): boolean {
  const needle = fold(value);
  return values.some((v) => fold(v) === needle);
}

/** Whether typed text would be a new entry: not blank, not an option's name, not chosen already. */
export function canAddTag(options: readonly SelectOption[], values: readonly string[], text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && !matchingOption(options, trimmed) && !hasValue(values, trimmed);
}

export interface TagLimits {
  maxLength: number;
  /** Without one, the schema's own limit answers with its error when the form is checked. */
  maxItems?: number;
}

/**
 * Adds typed text as a choice. Text that names an option chooses that option (its value, not the
 * text); anything else becomes an own entry. Blank, duplicate, too long or one too many: unchanged.
 * `added` is the value that was added, for the announcement.
 */
export function addTag(
  options: readonly SelectOption[],
  values: readonly string[],
  text: string,
  limits: TagLimits,
): { values: string[]; added: string | null } {
  const trimmed = text.trim();
  const value = matchingOption(options, trimmed)?.value ?? trimmed;
  if (!value || value.length > limits.maxLength || values.length >= (limits.maxItems ?? Infinity) || hasValue(values, value)) {
    return { values: [...values], added: null };
  }
  return { values: [...values, value], added: value };
}

/** Ticks an unticked value or unticks a ticked one; ticking respects the limit on the number of choices. */
export function toggleValue(values: readonly string[], value: string, maxItems = Infinity): string[] {
  if (values.includes(value)) return values.filter((v) => v !== value);
  return values.length >= maxItems ? [...values] : [...values, value];
}

/** The label shown for a chosen value: its option's title, or the visitor's own text. */
export function labelOf(options: readonly SelectOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
