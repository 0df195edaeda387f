import {
  INQUIRY_STEPS,
  isOfferType,
  OFFER_TYPES,
  PRODUCT_FIELDS,
  productFields,
  stepFields,
  type FieldSpec,
  type ProductFields,
} from '../../../shared/forms/inquiry';
import { textOf, toEntries, type FieldKind, type FieldKinds, type FormValues } from './values';

/**
 * The inquiry's fields and steps seen from the browser: which kind of input each field is, which
 * fields the visitor has in front of them, and what the other steps carry along in a post.
 */

function kindOf(spec: FieldSpec): FieldKind {
  return spec.kind === 'checkbox' ? 'checkbox' : spec.kind === 'tags' ? 'list' : 'text';
}

/** A product field is the same kind of input for every offer type that has it. */
function productKinds(): Record<string, FieldKind> {
  const kinds: Record<string, FieldKind> = Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, 'text' as FieldKind]));
  for (const offerType of OFFER_TYPES) {
    for (const system of [undefined, ...interiorSystems()]) {
      for (const [name, spec] of Object.entries(productFields(offerType, system))) kinds[name] = kindOf(spec);
    }
  }
  return kinds;
}

function interiorSystems(): string[] {
  const spec = productFields('notranja_sencila').system;
  return spec?.kind === 'choice' ? [...spec.options] : [];
}

export const INQUIRY_KINDS: FieldKinds = {
  offerType: 'text',
  ...productKinds(),
  nameAndSurname: 'text',
  email: 'text',
  phone: 'text',
  callBack: 'checkbox',
  streetAddress: 'text',
  postalCode: 'text',
  town: 'text',
  message: 'text',
  note: 'text',
  terms: 'checkbox',
  marketingOptOut: 'checkbox',
};

export const LAST_STEP = INQUIRY_STEPS.length - 1;

/** The product fields for what the visitor has chosen so far (none before an offer type). */
export function currentProductFields(values: FormValues): ProductFields {
  const offerType = textOf(values, 'offerType');
  return isOfferType(offerType) ? productFields(offerType, textOf(values, 'system') || undefined) : {};
}

/** The fields a step shows for the values entered so far, in the order it shows them. */
export function fieldsOfStep(step: number, values: FormValues): string[] {
  return stepFields(step, { offerType: textOf(values, 'offerType'), system: textOf(values, 'system') });
}

/**
 * Choices the current offer type does not offer (a system chosen for another product before the
 * visitor went back and changed it): they are cleared, so no radio button is silently "chosen".
 */
export function staleChoices(values: FormValues): string[] {
  return Object.entries(currentProductFields(values))
    .filter(([name, spec]) => spec.kind === 'choice' && textOf(values, name) !== '' && !spec.options.includes(textOf(values, name)))
    .map(([name]) => name);
}

/** The values of the given steps as a plain form posts them; choices that do not apply are left out. */
export function inquiryEntries(values: FormValues, steps: readonly number[]): [string, string][] {
  const stale = new Set(staleChoices(values));
  const names = steps.flatMap((step) => fieldsOfStep(step, values)).filter((name) => !stale.has(name));
  return toEntries(values, names);
}

/** Every step but the shown one: without JavaScript they travel as hidden inputs, so no step forgets. */
export function otherSteps(step: number): number[] {
  return INQUIRY_STEPS.map((_, index) => index).filter((index) => index !== step);
}

export const ALL_STEPS: readonly number[] = INQUIRY_STEPS.map((_, index) => index);

/** The step that shows a field, for the values entered so far; -1 for none. */
export function stepOfField(field: string, values: FormValues): number {
  return INQUIRY_STEPS.findIndex((_, index) => fieldsOfStep(index, values).includes(field));
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
