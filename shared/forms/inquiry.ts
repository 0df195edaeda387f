import { z } from 'zod';
import {
  checkbox, email, mustTick, optionalPhone, optionalText, optionalWholeNumber, requiredText, submissionId, tags,
} from './fields';

/**
 * The product inquiry: which fields exist for which offer type, the steps the form walks through,
 * and the one schema the browser, the BFF and the content API validate it with. Labels live in
 * `locales/{lang}/common.json` under `inquiry.fields.{field}` and `inquiry.options.{value}`.
 */

export const OFFER_TYPES = [
  'rolete', 'sonro', 'combo', 'zunanje_zaluzije', 'zunanji_screen', 'notranja_sencila', 'komarniki',
  'rolo_garazna_vrata', 'rolo_varnostne_resetke', 'pergola', 'tende',
] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export function isOfferType(value: unknown): value is OfferType {
  return (OFFER_TYPES as readonly unknown[]).includes(value);
}

/** The option sets of the specification (section 3), by what they choose. */
export const OPTION_SETS = {
  rollerSystem: ['predokenski', 'podometni', 'svetovanje'],
  blindSystem: ['vidni', 'podometni'],
  blindType: ['klasicni', 'modul', 'invisa', 'blint', 'posevne'],
  blindSlats: ['c80t80', 's90'],
  insectScreenSystem: ['rolo', 'fiksni', 'fiksni_potopni', 'plise', 'drsni', 'vrata'],
  screenSystem: ['classic', 'zip', 'other'],
  screenStatus: ['visible', 'hidden', 'other'],
  pergolaSystem: ['bioklimatksaMax', 'bioklimatksaAria', 'platnoRise'],
  pergolaMount: ['prostoStojeca', 'vpeta'],
  interiorSystem: ['plise', 'screen', 'eclise', 'notranja', 'lamelne', 'panelne'],
  fabrics: ['prosojna', 'polprosojna', 'dekorativna', 'zatemnilna', 'duette', 'other'],
  screenFabrics: ['prosojna', 'polprosojna', 'zatemnilna', 'blackout', 'other'],
  interiorBlindModel: ['klasicne', 'diplomat'],
  interiorSlats: ['klasicne', 'zatemnilne', 'other'],
  curtainFabrics: ['prosojne', 'neprosojne'],
  mechanism: ['handle', 'rope'],
  doorMechanism: ['handle', 'rope', 'motor'],
  mechanismOption: ['one_side', 'two_side'],
  awningSystem: ['klasicna', 'polkasetna', 'kasetna', 'zimskivrt', 'pergola'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

/** Dimensions are whole centimetres (decisions.md). */
export const BOUNDS = {
  width: { min: 20, max: 1000 },
  height: { min: 20, max: 600 },
  length: { min: 50, max: 700 },
  amount: { min: 1, max: 100 },
} as const;

export type FieldSpec =
  | { kind: 'choice'; options: readonly string[] }
  /** A multi-select that also takes the visitor's own entries (reference-behaviours: multi-select). */
  | { kind: 'tags'; options: readonly string[] }
  | { kind: 'number'; min: number; max: number; unit?: 'cm' }
  | { kind: 'checkbox' }
  | { kind: 'text'; max: number };

export const PRODUCT_FIELDS = [
  'system', 'type', 'model', 'status', 'mount', 'lamele', 'box', 'fabrics', 'mechanism', 'mechanism_option',
  'withMosquitoNet', 'width', 'height', 'length', 'amount', 'iWantInstallation',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductFields = Partial<Record<ProductField, FieldSpec>>;

const choice = (options: readonly string[]): FieldSpec => ({ kind: 'choice', options });
const cm = (field: 'width' | 'height' | 'length'): FieldSpec => ({ kind: 'number', ...BOUNDS[field], unit: 'cm' });
const AMOUNT: FieldSpec = { kind: 'number', ...BOUNDS.amount };
const CHECKBOX: FieldSpec = { kind: 'checkbox' };
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 60;

/** The fields of an interior shade, by its system (a pleated blind has fabrics, a vertical blind slats). */
function interiorFields(system: string | undefined): ProductFields {
  switch (system) {
    case 'plise':
    case 'eclise':
      return { fabrics: { kind: 'tags', options: OPTION_SETS.fabrics } };
    // A screen roller, indoors as outdoors, comes in the screen fabrics (spec: "for screen rollers").
    case 'screen':
      return { fabrics: { kind: 'tags', options: OPTION_SETS.screenFabrics } };
    case 'notranja':
      return { model: choice(OPTION_SETS.interiorBlindModel), mechanism: choice(OPTION_SETS.mechanism) };
    case 'lamelne':
      return { lamele: choice(OPTION_SETS.interiorSlats), mechanism: choice(OPTION_SETS.mechanism), mechanism_option: choice(OPTION_SETS.mechanismOption) };
    case 'panelne':
      return { fabrics: { kind: 'tags', options: OPTION_SETS.curtainFabrics }, mechanism_option: choice(OPTION_SETS.mechanismOption) };
    default:
      return {};
  }
}

/**
 * The product fields of an offer type, in the order the form shows them. For interior shades they
 * also depend on the chosen system. Garage doors and security grilles take width, height, amount,
 * mechanism (with motor) and installation (decisions.md).
 */
export function productFields(offerType: OfferType, system?: string): ProductFields {
  const size = { width: cm('width'), height: cm('height'), amount: AMOUNT };
  const install = { iWantInstallation: CHECKBOX };
  switch (offerType) {
    case 'rolete':
      return { system: choice(OPTION_SETS.rollerSystem), box: { kind: 'text', max: 100 }, mechanism: choice(OPTION_SETS.mechanism), withMosquitoNet: CHECKBOX, ...size, ...install };
    case 'sonro':
      return { system: choice(OPTION_SETS.rollerSystem), box: { kind: 'text', max: 100 }, withMosquitoNet: CHECKBOX, ...size, ...install };
    case 'combo':
      return { system: choice(OPTION_SETS.rollerSystem), box: { kind: 'text', max: 100 }, mechanism: choice(OPTION_SETS.mechanism), ...size, ...install };
    case 'zunanje_zaluzije':
      return { system: choice(OPTION_SETS.blindSystem), type: choice(OPTION_SETS.blindType), lamele: choice(OPTION_SETS.blindSlats), ...size, ...install };
    case 'zunanji_screen':
      return { system: choice(OPTION_SETS.screenSystem), status: choice(OPTION_SETS.screenStatus), fabrics: { kind: 'tags', options: OPTION_SETS.screenFabrics }, ...size, ...install };
    case 'notranja_sencila':
      return { system: choice(OPTION_SETS.interiorSystem), ...interiorFields(system), ...size, ...install };
    case 'komarniki':
      return { system: choice(OPTION_SETS.insectScreenSystem), ...size, ...install };
    case 'rolo_garazna_vrata':
    case 'rolo_varnostne_resetke':
      return { mechanism: choice(OPTION_SETS.doorMechanism), ...size, ...install };
    case 'pergola':
      return { system: choice(OPTION_SETS.pergolaSystem), mount: choice(OPTION_SETS.pergolaMount), width: cm('width'), length: cm('length'), height: cm('height'), amount: AMOUNT, ...install };
    case 'tende':
      return { system: choice(OPTION_SETS.awningSystem), width: cm('width'), length: cm('length'), amount: AMOUNT, ...install };
  }
}

export const CONTACT_FIELDS = ['nameAndSurname', 'email', 'phone', 'callBack', 'streetAddress', 'postalCode', 'town'] as const;
export const MESSAGE_FIELDS = ['message', 'note', 'terms', 'marketingOptOut'] as const;

/** The steps ("Step 2 of 4"); values of every step travel with every post, so Back keeps them. */
export const INQUIRY_STEPS = [
  { id: 'offer', fields: ['offerType'] },
  { id: 'product', fields: PRODUCT_FIELDS },
  { id: 'contact', fields: CONTACT_FIELDS },
  { id: 'message', fields: MESSAGE_FIELDS },
] as const;
export type InquiryStep = (typeof INQUIRY_STEPS)[number]['id'];

/** The fields a step shows for the values entered so far. */
export function stepFields(step: number, values: { offerType?: unknown; system?: unknown }): string[] {
  const spec = INQUIRY_STEPS[step];
  if (!spec) return [];
  if (spec.id !== 'product') return [...spec.fields];
  return isOfferType(values.offerType) ? Object.keys(productFields(values.offerType, typeof values.system === 'string' ? values.system : undefined)) : [];
}

function parserFor(name: ProductField, spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'choice':
      return optionalText(60).refine((value) => value === undefined || spec.options.includes(value), 'form.errors.choice');
    case 'tags':
      return tags(MAX_TAGS, MAX_TAG_LENGTH);
    case 'number':
      return optionalWholeNumber(spec.min, spec.max, `form.errors.${name}`);
    case 'checkbox':
      return checkbox;
    case 'text':
      return optionalText(spec.max);
  }
}

/** The product fields of the form's offer type, each parsed: the values, or the first problem of each. */
function parseProduct(form: { offerType?: unknown; system?: unknown } & Partial<Record<ProductField, unknown>>) {
  const values: Partial<Record<ProductField, string | number | boolean | string[]>> = {};
  const problems: [ProductField, string][] = [];
  if (!isOfferType(form.offerType)) return { values, problems };
  const fields = productFields(form.offerType, typeof form.system === 'string' ? form.system : undefined);
  for (const [name, spec] of Object.entries(fields) as [ProductField, FieldSpec][]) {
    const parsed = parserFor(name, spec).safeParse(form[name]);
    if (!parsed.success) {
      problems.push([name, parsed.error.issues[0]?.message ?? 'form.errors.choice']);
      continue;
    }
    const value = parsed.data as string | number | boolean | string[] | undefined;
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) values[name] = value;
  }
  return { values, problems };
}

/**
 * The inquiry. Required: offer type, name, email, terms (decisions.md); the phone only when the
 * visitor asks to be called back. Product fields that do not apply to the offer type are dropped,
 * so what reaches the company is exactly what the visitor was shown.
 */
export const inquiryForm = z
  .object({
    offerType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(OFFER_TYPES, 'form.errors.offerType')),
    // Product fields are checked after the offer type is known (below): which apply depends on it.
    ...(Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, z.unknown().optional()])) as Record<ProductField, z.ZodOptional<z.ZodUnknown>>),
    nameAndSurname: requiredText(100),
    email,
    phone: optionalPhone,
    callBack: checkbox,
    streetAddress: optionalText(120),
    postalCode: optionalText(12),
    town: optionalText(80),
    message: optionalText(5000),
    note: optionalText(1000),
    terms: mustTick('form.errors.terms'),
    marketingOptOut: checkbox,
    submissionId,
  })
  .superRefine(
    (form, ctx) => {
      for (const [name, message] of parseProduct(form).problems) ctx.addIssue({ code: 'custom', path: [name], message });
      if (form.callBack === true && !form.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'form.errors.phoneForCallBack' });
    },
    // Also when other fields failed: the product step must show its errors while the later steps
    // are still empty (a multi-step form validates the step it is on).
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((form) => {
    const product = parseProduct(form).values;
    const { offerType, nameAndSurname, email, phone, callBack, streetAddress, postalCode, town, message, note, terms, marketingOptOut, submissionId } = form;
    return { offerType, ...product, nameAndSurname, email, phone, callBack, streetAddress, postalCode, town, message, note, terms, marketingOptOut, submissionId };
  });

export type InquiryForm = z.output<typeof inquiryForm>;

/** The largest free text a field takes, for the `maxLength` of its input. */
export const TEXT_LIMITS = { nameAndSurname: 100, streetAddress: 120, postalCode: 12, town: 80, message: 5000, note: 1000, box: 100, tag: MAX_TAG_LENGTH } as const;
