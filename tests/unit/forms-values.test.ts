import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  clampStep,
  firstStepWithError,
  INQUIRY_KINDS,
  inquiryEntries,
  otherSteps,
  staleChoices,
  stepOfField,
} from '../../client/features/forms/inquiry-values';
import { messageParamsOf } from '../../client/features/forms/message-params';
import { inquiryResolver, schemaResolver } from '../../client/features/forms/resolvers';
import { newSubmissionId } from '../../client/features/forms/submission-id';
import { checkOnBlur, checkOnChange } from '../../client/features/forms/use-public-form';
import { emptyValues, fromPosted, toEntries, toFormData, type FormValues } from '../../client/features/forms/values';
import { postedValues } from '../../shared/forms/fields';
import { BOUNDS, INQUIRY_FIELDS } from '../../shared/forms/inquiry';
import { SERVICE_FIELDS } from '../../shared/forms/service';
import { inquiryForm, stepFields } from '../../shared/forms/inquiry-form';
import { serviceForm } from '../../shared/forms/service-form';

const KINDS = { email: 'text', consent: 'checkbox', fabrics: 'list' } as const;

describe('form values and posts', () => {
  it('starts blank: empty text, unticked boxes, empty lists', () => {
    expect(emptyValues(KINDS)).toEqual({ email: '', consent: false, fabrics: [] });
  });

  it('takes back what a post echoed, a missing checkbox being unticked and missing text kept', () => {
    const base = { email: 'prefilled@example.com', consent: true, fabrics: ['x'] };
    expect(fromPosted(KINDS, { consent: 'on', fabrics: 'zatemnilna' }, base)).toEqual({
      email: 'prefilled@example.com',
      consent: true,
      fabrics: ['zatemnilna'],
    });
    expect(fromPosted(KINDS, { email: '', fabrics: ['a', 'b'] }, base)).toEqual({ email: '', consent: false, fabrics: ['a', 'b'] });
    expect(fromPosted(KINDS, undefined, base)).toEqual(base);
  });

  it('posts like a plain form: ticked boxes as on, lists as repeated keys, blank text left out', () => {
    const values: FormValues = { email: 'a@b.si', consent: true, off: false, fabrics: ['prosojna', 'Lan'], note: '  ' };
    expect(toEntries(values, ['email', 'consent', 'off', 'fabrics', 'note'])).toEqual([
      ['email', 'a@b.si'],
      ['consent', 'on'],
      ['fabrics', 'prosojna'],
      ['fabrics', 'Lan'],
    ]);
    const data = toFormData(toEntries(values, ['fabrics', 'consent']));
    expect(data.getAll('fabrics')).toEqual(['prosojna', 'Lan']);
    // What the server reads from it is what the browser meant.
    expect(postedValues(data.entries())).toEqual({ fabrics: ['prosojna', 'Lan'], consent: 'on' });
  });
});

describe('inquiry steps', () => {
  const values = (extra: FormValues): FormValues => ({ ...emptyValues(INQUIRY_KINDS), ...extra });

  it('knows every field of the schema and what kind of input it is (the product reference is none: no input)', () => {
    expect(INQUIRY_KINDS.fabrics).toBe('list');
    expect(INQUIRY_KINDS.withMosquitoNet).toBe('checkbox');
    expect(INQUIRY_KINDS.terms).toBe('checkbox');
    expect(INQUIRY_KINDS.width).toBe('text');
    expect(Object.keys(INQUIRY_KINDS).sort()).toEqual(
      Object.keys(inquiryForm.def.in.def.shape)
        .filter((k) => k !== 'submissionId' && k !== 'product')
        .sort(),
    );
  });

  it('shows the product fields of the offer type, and of the system for indoor shades', () => {
    expect(stepFields(1, values({}))).toEqual([]);
    expect(stepFields(1, values({ offerType: 'tende' }))).toEqual(['system', 'mechanism', 'colour', 'width', 'length', 'amount', 'iWantInstallation']);
    expect(stepFields(1, values({ offerType: 'tende', mechanism: 'motor', colour: 'ral' }))).toEqual([
      'system',
      'mechanism',
      'motorControl',
      'colour',
      'ralCode',
      'width',
      'length',
      'amount',
      'iWantInstallation',
    ]);
    expect(stepFields(1, values({ offerType: 'notranja_sencila', system: 'plise' }))).toContain('fabrics');
    expect(stepFields(1, values({ offerType: 'notranja_sencila', system: 'notranja' }))).toContain('model');
    expect(stepFields(2, values({}))).toContain('nameAndSurname');
  });

  it('carries the other steps along, leaving out fields and choices that do not apply', () => {
    const filled = values({
      offerType: 'rolete',
      system: 'podometni',
      width: '120',
      withMosquitoNet: true,
      mount: 'vpeta',
      nameAndSurname: 'Ana',
      terms: true,
    });
    expect(otherSteps(1)).toEqual([0, 2, 3]);
    expect(inquiryEntries(filled, otherSteps(1))).toEqual([
      ['offerType', 'rolete'],
      ['nameAndSurname', 'Ana'],
      ['terms', 'on'],
    ]);
    expect(inquiryEntries(filled, [1])).toEqual([
      ['system', 'podometni'],
      ['width', '120'],
      ['withMosquitoNet', 'on'],
    ]);
    // A system chosen for roller shutters is not one of an awning's.
    const changed = { ...filled, offerType: 'tende' };
    expect(staleChoices(changed)).toEqual(['system']);
    expect(inquiryEntries(changed, [1])).toEqual([['width', '120']]);
  });

  it('finds the step of a field and the first step with an error', () => {
    const filled = values({ offerType: 'pergola' });
    expect(stepOfField('offerType', filled)).toBe(0);
    expect(stepOfField('mount', filled)).toBe(1);
    expect(stepOfField('fabrics', filled)).toBe(-1);
    expect(firstStepWithError(['terms', 'email', 'length'], filled)).toBe(1);
    expect(firstStepWithError(['form'], filled)).toBeUndefined();
  });

  it('keeps a posted step inside the form', () => {
    expect(clampStep('2')).toBe(2);
    expect(clampStep(9)).toBe(3);
    expect(clampStep(-1)).toBe(0);
    expect(clampStep('x')).toBe(0);
    expect(clampStep(undefined)).toBe(0);
  });
});

