import { useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { PageShell } from '../components/PageShell';
import { AccountForm, Field } from '../features/forms/AccountForm';

/** Asks for a new verification mail. */
export default function VerifyPage() {
  const { meta } = useLoaderData() as ScreenData<'verify'>;
  const result = useActionData() as FormResult | undefined;
  const { t } = useTranslation();
  return (
    <PageShell className="account" title={meta.title} intro={meta.description}>
      <AccountForm name="verify" result={result} submitLabel={t('account.verify.submit')} hideWhenDone>
        <Field name="email" type="email" autoComplete="email" label={t('form.email')} required />
      </AccountForm>
    </PageShell>
  );
}
