import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fieldLabelKey, optionLabelKey } from '../../../shared/forms/field-spec';
import { INQUIRY_FIELDS, INQUIRY_STEPS, OFFER_TYPES } from '../../../shared/forms/inquiry';
import { PHOTO_FIELD } from '../../../shared/forms/photos';
import { shownOnStep, stepFields } from '../../../shared/forms/inquiry-form';
import type { PublicFormResult, ScreenData } from '../../../shared/page-data';
import { inquiryPath, inquiryStepOf, pathTo } from '../../../shared/routes';
import { useLayout } from '../../layout/use-layout';
import { ChoiceField } from './fields';
import { ErrorSummary, FormError, HiddenFields, honeypotValue, RequiredNote, ThankYou } from './FormParts';
import { PhotoField } from './photos/PhotoField';
import { UploadProgress } from './photos/UploadProgress';
import { withPhotoField, withPhotoParams } from './photos/photo-messages';
import { usePhotos } from './photos/use-photos';
import { ALL_STEPS, clampStep, firstStepWithError, INQUIRY_KINDS, inquiryEntries, LAST_STEP, otherSteps, staleChoices } from './inquiry-values';
import { MeasuringGuideLink } from './MeasuringGuideLink';
import { messageParamsOf } from './message-params';
import { MessageParamsProvider } from './messages';
import { SpecFields } from './SpecFields';
import { StepIndicator } from './StepIndicator';
import { inquiryResolver } from './resolvers';
import { focusFirst, usePublicForm, useThankYouFocus } from './use-public-form';
import { emptyValues, fromPosted, textOf, type FormValues } from './values';

/** Error messages name the bounds of this form's own fields (and, per answer, the file of a refused photo). */
const INQUIRY_MESSAGE_PARAMS = messageParamsOf(INQUIRY_FIELDS);

/**
 * The photos are on the step that sends the inquiry, after the note: a file input's choice cannot
 * travel from one step to the next without JavaScript (a browser never fills one in again, and
 * hidden inputs carry text only), so they are chosen where the post that stores them is made.
 */
const PHOTOS_AFTER = 'note';
const PHOTO_STEP = LAST_STEP;

const FORM = 'inquiry';

/** The contact details a signed-in visitor has given, as the form's starting values. */
export function prefillValues(prefill: ScreenData<'inquiry'>['prefill']): FormValues {
  return prefill ? { ...prefill } : {};
}

/**
 * The product inquiry in four steps (offer type, product details, contact, message), each at its own
 * address (`inquiryPath`). Every step is a form of its own that posts `intent` (next, back or send),
 * the product fields shown and every other step's values as hidden inputs to its address: without
 * JavaScript the server walks the steps, keeping a draft (docs/decisions/0050). With JavaScript the
 * same buttons move between the steps' addresses in the browser (history entries: Back and Forward
 * move between steps, the form and its photos stay), checking each step with the shared schema before
 * going on, and Send posts everything through the router to the same action; what the server still
 * refuses comes back as errors on the step that has them.
 */