describe('resolvers over the shared schemas', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FormValues>;
  const inquiry = (extra: FormValues): FormValues => ({ ...emptyValues(INQUIRY_KINDS), ...extra });

  it('reports product fields while the contact step is still empty (a step is checked on its own)', async () => {
    const { errors } = await inquiryResolver()(inquiry({ offerType: 'rolete', width: '5', system: 'nope' }), undefined, options);
    expect(errors.width?.message).toBe('form.errors.width');
    expect(errors.system?.message).toBe('form.errors.choice');
    expect(errors.nameAndSurname?.message).toBe('form.errors.required');
    expect(errors.terms?.message).toBe('form.errors.terms');
  });

  it('asks for a phone when the visitor wants a call back', async () => {
    const { errors } = await inquiryResolver()(inquiry({ offerType: 'komarniki', callBack: true }), undefined, options);
    expect(errors.phone?.message).toBe('form.errors.phoneForCallBack');
  });

  it('has nothing to add to a missing offer type, and passes a complete inquiry', async () => {
    const missing = await inquiryResolver()(inquiry({ width: '5' }), undefined, options);
    expect(Object.keys(missing.errors)).toEqual(expect.arrayContaining(['offerType', 'nameAndSurname']));
    expect(missing.errors.width).toBeUndefined();
    const complete = await inquiryResolver()(
      inquiry({ offerType: 'tende', width: '400', length: '250', fabrics: [], nameAndSurname: 'Ana Novak', email: 'ana@example.com', terms: true }),
      undefined,
      options,
    );
    expect(complete.errors).toEqual({});
  });

  it('checks the service request with its schema', async () => {
    const { errors } = await schemaResolver(serviceForm)({ phone: '', content: '', installationYear: '1800', terms: false }, undefined, options);
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message]))).toEqual({
      phone: 'form.errors.required',
      streetAddress: 'form.errors.required',
      postalCode: 'form.errors.required',
      town: 'form.errors.required',
      installationYear: 'form.errors.year',
      content: 'form.errors.required',
      terms: 'form.errors.terms',
    });
  });

  it('names the bounds of the form\u2019s own fields in range errors', () => {
    expect(messageParamsOf(INQUIRY_FIELDS)('form.errors.width')).toEqual(BOUNDS.width);
    expect(messageParamsOf(SERVICE_FIELDS)('form.errors.year')).toEqual({ min: 1990, max: new Date().getFullYear() });
    expect(messageParamsOf(INQUIRY_FIELDS)('form.errors.required')).toBeUndefined();
  });
});

describe('checking as the visitor types', () => {
  const state = (over: Partial<{ isTouched: boolean; isDirty: boolean; invalid: boolean }>) => ({ isTouched: false, isDirty: false, invalid: false, ...over });

  it('checks while typing once a field was left, is wrong, or was checked by Next or Send', () => {
    expect(checkOnChange(state({}), false)).toBe(false);
    expect(checkOnChange(state({ isTouched: true }), false)).toBe(true);
    expect(checkOnChange(state({ invalid: true }), false)).toBe(true);
    expect(checkOnChange(state({}), true)).toBe(true);
  });

  it('checks a left field only when something was entered (or it is wrong)', () => {
    expect(checkOnBlur(state({}))).toBe(false);
    expect(checkOnBlur(state({ isDirty: true }))).toBe(true);
    expect(checkOnBlur(state({ invalid: true }))).toBe(true);
  });
});

describe('submission id', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a random version 4 UUID, also where randomUUID is missing (plain http)', () => {
    expect(newSubmissionId()).toMatch(V4);
    const fallback = newSubmissionId({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(fallback).toMatch(V4);
    expect(newSubmissionId({ getRandomValues: (array) => array })).toBe('00000000-0000-4000-8000-000000000000');
    expect(newSubmissionId()).not.toBe(newSubmissionId());
  });
});
