import { INQUIRY_FIELDS, INQUIRY_STEPS, shownOnStep, stepFields } from '../../../shared/forms/inquiry';
import { fieldKinds, textOf, toEntries, type FormValues } from './values';

/**
 * The inquiry's fields and steps seen from the browser: which kind of input each field is, which
 * fields the visitor has in front of them, and what the other steps carry along in a post.
 */

export const INQUIRY_KINDS = fieldKinds(INQUIRY_FIELDS);

export const LAST_STEP = INQUIRY_STEPS.length - 1;

/**
 * Choices the current offer type does not offer (a system chosen for another product before the
 * visitor went back and changed it): they are cleared, so no radio button is silently "chosen".
 */
export function staleChoices(values: FormValues): string[] {
  return shownOnStep(1, values)
    .filter(({ name, spec, options }) => spec.kind === 'choice' && textOf(values, name) !== '' && !options.includes(textOf(values, name)))
    .map(({ name }) => name);
}

/** The values of the given steps as a plain form posts them; choices that do not apply are left out. */
export function inquiryEntries(values: FormValues, steps: readonly number[]): [string, string][] {
  const stale = new Set(staleChoices(values));
  const names = steps.flatMap((step) => stepFields(step, values)).filter((name) => !stale.has(name));
  return toEntries(values, names);
}

/** Every step but the shown one: without JavaScript they travel as hidden inputs, so no step forgets. */
export function otherSteps(step: number): number[] {
  return INQUIRY_STEPS.map((_, index) => index).filter((index) => index !== step);
}

export const ALL_STEPS: readonly number[] = INQUIRY_STEPS.map((_, index) => index);

/** The step that shows a field, for the values entered so far; -1 for none. */
export function stepOfField(field: string, values: FormValues): number {
  return INQUIRY_STEPS.findIndex((_, index) => stepFields(index, values).includes(field));
}

/** The first step with one of these errors, or undefined when none is on a step. */
export function firstStepWithError(fields: Iterable<string>, values: FormValues): number | undefined {
  let first: number | undefined;
  for (const field of fields) {
    const step = stepOfField(field, values);
    if (step >= 0 && (first === undefined || step < first)) first = step;
  }
  return first;
}

/** A step from a post or a URL, kept inside the form's steps. */
export function clampStep(step: unknown): number {
  const n = typeof step === 'number' ? step : Number(step);
  return Number.isInteger(n) ? Math.min(Math.max(n, 0), LAST_STEP) : 0;
}
