import { Link, useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { PageShell } from '../components/PageShell';
import { AccountForm, Field } from '../features/forms/AccountForm';
import { useLayout } from '../layout/use-layout';

/**
 * Deleting the account: what happens, said before it happens, and the password asked again. After
 * the post the visitor is signed out and sees the confirmation here (`?deleted=1`).
 */
export default function AccountDeletePage() {
  const { meta, deleted } = useLoaderData() as ScreenData<'accountDelete'>;
  const result = useActionData() as FormResult | undefined;
  const { locale, settings } = useLayout();
  const { t } = useTranslation();
  if (deleted) {
    return (
      <PageShell className="account" title={meta.title}>
        <p className="form-message form-message--done" role="status">
          {t('account.accountDelete.done')}
        </p>
      </PageShell>
    );
  }
  const period = t('page.privacy.months', { count: settings.retention_submission_months });
  return (
    <PageShell className="account" title={meta.title}>
      <p>{t('account.accountDelete.what')}</p>
      <ul>
        <li>{t('account.accountDelete.sessions')}</li>
        <li>{t('account.accountDelete.erased')}</li>
        <li>{t('account.accountDelete.submissions', { period })}</li>
      </ul>
      <p>{t('account.accountDelete.undo')}</p>
      <AccountForm name="accountDelete" intent="delete" result={result} submitLabel={t('account.accountDelete.submit')}>
        <Field name="password" type="password" autoComplete="current-password" label={t('form.password')} required />
      </AccountForm>
      <p>
        <Link to={pathTo('profile', locale)}>{t('account.accountDelete.back')}</Link>
      </p>
    </PageShell>
  );
}
