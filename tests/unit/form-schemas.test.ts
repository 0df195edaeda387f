import { describe, expect, it } from 'vitest';
import { type FieldSpecs, type ShownField } from '../../shared/forms/field-spec';
import { sectionFields } from '../../shared/forms/form-schema';
import { fieldErrors } from '../../shared/forms/fields';
import { BOUNDS, INQUIRY_FIELDS, OFFER_TYPES, OPTION_SETS, type OfferType } from '../../shared/forms/inquiry';
import { inquiryForm, shownOnStep } from '../../shared/forms/inquiry-form';
import { newsletterForm } from '../../shared/forms/newsletter';
import { serviceForm, serviceSubmission } from '../../shared/forms/service-form';
import { SERVICE_FIELDS } from '../../shared/forms/service';
import { profileForm, registerForm } from '../../shared/forms/account';

const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as never));
const contact = { nameAndSurname: 'Ana Novak', email: 'ana@example.com', terms: 'on' };

/** The product step's fields for these values, by name. */
function productFields(values: Record<string, unknown>): Record<string, ShownField> {
  return Object.fromEntries(sectionFields(INQUIRY_FIELDS, 'product', values).map((field) => [field.name, field]));
}
const optionsOf = (values: Record<string, unknown>, field: string) => productFields(values)[field]?.options;

describe('inquiry option sets (spec section 3)', () => {
  it.each<[OfferType, string, readonly string[]]>([
    ['rolete', 'system', ['predokenski', 'podometni', 'svetovanje']],
    ['sonro', 'system', ['predokenski', 'podometni', 'svetovanje']],
    ['combo', 'system', ['predokenski', 'podometni', 'svetovanje']],
    ['zunanje_zaluzije', 'system', ['vidni', 'podometni']],
    ['zunanje_zaluzije', 'type', ['klasicni', 'modul', 'invisa', 'blint', 'posevne']],
    ['zunanje_zaluzije', 'lamele', ['c80t80', 's90']],
    ['komarniki', 'system', ['rolo', 'fiksni', 'fiksni_potopni', 'plise', 'drsni', 'vrata']],
    ['zunanji_screen', 'system', ['classic', 'zip', 'other']],
    ['zunanji_screen', 'status', ['visible', 'hidden', 'other']],
    ['zunanji_screen', 'fabrics', ['prosojna', 'polprosojna', 'zatemnilna', 'blackout', 'other']],
    ['pergola', 'system', ['bioklimatksaMax', 'bioklimatksaAria', 'platnoRise']],
    ['pergola', 'mount', ['prostoStojeca', 'vpeta']],
    ['notranja_sencila', 'system', ['plise', 'screen', 'eclise', 'notranja', 'lamelne', 'panelne']],
    ['tende', 'system', ['klasicna', 'polkasetna', 'kasetna', 'zimskivrt', 'pergola']],
    ['rolo_garazna_vrata', 'mechanism', ['handle', 'rope', 'motor']],
    ['rolo_varnostne_resetke', 'mechanism', ['handle', 'rope', 'motor']],
  ])('%s offers %s: %j', (offerType, field, options) => {
    expect(optionsOf({ offerType }, field)).toEqual(options);
  });

  it.each([
    ['plise', OPTION_SETS.fabrics],
    ['eclise', OPTION_SETS.fabrics],
    // "for screen rollers prosojna, polprosojna, zatemnilna, blackout": the indoor screen roller too.
    ['screen', OPTION_SETS.screenFabrics],
    ['panelne', OPTION_SETS.curtainFabrics],
  ])('an interior %s blind offers its own fabrics', (system, fabrics) => {
    expect(optionsOf({ offerType: 'notranja_sencila', system }, 'fabrics')).toEqual(fabrics);
  });

  it('interior blinds and vertical slats have their models, slats and mechanisms', () => {
    const blinds = { offerType: 'notranja_sencila', system: 'notranja' };
    const slats = { offerType: 'notranja_sencila', system: 'lamelne' };
    expect(optionsOf(blinds, 'model')).toEqual(['klasicne', 'diplomat']);
    expect(optionsOf(blinds, 'mechanism')).toEqual(['handle', 'rope']);
    expect(optionsOf(slats, 'lamele')).toEqual(['klasicne', 'zatemnilne', 'other']);
    expect(optionsOf(slats, 'mechanism_option')).toEqual(['one_side', 'two_side']);
    // No system chosen yet: nothing that depends on it.
    expect(Object.keys(productFields({ offerType: 'notranja_sencila' }))).toEqual(['system', 'width', 'height', 'amount', 'iWantInstallation']);
  });

  it('doors and grilles take width, height, amount, drive, colour and installation (decisions.md)', () => {
    expect(Object.keys(productFields({ offerType: 'rolo_garazna_vrata' }))).toEqual(['mechanism', 'colour', 'width', 'height', 'amount', 'iWantInstallation']);
  });

  it('dimensions are whole centimetres with a cm suffix, within the decided bounds', () => {
    expect(productFields({ offerType: 'pergola' }).width?.spec).toMatchObject({ kind: 'number', min: 20, max: 1000, unit: 'cm' });
    expect(productFields({ offerType: 'pergola' }).height?.spec).toMatchObject({ kind: 'number', min: 20, max: 600, unit: 'cm' });
    expect(productFields({ offerType: 'tende' }).length?.spec).toMatchObject({ kind: 'number', min: 50, max: 700, unit: 'cm' });
    expect(BOUNDS.amount).toEqual({ min: 1, max: 100 });
  });
});

