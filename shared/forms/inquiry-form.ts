import type { ShownField } from './field-spec';
import { productReference } from './fields';
import { formSchema, sectionFields } from './form-schema';
import { INQUIRY_FIELDS, INQUIRY_STEPS, type InquiryForm } from './inquiry';

/** The inquiry's one schema, for the browser, the BFF, the outbox and the content API. */
export const inquiryForm = formSchema<InquiryForm>(INQUIRY_FIELDS, { references: { product: productReference } });

/** The fields a step shows for the values entered so far, in their order, with the options that apply. */
export function shownOnStep(step: number, values: Readonly<Record<string, unknown>>): ShownField[] {
  const id = INQUIRY_STEPS[step]?.id;
  return id ? sectionFields(INQUIRY_FIELDS, id, values) : [];
}

/** The names of the fields a step shows for the values entered so far. */
export function stepFields(step: number, values: Readonly<Record<string, unknown>>): string[] {
  return shownOnStep(step, values).map((field) => field.name);
}
