import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { newsletterForm } from '../../../shared/forms/newsletter';
import type { PublicFormResult, ScreenData } from '../../../shared/page-data';
import { useLayout } from '../../layout/use-layout';
import { CheckboxField, TextField } from './fields';
import { ErrorSummary, FormError, HiddenFields, ThankYou } from './FormParts';
import { LegalText } from './LegalLinks';
import { schemaResolver } from './resolvers';
import { submitWhole, useFocusOnRefusal, usePublicForm, useThankYouFocus } from './use-public-form';
import { emptyValues, textOf, type FieldKinds } from './values';

const FORM = 'newsletter';
export const NEWSLETTER_KINDS: FieldKinds = { email: 'text', consent: 'checkbox' };
const ORDER = Object.keys(NEWSLETTER_KINDS);

/**
 * The newsletter signup on its own page. The footer's small signup posts to the same action; its
 * errors and its thank-you are shown here.
 */
export function NewsletterForm({ data, result, action }: { data: ScreenData<'newsletter'>; result: PublicFormResult | undefined; action: string }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  const defaults = useMemo(() => ({ ...emptyValues(NEWSLETTER_KINDS), email: data.prefill?.email ?? '' }), [data.prefill]);
  const resolver = useMemo(() => schemaResolver(newsletterForm), []);
  const publicForm = usePublicForm({ kinds: NEWSLETTER_KINDS, defaults, resolver, result, sent: data.sent, action });
  const { form, field, busy, settled, submissionId, formError, formErrorParams } = publicForm;
  const formRef = useRef<HTMLFormElement>(null);
  const focusThanks = useThankYouFocus(data.sent);
  useFocusOnRefusal(result, formRef, ORDER);

  if (data.sent) return <ThankYou title={t('newsletter.done.title')} text={t('newsletter.done.text')} focus={focusThanks} />;

  const values = form.getValues();
  const errorOf = (name: string) => form.formState.errors[name]?.message as string | undefined;
  const labelOf = (name: string) => (name === 'consent' ? t('newsletter.consentName') : t(`newsletter.fields.${name}`));
  const summary = result?.errors ? ORDER.flatMap((name): [string, string][] => (errorOf(name) && name in result.errors! ? [[name, errorOf(name)!]] : [])) : [];

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      className="public-form newsletter-form"
      aria-label={t('newsletter.title')}
      aria-busy={busy || undefined}
      data-settled={settled}
      onSubmit={submitWhole(publicForm, formRef, ORDER)}
      onFocus={publicForm.startGuard}
    >
      <FormError message={formError} params={formErrorParams} />
      <ErrorSummary form={FORM} errors={summary} label={labelOf} />
      <TextField
        form={FORM}
        name="email"
        type="email"
        label={t('newsletter.fields.email')}
        required
        autoComplete="email"
        maxLength={254}
        control={field('email')}
        defaultValue={textOf(values, 'email')}
        error={errorOf('email')}
      />
      <CheckboxField
        form={FORM}
        name="consent"
        label={<LegalText i18nKey="newsletter.fields.consent" locale={locale} />}
        required
        control={field('consent')}
        defaultChecked={values.consent === true}
        error={errorOf('consent')}
      />
      <HiddenFields submissionId={submissionId} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('form.sending') : t('newsletter.submit')}
        </button>
      </div>
      <p className="form-note">{t('newsletter.note')}</p>
    </form>
  );
}
