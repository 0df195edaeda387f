import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../shared/forms/fields';
import { BOUNDS, inquiryForm, OPTION_SETS, productFields, type FieldSpec, type OfferType } from '../../shared/forms/inquiry';
import { newsletterForm } from '../../shared/forms/newsletter';
import { serviceForm } from '../../shared/forms/service';

const optionsOf = (spec: FieldSpec | undefined) => (spec && 'options' in spec ? spec.options : undefined);
const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as never));
const contact = { nameAndSurname: 'Ana Novak', email: 'ana@example.com', terms: 'on' };

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
    expect(optionsOf(productFields(offerType)[field as keyof ReturnType<typeof productFields>])).toEqual(options);
  });

  it.each([
    ['plise', OPTION_SETS.fabrics],
    ['eclise', OPTION_SETS.fabrics],
    // "for screen rollers prosojna, polprosojna, zatemnilna, blackout": the indoor screen roller too.
    ['screen', OPTION_SETS.screenFabrics],
    ['panelne', OPTION_SETS.curtainFabrics],
  ])('an interior %s blind offers its own fabrics', (system, fabrics) => {
    expect(optionsOf(productFields('notranja_sencila', system).fabrics)).toEqual(fabrics);
  });

  it('interior blinds and vertical slats have their models, slats and mechanisms', () => {
    expect(optionsOf(productFields('notranja_sencila', 'notranja').model)).toEqual(['klasicne', 'diplomat']);
    expect(optionsOf(productFields('notranja_sencila', 'notranja').mechanism)).toEqual(['handle', 'rope']);
    expect(optionsOf(productFields('notranja_sencila', 'lamelne').lamele)).toEqual(['klasicne', 'zatemnilne', 'other']);
    expect(optionsOf(productFields('notranja_sencila', 'lamelne').mechanism_option)).toEqual(['one_side', 'two_side']);
  });

  it('doors and grilles take width, height, amount, mechanism and installation (decisions.md)', () => {
    expect(Object.keys(productFields('rolo_garazna_vrata')).sort()).toEqual(['amount', 'height', 'iWantInstallation', 'mechanism', 'width']);
  });

  it('dimensions are whole centimetres with a cm suffix, within the decided bounds', () => {
    expect(productFields('pergola').width).toEqual({ kind: 'number', min: 20, max: 1000, unit: 'cm' });
    expect(productFields('pergola').height).toEqual({ kind: 'number', min: 20, max: 600, unit: 'cm' });
    expect(productFields('tende').length).toEqual({ kind: 'number', min: 50, max: 700, unit: 'cm' });
    expect(BOUNDS.amount).toEqual({ min: 1, max: 100 });
  });
});

describe('inquiry schema', () => {
  it('requires the offer type, name, email and terms, and nothing else', () => {
    expect(errorsOf(inquiryForm.safeParse({}))).toEqual({
      offerType: 'form.errors.offerType',
      nameAndSurname: 'form.errors.required',
      email: 'form.errors.required',
      terms: 'form.errors.terms',
    });
    expect(inquiryForm.safeParse({ offerType: 'tende', ...contact }).success).toBe(true);
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
  it('the service request requires phone, content and terms; the year is 1990 to this year', () => {
    expect(errorsOf(serviceForm.safeParse({}))).toEqual({ phone: 'form.errors.required', content: 'form.errors.required', terms: 'form.errors.terms' });
    const base = { phone: '041 555 111', content: 'The motor hums.', terms: 'on' };
    expect(errorsOf(serviceForm.safeParse({ ...base, installationYear: '1989' }))).toEqual({ installationYear: 'form.errors.year' });
    expect(errorsOf(serviceForm.safeParse({ ...base, installationYear: String(new Date().getFullYear() + 1) }))).toEqual({ installationYear: 'form.errors.year' });
    expect(serviceForm.parse({ ...base, installationYear: String(new Date().getFullYear()) }).installationYear).toBe(new Date().getFullYear());
  });

  it('the newsletter requires an email and consent', () => {
    expect(errorsOf(newsletterForm.safeParse({}))).toEqual({ email: 'form.errors.required', consent: 'form.errors.consent' });
    expect(newsletterForm.parse({ email: ' Ana@Example.com ', consent: 'on' })).toMatchObject({ email: 'ana@example.com', consent: true });
  });
});
