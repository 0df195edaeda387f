import { useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { serviceForm } from '../../../shared/forms/service';
import type { PublicFormResult, ScreenData } from '../../../shared/page-data';
import { pathTo } from '../../../shared/routes';
import { useLayout } from '../../layout/use-layout';
import { CheckboxField, TextField } from './fields';
import { ErrorSummary, FormError, HiddenFields, RequiredNote, ThankYou } from './FormParts';
import { LegalText } from './LegalLinks';
import { schemaResolver } from './resolvers';
import { submitWhole, useFocusOnRefusal, usePublicForm, useThankYouFocus } from './use-public-form';
import { emptyValues, textOf, type FieldKinds } from './values';

const FORM = 'service';

const SERVICE_KINDS: FieldKinds = {
  nameAndSurname: 'text',
  phone: 'text',
  email: 'text',
  invoiceNumber: 'text',
  installationYear: 'text',
  content: 'text',
  terms: 'checkbox',
  marketingOptOut: 'checkbox',
};
/** The fields in the order the form shows them (focus goes to the first wrong one). */
const ORDER = Object.keys(SERVICE_KINDS);

/**
 * The service request: a plain form posted to its page (the server answers 400 with the errors and
 * the values, or 303 to the thank-you), checked as the visitor types with the shared schema once
 * the page runs, and then posted through the router to the same action.
 */
export function ServiceForm({ data, result, action }: { data: ScreenData<'service'>; result: PublicFormResult | undefined; action: string }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  const defaults = useMemo(() => {
    const { prefill } = data;
    return { ...emptyValues(SERVICE_KINDS), ...(prefill ? { nameAndSurname: prefill.nameAndSurname, phone: prefill.phone, email: prefill.email } : {}) };
  }, [data]);
  const resolver = useMemo(() => schemaResolver(serviceForm), []);
  const publicForm = usePublicForm({ kinds: SERVICE_KINDS, defaults, resolver, result, sent: data.sent, action });
  const { form, field, busy, settled, submissionId, formError } = publicForm;
  const formRef = useRef<HTMLFormElement>(null);
  const focusThanks = useThankYouFocus(data.sent);
  useFocusOnRefusal(result, formRef, ORDER);

  if (data.sent) {
    return <ThankYou title={t('service.done.title')} text={t('service.done.text')} again={{ label: t('service.done.again'), to: pathTo('service', locale) }} focus={focusThanks} />;
  }

  const values = form.getValues();
  const errorOf = (name: string) => form.formState.errors[name]?.message as string | undefined;
  const labelOf = (name: string) => t(`service.fields.${name}`);
  const summary = result?.errors ? ORDER.flatMap((name): [string, string][] => (errorOf(name) && name in result.errors! ? [[name, errorOf(name)!]] : [])) : [];


  const text = (name: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField form={FORM} name={name} label={labelOf(name)} control={field(name)} defaultValue={textOf(values, name)} error={errorOf(name)} {...extra} />
  );

  return (
    <form ref={formRef} method="post" action={action} noValidate className="public-form" aria-label={t('service.title')} aria-busy={busy || undefined} data-settled={settled} onSubmit={submitWhole(publicForm, formRef, ORDER)}>
      <FormError message={formError} />
      <ErrorSummary form={FORM} errors={summary} label={labelOf} />
      <RequiredNote />
      <fieldset className="form-group">
        <legend>{t('service.groups.contact')}</legend>
        <div className="form-grid">
          {text('nameAndSurname', { autoComplete: 'name', maxLength: 100 })}
          {text('phone', { type: 'tel', autoComplete: 'tel', required: true, maxLength: 40, hint: t('service.hints.phone') })}
          {text('email', { type: 'email', autoComplete: 'email', maxLength: 254, hint: t('service.hints.email') })}
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('service.groups.installation')}</legend>
        <div className="form-row">
          {text('invoiceNumber', { maxLength: 40, hint: t('service.hints.invoiceNumber') })}
          {text('installationYear', { inputMode: 'numeric', maxLength: 4, hint: t('service.hints.installationYear') })}
        </div>
      </fieldset>
      <div className="form-grid">
        {text('content', { required: true, rows: 6, maxLength: 5000, hint: t('service.hints.content') })}
        <CheckboxField form={FORM} name="terms" label={<LegalText i18nKey="form.terms" locale={locale} />} required control={field('terms')} defaultChecked={values.terms === true} error={errorOf('terms')} />
        <CheckboxField form={FORM} name="marketingOptOut" label={t('form.marketingOptOut')} control={field('marketingOptOut')} defaultChecked={values.marketingOptOut === true} error={errorOf('marketingOptOut')} />
      </div>
      <HiddenFields submissionId={submissionId} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('form.sending') : t('service.submit')}
        </button>
      </div>
    </form>
  );
}