describe('drive, colour and measuring visit (decisions.md, Leads and contact)', () => {
  const MOTORISED: OfferType[] = [
    'rolete',
    'sonro',
    'combo',
    'zunanje_zaluzije',
    'zunanji_screen',
    'tende',
    'pergola',
    'rolo_garazna_vrata',
    'rolo_varnostne_resetke',
  ];

  it.each(OFFER_TYPES)('%s offers a motor drive exactly when the family can have one', (offerType) => {
    expect(optionsOf({ offerType }, 'mechanism')).toEqual(MOTORISED.includes(offerType) ? ['handle', 'rope', 'motor'] : undefined);
  });

  it('asks how the motor is controlled only when the drive is a motor', () => {
    expect(optionsOf({ offerType: 'rolete', mechanism: 'motor' }, 'motorControl')).toEqual(['switch', 'remote', 'smartHome']);
    expect(productFields({ offerType: 'rolete', mechanism: 'handle' }).motorControl).toBeUndefined();
    // A motor chosen for roller shutters does not follow the visitor to insect screens, which have none.
    expect(productFields({ offerType: 'komarniki', mechanism: 'motor' }).motorControl).toBeUndefined();
    const parsed = inquiryForm.parse({ offerType: 'rolete', ...contact, mechanism: 'motor', motorControl: 'smartHome' });
    expect(parsed).toMatchObject({ mechanism: 'motor', motorControl: 'smartHome' });
    expect(inquiryForm.parse({ offerType: 'rolete', ...contact, mechanism: 'rope', motorControl: 'smartHome' })).not.toHaveProperty('motorControl');
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'rolete', ...contact, mechanism: 'motor', motorControl: 'voice' }))).toEqual({
      motorControl: 'form.errors.choice',
    });
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'komarniki', ...contact, mechanism: 'motor' }))).toEqual({});
  });

  it.each<[OfferType, readonly string[]]>([
    ['rolete', ['white', 'silver', 'anthracite', 'woodImitation', 'ral', 'svetovanje']],
    ['komarniki', ['white', 'brown', 'anthracite', 'woodImitation', 'ral', 'svetovanje']],
    ['pergola', ['anthracite', 'white', 'ral', 'svetovanje']],
    ['rolo_varnostne_resetke', ['white', 'silver', 'anthracite', 'brown', 'ral', 'svetovanje']],
  ])('%s offers its standard colours, RAL and advice', (offerType, colours) => {
    expect(optionsOf({ offerType }, 'colour')).toEqual(colours);
  });

  it('offers every family but interior shades (and "not sure") a colour, always with RAL and advice', () => {
    for (const offerType of OFFER_TYPES) {
      const colours = optionsOf({ offerType }, 'colour');
      if (offerType === 'notranja_sencila' || offerType === 'svetovanje') expect(colours).toBeUndefined();
      else expect(colours?.slice(-2)).toEqual(['ral', 'svetovanje']);
    }
  });

  it('takes "not sure, advise me" as the first step’s choice: its product step asks only what any window has', () => {
    expect(Object.keys(productFields({ offerType: 'svetovanje' }))).toEqual(['width', 'height', 'amount', 'iWantInstallation']);
    expect(Object.values(productFields({ offerType: 'svetovanje' })).every((field) => !field.required)).toBe(true);
    expect(inquiryForm.parse({ offerType: 'svetovanje', ...contact, message: 'Okno proti jugu, 2 m.' })).toMatchObject({ offerType: 'svetovanje' });
  });

  it('takes a RAL code only with a RAL colour, and keeps it optional and short', () => {
    expect(productFields({ offerType: 'tende', colour: 'white' }).ralCode).toBeUndefined();
    expect(productFields({ offerType: 'tende', colour: 'ral' }).ralCode?.required).toBe(false);
    expect(inquiryForm.parse({ offerType: 'tende', ...contact, colour: 'ral', ralCode: ' RAL 7016 ' })).toMatchObject({ colour: 'ral', ralCode: 'RAL 7016' });
    expect(inquiryForm.parse({ offerType: 'tende', ...contact, colour: 'white', ralCode: 'RAL 7016' })).not.toHaveProperty('ralCode');
    expect(inquiryForm.safeParse({ offerType: 'tende', ...contact, colour: 'ral' }).success).toBe(true);
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'tende', ...contact, colour: 'ral', ralCode: 'x'.repeat(21) }))).toEqual({
      ralCode: 'form.errors.tooLong',
    });
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'tende', ...contact, colour: 'brown' }))).toEqual({ colour: 'form.errors.choice' });
  });

  it('asks a preferred time for the free measuring visit on the contact step, for every product', () => {
    for (const offerType of OFFER_TYPES) {
      expect(sectionFields(INQUIRY_FIELDS, 'contact', { offerType }).find((field) => field.name === 'visitTime')?.options).toEqual([
        'weekdayMorning',
        'weekdayAfternoon',
        'saturday',
        'any',
      ]);
    }
    expect(inquiryForm.parse({ offerType: 'combo', ...contact, visitTime: 'saturday' }).visitTime).toBe('saturday');
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'combo', ...contact, visitTime: 'sunday' }))).toEqual({ visitTime: 'form.errors.choice' });
  });

  it('still takes an inquiry stored before these fields existed', () => {
    const before = {
      offerType: 'rolete',
      system: 'podometni',
      mechanism: 'handle',
      width: 120,
      height: 140,
      amount: 2,
      withMosquitoNet: false,
      iWantInstallation: true,
      ...contact,
      terms: true,
      callBack: false,
      marketingOptOut: false,
    };
    expect(inquiryForm.parse(before)).toEqual({ ...before, submissionId: undefined });
  });
});

