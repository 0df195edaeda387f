import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsletterForm } from '../../../shared/forms/newsletter';
import { FOOTER_FORM, FooterFields, type FooterLiveProps } from './FooterNewsletter';
import { schemaResolver } from './resolvers';
import { submitWhole, usePublicForm } from './use-public-form';
import { NEWSLETTER_KINDS } from './NewsletterForm';
import { emptyValues, textOf } from './values';

const ORDER = Object.keys(NEWSLETTER_KINDS);
const BLANK = emptyValues(NEWSLETTER_KINDS);

/**
 * What the visitor did in the plain form this one replaces (read while it is still on the page):
 * the values typed so far and the field that had focus, so the swap loses neither.
 */
function carriedOver() {
  const email = document.getElementById(`${FOOTER_FORM}-email`) as HTMLInputElement | null;
  const consent = document.getElementById(`${FOOTER_FORM}-consent`) as HTMLInputElement | null;
  const focused = document.activeElement?.id;
  return {
    values: { email: email?.value ?? '', consent: consent?.checked ?? false },
    focused: focused?.startsWith(`${FOOTER_FORM}-`) ? focused : undefined,
  };
}

/** The footer's signup with its checks: react-hook-form over the newsletter schema, as on the newsletter page. */
export function FooterNewsletterLive({ locale, action }: FooterLiveProps) {
  const { t } = useTranslation();
  const [carried] = useState(carriedOver);
  const resolver = useMemo(() => schemaResolver(newsletterForm), []);
  const publicForm = usePublicForm({ kinds: NEWSLETTER_KINDS, defaults: BLANK, resolver, result: undefined, sent: false, action });
  const { form, field, busy, settled, submissionId } = publicForm;
  const formRef = useRef<HTMLFormElement>(null);
  // Before the first paint: what was typed is entered as the visitor's own (so it is checked when
  // the field is left), and the focus goes back where it was.
  useLayoutEffect(() => {
    const { values, focused } = carried;
    if (values.email) form.setValue('email', values.email, { shouldDirty: true });
    if (values.consent) form.setValue('consent', true, { shouldDirty: true });
    if (focused) document.getElementById(focused)?.focus();
  }, [carried, form]);

  const values = form.getValues();
  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      className="footer-newsletter__form"
      aria-busy={busy || undefined}
      data-settled={settled}
      onSubmit={submitWhole(publicForm, formRef, ORDER)}
      onFocus={publicForm.startGuard}
    >
      <FooterFields
        locale={locale}
        control={field}
        errorOf={(name) => form.formState.errors[name]?.message as string | undefined}
        values={{ email: textOf(values, 'email'), consent: values.consent === true }}
        submissionId={submissionId}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('form.sending') : t('newsletter.submit')}
      </button>
    </form>
  );
}
