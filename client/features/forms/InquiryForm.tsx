import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { INQUIRY_STEPS, OFFER_TYPES, TEXT_LIMITS, type FieldSpec } from '../../../shared/forms/inquiry';
import type { PublicFormResult, ScreenData } from '../../../shared/page-data';
import { pathTo } from '../../../shared/routes';
import { useLayout } from '../../layout/use-layout';
import { CheckboxField, ChoiceField, TextField } from './fields';
import { ErrorSummary, FormError, HiddenFields, honeypotValue, RequiredNote, ThankYou } from './FormParts';
import {
  ALL_STEPS,
  clampStep,
  currentProductFields,
  fieldsOfStep,
  firstStepWithError,
  INQUIRY_KINDS,
  inquiryEntries,
  LAST_STEP,
  otherSteps,
  staleChoices,
} from './inquiry-values';
import { LegalText } from './LegalLinks';
import { MultiSelect } from './MultiSelect';
import { StepIndicator } from './StepIndicator';
import { inquiryResolver } from './resolvers';
import { focusFirst, usePublicForm, useThankYouFocus } from './use-public-form';
import { emptyValues, textOf, type FormValues } from './values';

const FORM = 'inquiry';

/** The contact details a signed-in visitor has given, as the form's starting values. */
export function prefillValues(prefill: ScreenData<'inquiry'>['prefill']): FormValues {
  return prefill ? { ...prefill } : {};
}

/**
 * The product inquiry in four steps (offer type, product details, contact, message). Every step is
 * a form of its own that posts `intent` (next, back or send), the step shown, the product fields
 * shown and every other step's values as hidden inputs: without JavaScript the server walks the
 * steps. With JavaScript the same buttons move between steps in the browser, checking each step
 * with the shared schema before going on, and Send posts everything through the router to the same
 * action; what the server still refuses comes back as errors on the step that has them.
 */