describe('inquiry schema', () => {
  it('requires the offer type, name, an email or a phone, and terms, and nothing else', () => {
    expect(errorsOf(inquiryForm.safeParse({}))).toEqual({
      offerType: 'form.errors.offerType',
      nameAndSurname: 'form.errors.required',
      email: 'form.errors.emailOrPhone',
      phone: 'form.errors.emailOrPhone',
      terms: 'form.errors.terms',
    });
    expect(inquiryForm.safeParse({ offerType: 'tende', ...contact }).success).toBe(true);
  });

  it('takes a phone without an email, and marks each of the two required while the other is blank', () => {
    const { email: _, ...phoneOnly } = { ...contact, phone: '041 555 111' };
    expect(inquiryForm.parse({ offerType: 'tende', ...phoneOnly })).not.toHaveProperty('email');
    const requiredOf = (values: Record<string, unknown>) =>
      Object.fromEntries(
        shownOnStep(2, values)
          .filter((field) => ['email', 'phone'].includes(field.name))
          .map((field) => [field.name, field.required]),
      );
    expect(requiredOf({})).toEqual({ email: true, phone: true });
    expect(requiredOf({ phone: '041 555 111' })).toEqual({ email: false, phone: true });
    expect(requiredOf({ email: 'ana@example.com' })).toEqual({ email: true, phone: false });
    expect(requiredOf({ email: 'ana@example.com', callBack: 'on' })).toEqual({ email: true, phone: true });
  });

  it('wants a phone only when the visitor asks to be called back', () => {
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'tende', ...contact, callBack: 'on' }))).toEqual({ phone: 'form.errors.phoneForCallBack' });
    expect(inquiryForm.safeParse({ offerType: 'tende', ...contact, callBack: 'on', phone: '+386 41 555 111' }).success).toBe(true);
  });

  it('checks dimensions against their bounds, and keeps only the fields of the offer type', () => {
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'tende', ...contact, width: '19', length: '701' }))).toEqual({
      width: 'form.errors.width',
      length: 'form.errors.length',
    });
    const parsed = inquiryForm.parse({ offerType: 'tende', ...contact, width: '450', height: '250', system: 'kasetna' });
    expect(parsed).toMatchObject({ offerType: 'tende', width: 450, system: 'kasetna' });
    // An awning has no height field: a posted one is dropped, not delivered.
    expect(parsed).not.toHaveProperty('height');
  });

  it('takes its own output again (the outbox and the content API validate with it too)', () => {
    const once = inquiryForm.parse({ offerType: 'zunanji_screen', ...contact, fabrics: ['blackout', 'Lanena tkanina'], width: '300' });
    expect(inquiryForm.parse(once)).toEqual(once);
  });

  it('answers a field posted twice with its own message, not the library text', () => {
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'tende', ...contact, nameAndSurname: ['a', 'b'] }))).toEqual({ nameAndSurname: 'form.errors.invalid' });
    expect(errorsOf(newsletterForm.safeParse({ email: ['a@example.com', 'b@example.com'], consent: 'on' }))).toEqual({ email: 'form.errors.email' });
  });
});

