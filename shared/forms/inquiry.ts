import type { Condition, FieldSpec, FieldSpecs, FieldValue } from './field-spec';

/**
 * The product inquiry, declared field by field (field-spec.ts): which fields exist for which offer
 * type and on which step (its schema, for the browser, the BFF and the content API: inquiry-form.ts).
 * Labels live in `locales/{lang}/forms.json` under `inquiry.fields.{field}` and `inquiry.options.{value}`.
 */

export const OFFER_TYPES = [
  'rolete',
  'sonro',
  'combo',
  'zunanje_zaluzije',
  'zunanji_screen',
  'notranja_sencila',
  'komarniki',
  'rolo_garazna_vrata',
  'rolo_varnostne_resetke',
  'pergola',
  'tende',
  // "Not sure, advise me": no family of its own, so its product step asks only what any window has
  // (sizes, how many, installation) and the visitor's message says the rest.
  'svetovanje',
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
  /** A drive for the families that can have a motor (decisions.md, Leads and contact). */
  drive: ['handle', 'rope', 'motor'],
  motorControl: ['switch', 'remote', 'smartHome'],
  mechanismOption: ['one_side', 'two_side'],
  awningSystem: ['klasicna', 'polkasetna', 'kasetna', 'zimskivrt', 'pergola'],
  // Standard colours as the catalogue names them (content/products.json), then RAL or advice.
  rollerColours: ['white', 'silver', 'anthracite', 'woodImitation', 'ral', 'svetovanje'],
  blindColours: ['white', 'silver', 'anthracite', 'ral', 'svetovanje'],
  insectScreenColours: ['white', 'brown', 'anthracite', 'woodImitation', 'ral', 'svetovanje'],
  doorColours: ['white', 'silver', 'anthracite', 'brown', 'ral', 'svetovanje'],
  frameColours: ['anthracite', 'white', 'ral', 'svetovanje'],
  visitTime: ['weekdayMorning', 'weekdayAfternoon', 'saturday', 'any'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

/** Dimensions are whole centimetres (decisions.md). */
export const BOUNDS = {
  width: { min: 20, max: 1000 },
  height: { min: 20, max: 600 },
  length: { min: 50, max: 700 },
  amount: { min: 1, max: 100 },
} as const;

const S = OPTION_SETS;
const forEvery = <T>(keys: readonly string[], value: T) => Object.fromEntries(keys.map((key) => [key, value]));
const ROLLERS = ['rolete', 'sonro', 'combo'] as const;
/** Families that can have a motor: roller shutters, Sonro, Combo, venetian blinds, screens, awnings, pergolas, doors, grilles. */
const MOTORISED = [...ROLLERS, 'zunanje_zaluzije', 'zunanji_screen', 'tende', 'pergola', 'rolo_garazna_vrata', 'rolo_varnostne_resetke'] as const;
const ANY_PRODUCT = { offerType: OFFER_TYPES };
const NOT_AWNINGS = { offerType: OFFER_TYPES.filter((type) => type !== 'tende') };
const WITH_PROJECTION = { offerType: ['pergola', 'tende'] };

const EMAIL_OR_PHONE = (other: 'email' | 'phone') => ({ unlessFilled: other, message: 'form.errors.emailOrPhone' }) as const;

const cm = (name: 'width' | 'height' | 'length', when: Condition = ANY_PRODUCT): FieldSpec => ({
  section: 'product',
  kind: 'number',
  ...BOUNDS[name],
  unit: 'cm',
  message: `form.errors.${name}`,
  hint: 'inquiry.hints.dimension',
  row: 'sizes',
  when,
});

/**
 * Every field of the inquiry, in the order the form shows it. Product fields appear for the offer
 * types their options (or `when`) name, and for interior shades by system; a condition names only
 * fields declared before it.
 */
export const INQUIRY_FIELDS = {
  offerType: { section: 'offer', kind: 'choice', options: OFFER_TYPES, required: true, message: 'form.errors.offerType', optionLabels: 'inquiry.offerTypes' },
  system: {
    section: 'product',
    kind: 'choice',
    options: {
      byProduct: {
        ...forEvery(ROLLERS, S.rollerSystem),
        zunanje_zaluzije: S.blindSystem,
        zunanji_screen: S.screenSystem,
        notranja_sencila: S.interiorSystem,
        komarniki: S.insectScreenSystem,
        pergola: S.pergolaSystem,
        tende: S.awningSystem,
      },
    },
    hint: { notranja_sencila: 'inquiry.systemHint' },
    labelByOfferType: 'inquiry.systemLabels',
  },
  type: { section: 'product', kind: 'choice', options: { byProduct: { zunanje_zaluzije: S.blindType } } },
  model: { section: 'product', kind: 'choice', options: { byProduct: { 'notranja_sencila:notranja': S.interiorBlindModel } } },
  status: { section: 'product', kind: 'choice', options: { byProduct: { zunanji_screen: S.screenStatus } } },
  mount: { section: 'product', kind: 'choice', options: { byProduct: { pergola: S.pergolaMount } } },
  lamele: { section: 'product', kind: 'choice', options: { byProduct: { zunanje_zaluzije: S.blindSlats, 'notranja_sencila:lamelne': S.interiorSlats } } },
  box: { section: 'product', kind: 'text', max: 100, when: { offerType: ROLLERS }, hint: 'inquiry.hints.box' },
  fabrics: {
    section: 'product',
    kind: 'tags',
    options: {
      byProduct: {
        zunanji_screen: S.screenFabrics,
        'notranja_sencila:plise': S.fabrics,
        'notranja_sencila:eclise': S.fabrics,
        // A screen roller, indoors as outdoors, comes in the screen fabrics (spec: "for screen rollers").
        'notranja_sencila:screen': S.screenFabrics,
        'notranja_sencila:panelne': S.curtainFabrics,
      },
    },
    hint: 'inquiry.hints.fabrics',
  },
  mechanism: {
    section: 'product',
    kind: 'choice',
    options: { byProduct: { ...forEvery(MOTORISED, S.drive), 'notranja_sencila:notranja': S.mechanism, 'notranja_sencila:lamelne': S.mechanism } },
  },
  motorControl: { section: 'product', kind: 'choice', options: S.motorControl, when: { mechanism: ['motor'] } },
  mechanism_option: {
    section: 'product',
    kind: 'choice',
    options: { byProduct: { 'notranja_sencila:lamelne': S.mechanismOption, 'notranja_sencila:panelne': S.mechanismOption } },
  },
  colour: {
    section: 'product',
    kind: 'choice',
    options: {
      byProduct: {
        ...forEvery(ROLLERS, S.rollerColours),
        zunanje_zaluzije: S.blindColours,
        zunanji_screen: S.blindColours,
        komarniki: S.insectScreenColours,
        ...forEvery(['rolo_garazna_vrata', 'rolo_varnostne_resetke'], S.doorColours),
        ...forEvery(['pergola', 'tende'], S.frameColours),
      },
    },
  },
  ralCode: { section: 'product', kind: 'text', max: 20, when: { colour: ['ral'] }, hint: 'inquiry.hints.ralCode' },
  width: cm('width'),
  height: cm('height', NOT_AWNINGS),
  length: cm('length', WITH_PROJECTION),
  amount: {
    section: 'product',
    kind: 'number',
    ...BOUNDS.amount,
    message: 'form.errors.amount',
    hint: 'inquiry.hints.amount',
    row: 'sizes',
    when: ANY_PRODUCT,
  },
  withMosquitoNet: { section: 'product', kind: 'checkbox', when: { offerType: ['rolete', 'sonro'] }, mailLabel: 'inquiry.mailLabels.withMosquitoNet' },
  iWantInstallation: { section: 'product', kind: 'checkbox', when: ANY_PRODUCT, mailLabel: 'inquiry.mailLabels.iWantInstallation' },

  nameAndSurname: { section: 'contact', kind: 'text', max: 100, required: true, autoComplete: 'name' },
  // An e-mail or a phone is enough (decisions.md, Leads and staff); with neither the company could not answer.
  email: {
    section: 'contact',
    kind: 'text',
    max: 254,
    format: 'email',
    required: [EMAIL_OR_PHONE('phone')],
    autoComplete: 'email',
    hint: 'inquiry.hints.email',
  },
  phone: {
    section: 'contact',
    kind: 'text',
    max: 40,
    format: 'phone',
    required: [{ when: { callBack: [true] }, message: 'form.errors.phoneForCallBack' }, EMAIL_OR_PHONE('email')],
    autoComplete: 'tel',
    hint: 'inquiry.hints.phone',
  },
  callBack: { section: 'contact', kind: 'checkbox', mailLabel: 'inquiry.mailLabels.callBack' },
  streetAddress: { section: 'contact', kind: 'text', max: 120, autoComplete: 'address-line1' },
  postalCode: { section: 'contact', kind: 'text', max: 12, autoComplete: 'postal-code', row: 'postal' },
  town: { section: 'contact', kind: 'text', max: 80, autoComplete: 'address-level2', row: 'postal' },
  visitTime: { section: 'contact', kind: 'choice', options: S.visitTime },

  message: { section: 'message', kind: 'text', max: 5000, rows: 6, hint: 'inquiry.hints.message' },
  note: { section: 'message', kind: 'text', max: 1000, rows: 3, hint: 'inquiry.hints.note' },
  terms: { section: 'message', kind: 'checkbox', mustTick: 'form.errors.terms', label: 'form.terms', mailLabel: 'form.mailLabels.terms' },
  marketingOptOut: { section: 'message', kind: 'checkbox', label: 'form.marketingOptOut', mailLabel: 'form.mailLabels.marketingOptOut' },
} as const satisfies FieldSpecs;

/** The steps ("Step 2 of 4"); values of every step travel with every post, so Back keeps them. */
export const INQUIRY_STEPS = [{ id: 'offer' }, { id: 'product' }, { id: 'contact' }, { id: 'message' }] as const;
export type InquiryStep = (typeof INQUIRY_STEPS)[number]['id'];

/**
 * The inquiry. Required: offer type, name, an e-mail or a phone, terms (decisions.md); the phone
 * also when the visitor asks to be called back. Fields added later (drive, colour, measuring time) are optional,
 * so inquiries stored before them still validate.
 */
export type InquiryData = {
  offerType: OfferType;
  nameAndSurname: string;
  email?: string;
  /** The content key of the product whose page the inquiry came from (its family, system or model chosen). */
  product?: string;
  [name: string]: FieldValue | undefined;
};
export type InquiryForm = InquiryData & { submissionId?: string };