export function InquiryForm({ data, result, action }: { data: ScreenData<'inquiry'>; result: PublicFormResult | undefined; action: string }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  const defaults = useMemo(
    () => ({ ...emptyValues(INQUIRY_KINDS), ...prefillValues(data.prefill), offerType: data.offerType ?? '' }),
    [data.prefill, data.offerType],
  );
  const resolver = useMemo(() => inquiryResolver(), []);
  const { form, field, changed, check, busy, settled, send, submissionId, formError } = usePublicForm({
    kinds: INQUIRY_KINDS,
    defaults,
    resolver,
    result,
    sent: data.sent,
    action,
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const errors = form.formState.errors;
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** What takes focus after the next render: the new step's heading, or the first wrong field. */
  const focusNext = useRef<'heading' | string[] | null>(null);

  // From a product's call to action (its offer type in the path) the form opens at the product's own
  // fields; the offer type step, with it chosen, is one step back.
  const [step, setStep] = useState(() => clampStep(result?.step ?? (data.offerType ? 1 : 0)));
  // A new answer from the server (a refused Send): show the step it names, or the first with an error.
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result?.errors) {
      const wrong = Object.keys(result.errors);
      setStep(clampStep(result.step ?? firstStepWithError(wrong, values) ?? step));
      focusNext.current = wrong;
    }
  }

  // After a success the next inquiry starts at the first step.
  useEffect(() => {
    if (data.sent) setStep(0);
  }, [data.sent]);

  // Another product's link while the form is open (another offer type in the path): a new inquiry.
  const pathOfferType = useRef(data.offerType);
  useEffect(() => {
    if (pathOfferType.current === data.offerType) return;
    pathOfferType.current = data.offerType;
    if (!data.sent && data.offerType) {
      setStep(1);
      form.reset(defaults);
    }
  }, [data.offerType, data.sent, defaults, form]);

  const focusThanks = useThankYouFocus(data.sent);

  // A choice the newly chosen offer type (or system) does not offer is cleared.
  const stale = staleChoices(values).join(',');
  useEffect(() => {
    for (const name of stale.split(',').filter(Boolean)) form.setValue(name, '');
  }, [stale, form]);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else focusFirst(formRef.current, orderOnStep(target));
  });

  const shownProductFields = step === 1 ? fieldsOfStep(1, values) : [];

  /** Error names in the order their fields appear on the current step. */
  function orderOnStep(names: string[]): string[] {
    return fieldsOfStep(step, values).filter((name) => names.includes(name));
  }

  function wrongFields(): string[] {
    return Object.keys(INQUIRY_KINDS).filter((name) => form.getFieldState(name).invalid);
  }

  async function next() {
    const names = fieldsOfStep(step, values);
    if (await check(names)) {
      setStep(step + 1);
      focusNext.current = 'heading';
    } else {
      focusFirst(formRef.current, names.filter((name) => form.getFieldState(name).invalid));
    }
  }

  function back() {
    setStep(Math.max(0, step - 1));
    focusNext.current = 'heading';
  }

  async function sendInquiry() {
    if (!(await check())) {
      const wrong = wrongFields();
      const first = firstStepWithError(wrong, values) ?? step;
      if (first !== step) {
        setStep(first);
        focusNext.current = wrong;
      } else {
        focusFirst(formRef.current, orderOnStep(wrong));
      }
      return;
    }
    const current = form.getValues();
    send(
      [...inquiryEntries(current, ALL_STEPS), ['intent', 'send'], ['step', String(step)], ['shown', fieldsOfStep(1, current).join(',')]],
      honeypotValue(formRef.current),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute('value') ?? (step === LAST_STEP ? 'send' : 'next');
    if (intent === 'back') back();
    else if (intent === 'send') void sendInquiry();
    else void next();
  }

  if (data.sent) {
    return (
      <ThankYou
        title={t('inquiry.done.title')}
        text={t('inquiry.done.text')}
        again={{ label: t('inquiry.done.again'), to: pathTo('inquiry', locale) }}
        focus={focusThanks}
      />
    );
  }

  const offerType = textOf(values, 'offerType');
  const labelOf = (name: string) => (name === 'system' && offerType ? t(`inquiry.systemLabels.${offerType}`) : t(`inquiry.fields.${name}`));
  const errorOf = (name: string) => errors[name]?.message as string | undefined;
  const heading = (content: ReactNode) => (
    <h2 className="form-step__title" id={`${FORM}-step-title`} ref={headingRef} tabIndex={-1}>
      {content}
    </h2>
  );
  const summary = result?.errors ? orderOnStep(Object.keys(result.errors)).flatMap((name): [string, string][] => (errorOf(name) ? [[name, errorOf(name)!]] : [])) : [];

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      className="public-form inquiry-form"
      aria-label={t('inquiry.title')}
      aria-busy={busy || undefined}
      data-settled={settled}
      onSubmit={onSubmit}
    >
      <StepIndicator names={INQUIRY_STEPS.map((s) => t(`inquiry.steps.${s.id}.name`))} current={step} />
      <FormError message={formError} />
      <ErrorSummary form={FORM} errors={summary} label={labelOf} />

      {step === 0 ? (
        <ChoiceField
          form={FORM}
          name="offerType"
          label={t('inquiry.steps.offer.title')}
          legendAs={heading}
          required
          variant="cards"
          control={field('offerType')}
          value={offerType}
          error={errorOf('offerType')}
          options={OFFER_TYPES.map((key) => ({ value: key, label: t(`inquiry.offerTypes.${key}`), hint: t(`inquiry.offerTypeHints.${key}`) }))}
        />
      ) : (
        <>
          {heading(
            <>
              {t(`inquiry.steps.${INQUIRY_STEPS[step]!.id}.title`)}
              {/* Which product these details are for (chosen a step back, or by the product's link). */}
              {step === 1 && offerType ? (
                <>
                  {' '}
                  <span className="form-step__product">{t(`inquiry.offerTypes.${offerType}`)}</span>
                </>
              ) : null}
            </>,
          )}
          {step === 1 ? <p className="form-step__intro">{t('inquiry.steps.product.intro')}</p> : <RequiredNote />}
        </>
      )}

      {step === 1 ? productStep() : null}

      {step === 2 ? (
        <div className="form-grid">
          <TextField form={FORM} name="nameAndSurname" label={labelOf('nameAndSurname')} required autoComplete="name" maxLength={TEXT_LIMITS.nameAndSurname} control={field('nameAndSurname')} defaultValue={textOf(values, 'nameAndSurname')} error={errorOf('nameAndSurname')} />
          <TextField form={FORM} name="email" type="email" label={labelOf('email')} hint={t('inquiry.hints.email')} required autoComplete="email" maxLength={254} control={field('email')} defaultValue={textOf(values, 'email')} error={errorOf('email')} />
          <TextField form={FORM} name="phone" type="tel" label={labelOf('phone')} hint={t('inquiry.hints.phone')} required={values.callBack === true} autoComplete="tel" maxLength={40} control={field('phone')} defaultValue={textOf(values, 'phone')} error={errorOf('phone')} />
          <CheckboxField form={FORM} name="callBack" label={labelOf('callBack')} control={field('callBack')} defaultChecked={values.callBack === true} error={errorOf('callBack')} />
          <TextField form={FORM} name="streetAddress" label={labelOf('streetAddress')} autoComplete="address-line1" maxLength={TEXT_LIMITS.streetAddress} control={field('streetAddress')} defaultValue={textOf(values, 'streetAddress')} error={errorOf('streetAddress')} />
          <div className="form-row form-row--postal">
            <TextField form={FORM} name="postalCode" label={labelOf('postalCode')} autoComplete="postal-code" maxLength={TEXT_LIMITS.postalCode} control={field('postalCode')} defaultValue={textOf(values, 'postalCode')} error={errorOf('postalCode')} />
            <TextField form={FORM} name="town" label={labelOf('town')} autoComplete="address-level2" maxLength={TEXT_LIMITS.town} control={field('town')} defaultValue={textOf(values, 'town')} error={errorOf('town')} />
          </div>
        </div>
      ) : null}

      {step === 3 ? (
        <div className="form-grid">
          <TextField form={FORM} name="message" label={labelOf('message')} hint={t('inquiry.hints.message')} rows={6} maxLength={TEXT_LIMITS.message} control={field('message')} defaultValue={textOf(values, 'message')} error={errorOf('message')} />
          <TextField form={FORM} name="note" label={labelOf('note')} hint={t('inquiry.hints.note')} rows={3} maxLength={TEXT_LIMITS.note} control={field('note')} defaultValue={textOf(values, 'note')} error={errorOf('note')} />
          <CheckboxField form={FORM} name="terms" label={<LegalText i18nKey="form.terms" locale={locale} />} required control={field('terms')} defaultChecked={values.terms === true} error={errorOf('terms')} />
          <CheckboxField form={FORM} name="marketingOptOut" label={t('form.marketingOptOut')} control={field('marketingOptOut')} defaultChecked={values.marketingOptOut === true} error={errorOf('marketingOptOut')} />
        </div>
      ) : null}

      {inquiryEntries(values, otherSteps(step)).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="step" value={step} />
      <input type="hidden" name="shown" value={shownProductFields.join(',')} />
      <HiddenFields submissionId={submissionId} />

      <div className="form-actions">
        {/* First in the markup: Enter in a field presses it (a plain form's default button). */}
        <button type="submit" name="intent" value={step === LAST_STEP ? 'send' : 'next'} className="button" disabled={busy}>
          {busy ? t('form.sending') : step === LAST_STEP ? t('inquiry.send') : t('inquiry.next')}
        </button>
        {step > 0 ? (
          <button type="submit" name="intent" value="back" formNoValidate className="button button--ghost" disabled={busy}>
            {t('inquiry.back')}
          </button>
        ) : null}
      </div>
    </form>
  );

  // Called, not rendered as components: a component declared in here would be a new type on every
  // render, and its inputs would be remounted (losing focus) at every keystroke.
  function productStep() {
    const fields = Object.entries(currentProductFields(values)) as [string, FieldSpec][];
    const render = ([name, spec]: [string, FieldSpec]) => productField(name, spec);
    return (
      <div className="form-grid">
        {fields.filter(([, spec]) => spec.kind === 'choice' || spec.kind === 'tags' || spec.kind === 'text').map(render)}
        <div className="form-row form-row--sizes">{fields.filter(([, spec]) => spec.kind === 'number').map(render)}</div>
        {fields.filter(([, spec]) => spec.kind === 'checkbox').map(render)}
      </div>
    );
  }

  function productField(name: string, spec: FieldSpec) {
    const common = { form: FORM, name, label: labelOf(name), error: errorOf(name) };
    switch (spec.kind) {
      case 'choice':
        return (
          <ChoiceField
            key={name}
            {...common}
            hint={name === 'system' && offerType === 'notranja_sencila' ? t('inquiry.systemHint') : undefined}
            control={field(name)}
            value={textOf(values, name)}
            options={spec.options.map((value) => ({ value, label: t(`inquiry.options.${value}`) }))}
          />
        );
      case 'tags':
        return (
          <Controller
            key={name}
            name={name}
            control={form.control}
            render={({ field: control }) => (
              <MultiSelect
                form={FORM}
                name={name}
                label={common.label}
                hint={t('inquiry.hints.fabrics')}
                error={common.error}
                options={spec.options.map((value) => ({ value, label: t(`inquiry.options.${value}`), hint: t(`inquiry.optionHints.${value}`) }))}
                value={Array.isArray(control.value) ? control.value : []}
                onChange={(next) => {
                  control.onChange(next);
                  changed(name);
                }}
                onBlur={control.onBlur}
                inputRef={control.ref}
                maxLength={TEXT_LIMITS.tag}
              />
            )}
          />
        );
      case 'number':
        return (
          <TextField
            key={name}
            {...common}
            hint={spec.unit ? t('inquiry.hints.dimension', { min: spec.min, max: spec.max }) : t('inquiry.hints.amount', { min: spec.min, max: spec.max })}
            hintAfter
            inputMode="numeric"
            unit={spec.unit ? t(`form.units.${spec.unit}`) : undefined}
            maxLength={4}
            control={field(name)}
            defaultValue={textOf(values, name)}
          />
        );
      case 'checkbox':
        return <CheckboxField key={name} {...common} control={field(name)} defaultChecked={values[name] === true} />;
      case 'text':
        return <TextField key={name} {...common} hint={t(`inquiry.hints.${name}`)} maxLength={spec.max} control={field(name)} defaultValue={textOf(values, name)} />;
    }
  }
}