describe('service request and newsletter schemas (decisions.md)', () => {
  const address = { streetAddress: 'Glavna ulica 12', postalCode: '2390', town: 'Ravne na Koroškem' };

  it('the service request requires phone, the installation address, content and terms; the year is 1990 to this year', () => {
    expect(errorsOf(serviceForm.safeParse({}))).toEqual({
      phone: 'form.errors.required',
      streetAddress: 'form.errors.required',
      postalCode: 'form.errors.required',
      town: 'form.errors.required',
      content: 'form.errors.required',
      terms: 'form.errors.terms',
    });
    const base = { phone: '041 555 111', ...address, content: 'The motor hums.', terms: 'on' };
    expect(errorsOf(serviceForm.safeParse({ ...base, installationYear: '1989' }))).toEqual({ installationYear: 'form.errors.year' });
    expect(errorsOf(serviceForm.safeParse({ ...base, installationYear: String(new Date().getFullYear() + 1) }))).toEqual({
      installationYear: 'form.errors.year',
    });
    expect(serviceForm.parse({ ...base, installationYear: String(new Date().getFullYear()) }).installationYear).toBe(new Date().getFullYear());
  });

  it('the service request takes a preferred time for the visit from the fixed set', () => {
    const base = { phone: '041 555 111', ...address, content: 'The motor hums.', terms: 'on' };
    expect(serviceForm.parse({ ...base, visitTime: 'weekdayMorning' })).toMatchObject({ ...address, visitTime: 'weekdayMorning' });
    expect(errorsOf(serviceForm.safeParse({ ...base, visitTime: 'midnight' }))).toEqual({ visitTime: 'form.errors.choice' });
  });

  it('the content API still takes a service request queued before the address was required, and only that', () => {
    const queuedBefore = { phone: '041 555 111', content: 'The motor hums.', terms: true, marketingOptOut: false };
    expect(serviceForm.safeParse(queuedBefore).success).toBe(false);
    expect(serviceSubmission.parse(queuedBefore)).toEqual({ ...queuedBefore, submissionId: undefined });
    // What it still checks is the rest of the form.
    expect(errorsOf(serviceSubmission.safeParse({ ...queuedBefore, phone: '' }))).toEqual({ phone: 'form.errors.required' });
    const now = serviceForm.parse({ ...queuedBefore, ...address });
    expect(serviceSubmission.parse(now)).toEqual(now);
  });

  it('the newsletter requires an email and consent', () => {
    expect(errorsOf(newsletterForm.safeParse({}))).toEqual({ email: 'form.errors.required', consent: 'form.errors.consent' });
    expect(newsletterForm.parse({ email: ' Ana@Example.com ', consent: 'on' })).toMatchObject({ email: 'ana@example.com', consent: true });
  });
});