export function InquiryForm({ data, result, action }: { data: ScreenData<'inquiry'>; result: PublicFormResult | undefined; action: string }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  // From a product's page, what the product fixes (its system, type or model) is chosen too; over it, what a draft holds.
  const defaults = useMemo(() => {
    const blank = { ...emptyValues(INQUIRY_KINDS), ...prefillValues(data.prefill), offerType: data.offerType ?? '', ...data.product?.preset };
    return data.draft ? fromPosted(INQUIRY_KINDS, data.draft.values, blank) : blank;
  }, [data.prefill, data.offerType, data.product, data.draft]);
  const resolver = useMemo(() => inquiryResolver(), []);
  const publicForm = usePublicForm({ kinds: INQUIRY_KINDS, defaults, resolver, result, sent: data.sent, action });
  const { form, field, check, busy, settled, send, submissionId, formError, formErrorParams, startGuard, onLastStep } = publicForm;
  const values = useWatch({ control: form.control }) as FormValues;
  const errors = form.formState.errors;
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** What takes focus after the next render: the new step's heading, or the first wrong field. */
  const focusNext = useRef<'heading' | string[] | null>(null);

  // The step is the address's (a product's call to action opens at the product's own fields, the offer
  // type step, with it chosen, one step back); the answer to a refused post shows the step it names.
  const params = useParams();
  const navigate = useNavigate();
  const pathStep = inquiryStepOf(params.step ?? '', locale) ?? 0;
  const step = clampStep(result?.errors ? (result.step ?? firstStepWithError(Object.keys(result.errors), values) ?? pathStep) : pathStep);
  const stepAddress = (to: number) => inquiryPath(locale, { step: to, offerType: params.offerType, product: params.product });
  const goTo = (to: number) => navigate(stepAddress(to));
  useEffect(() => onLastStep(step === LAST_STEP), [onLastStep, step]);
  // A new answer from the server (a refused Send): focus its first wrong field.
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result?.errors) focusNext.current = Object.keys(result.errors);
  }
  // Another step on screen (a button, Back or Forward): its heading takes focus, unless a wrong field is to.
  const shownStep = useRef(step);
  if (shownStep.current !== step) {
    shownStep.current = step;
    focusNext.current ??= 'heading';
  }

  // Another product's link while the form is open (another offer type in the path): a new inquiry.
  const pathOfferType = useRef(data.offerType);
  useEffect(() => {
    if (pathOfferType.current === data.offerType) return;
    pathOfferType.current = data.offerType;
    if (!data.sent && data.offerType) form.reset(defaults);
  }, [data.offerType, data.sent, defaults, form]);

  const photos = usePhotos(data.sent);
  const messageParams = useMemo(() => withPhotoParams(INQUIRY_MESSAGE_PARAMS, result?.photoRefused), [result]);
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

  const shownProductFields = step === 1 ? stepFields(1, values) : [];

  /** Error names in the order their fields appear on the current step. */
  function orderOnStep(names: string[]): string[] {
    return withPhotoField(stepFields(step, values), PHOTOS_AFTER).filter((name) => names.includes(name));
  }

  function wrongFields(): string[] {
    return Object.keys(INQUIRY_KINDS).filter((name) => form.getFieldState(name).invalid);
  }

  async function next() {
    const names = stepFields(step, values);
    if (await check(names)) {
      void goTo(step + 1);
    } else {
      focusFirst(
        formRef.current,
        names.filter((name) => form.getFieldState(name).invalid),
      );
    }
  }

  function back() {
    void goTo(Math.max(0, step - 1));
  }

  async function sendInquiry() {
    if (!(await check())) {
      const wrong = wrongFields();
      const first = firstStepWithError(wrong, values) ?? step;
      if (first !== step) {
        focusNext.current = wrong;
        void goTo(first);
      } else {
        focusFirst(formRef.current, orderOnStep(wrong));
      }
      return;
    }
    const current = form.getValues();
    send(
      [...inquiryEntries(current, ALL_STEPS), ...productEntry, ['intent', 'send'], ['shown', stepFields(1, current).join(',')]],
      honeypotValue(formRef.current),
      photos.files(),
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
  // The product the inquiry came from travels with it while its family is the one chosen.
  const productEntry: [string, string][] = data.product && data.product.offerType === offerType ? [['product', data.product.key]] : [];
  const labelOf = (name: string) => {
    const spec = INQUIRY_FIELDS[name as keyof typeof INQUIRY_FIELDS];
    if (name === PHOTO_FIELD) return t('form.photos.label');
    return spec ? t(fieldLabelKey('inquiry', name, spec, offerType)) : name;
  };
  const errorOf = (name: string) => errors[name]?.message as string | undefined;
  const heading = (content: ReactNode) => (
    <h2 className="form-step__title" id={`${FORM}-step-title`} ref={headingRef} tabIndex={-1}>
      {content}
    </h2>
  );
  /** The step's inputs; on the step with the photos, their field after `PHOTOS_AFTER`. */
  function stepInputs() {
    const fields = shownOnStep(step, values);
    const specFields = (shown: typeof fields) => <SpecFields form={FORM} ns="inquiry" fields={shown} values={values} publicForm={publicForm} locale={locale} />;
    const at = step === PHOTO_STEP ? fields.findIndex((field) => field.name === PHOTOS_AFTER) + 1 : 0;
    if (at === 0) return specFields(fields);
    return (
      <>
        {specFields(fields.slice(0, at))}
        <PhotoField
          form={FORM}
          hint="form.photos.hints.inquiry"
          photos={photos}
          error={errorOf(PHOTO_FIELD)}
          // The server keeps a plain post's photos with the draft, unless it refused one of them.
          returned={Boolean(result?.errors?.[PHOTO_FIELD])}
          kept={data.draft?.photos}
          onChange={() => form.clearErrors(PHOTO_FIELD)}
        />
        {specFields(fields.slice(at))}
      </>
    );
  }

  const summary = result?.errors
    ? orderOnStep(Object.keys(result.errors)).flatMap((name): [string, string][] => (errorOf(name) ? [[name, errorOf(name)!]] : []))
    : [];

  return (
    <MessageParamsProvider value={messageParams}>
      <form
        ref={formRef}
        method="post"
        // A plain post goes to the step shown (a refused Send shows the step with the error, not its address's).
        action={stepAddress(step)}
        noValidate
        className="public-form inquiry-form"
        aria-label={t('inquiry.title')}
        aria-busy={busy || undefined}
        // A plain post carries the chosen photos only as multipart/form-data: the step that has them.
        encType={step === PHOTO_STEP ? 'multipart/form-data' : undefined}
        data-settled={settled}
        onSubmit={onSubmit}
        onFocus={startGuard}
      >
        <StepIndicator names={INQUIRY_STEPS.map((s) => t(`inquiry.steps.${s.id}.name`))} current={step} />
        <FormError message={formError} params={formErrorParams} />
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
            options={OFFER_TYPES.map((key) => ({
              value: key,
              label: t(optionLabelKey('inquiry', INQUIRY_FIELDS.offerType, key)),
              hint: t(`inquiry.offerTypeHints.${key}`),
            }))}
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
                    <span className="form-step__product">{productEntry.length > 0 ? data.product!.title : t(`inquiry.offerTypes.${offerType}`)}</span>
                  </>
                ) : null}
              </>,
            )}
            {step === 1 ? (
              <p className="form-step__intro">
                {t('inquiry.steps.product.intro')} <MeasuringGuideLink to={data.measuringGuide} />
              </p>
            ) : (
              <RequiredNote />
            )}
          </>
        )}

        {step > 0 ? <div className="form-grid">{stepInputs()}</div> : null}

        {inquiryEntries(values, otherSteps(step)).map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        {productEntry.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="shown" value={shownProductFields.join(',')} />
        <HiddenFields submissionId={submissionId} formToken={result?.formToken ?? data.draft?.formToken} />

        <div className="form-actions">
          {/* First in the markup: Enter in a field presses it (a plain form's default button). */}
          <button type="submit" name="intent" value={step === LAST_STEP ? 'send' : 'next'} className="button" disabled={busy}>
            {busy ? t('form.sending') : step === LAST_STEP ? t('inquiry.send') : t('inquiry.next')}
          </button>
          <UploadProgress form={FORM} />
          {step > 0 ? (
            <button type="submit" name="intent" value="back" formNoValidate className="button button--ghost" disabled={busy}>
              {t('inquiry.back')}
            </button>
          ) : null}
        </div>
      </form>
    </MessageParamsProvider>
  );
}