describe('single-line fields refuse control characters (issue 24, point 7)', () => {
  // Every one-line text field of the two forms, from their specs: a field added later is covered too.
  const singleLineFields = (fields: FieldSpecs) =>
    Object.entries(fields)
      .filter(([, spec]) => spec.kind === 'text' && !spec.format && !spec.rows)
      .map(([name]) => name);
  const inquiry = { offerType: 'rolete', ...contact };
  const service = { phone: '041 555 111', streetAddress: 'Glavna ulica 12', postalCode: '2390', town: 'Ravne', content: 'The motor hums.', terms: 'on' };
  const injected = ['Eve\r\nBcc: x', 'Eve\nX', 'Eve\u0000', 'Eve\u0007 bell', 'Eve\u007f', 'Eve\u0085', 'Eve\u2028line', 'Eve\u2029para', 'a\tb'];

  it.each(singleLineFields(INQUIRY_FIELDS))('inquiry: %s', (name) => {
    for (const value of injected) {
      expect(errorsOf(inquiryForm.safeParse({ ...inquiry, ...(name === 'ralCode' ? { colour: 'ral' } : {}), [name]: value }))).toEqual({
        [name]: 'form.errors.controlCharacters',
      });
    }
  });

  it.each(singleLineFields(SERVICE_FIELDS))('service request: %s', (name) => {
    for (const value of injected) expect(errorsOf(serviceForm.safeParse({ ...service, [name]: value }))).toEqual({ [name]: 'form.errors.controlCharacters' });
  });

  it('phones, own entries of a multi-select, and the account forms too', () => {
    expect(errorsOf(serviceForm.safeParse({ ...service, phone: '041\r\n555 111' }))).toEqual({ phone: 'form.errors.controlCharacters' });
    expect(errorsOf(inquiryForm.safeParse({ offerType: 'zunanji_screen', ...contact, fabrics: ['blackout', 'Lan\r\nBcc: x'] }))).toEqual({
      fabrics: 'form.errors.controlCharacters',
    });
    expect(errorsOf(registerForm.safeParse({ name: 'Eve\r\nBcc: x', email: 'eve@example.com', password: 'long enough password' }))).toEqual({
      name: 'form.errors.controlCharacters',
    });
    const profile = { name: 'Ana', phone: '', streetAddress: '', postalCode: '', town: '' };
    for (const field of ['name', 'streetAddress', 'postalCode', 'town'] as const) {
      expect(errorsOf(profileForm.safeParse({ ...profile, [field]: 'x\u0000y' }))).toEqual({ [field]: 'form.errors.controlCharacters' });
    }
  });

  it('keeps the line breaks of the fields of several lines, and accents, emoji and spaces everywhere', () => {
    const parsed = inquiryForm.parse({
      ...inquiry,
      nameAndSurname: 'Žan Čeh-Müller 😀',
      town: 'Slovenj  Gradec',
      message: 'Line one\r\nLine two\n\tindented',
      note: 'a\nb',
    });
    expect(parsed).toMatchObject({ nameAndSurname: 'Žan Čeh-Müller 😀', town: 'Slovenj  Gradec', message: 'Line one\r\nLine two\n\tindented', note: 'a\nb' });
    expect(serviceForm.parse({ ...service, content: 'One\nTwo' }).content).toBe('One\nTwo');
    // Surrounding whitespace, line breaks included, is trimmed as before, not refused.
    expect(inquiryForm.parse({ ...inquiry, nameAndSurname: '  Ana Novak\r\n' }).nameAndSurname).toBe('Ana Novak');
  });
});
