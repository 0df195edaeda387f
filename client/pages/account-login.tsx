import { useActionData, useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { PageShell } from '../components/PageShell';
import { AccountForm, Field } from '../features/forms/AccountForm';
import { useLayout } from '../layout/use-layout';

export default function LoginPage() {
  const { meta, unlock } = useLoaderData() as ScreenData<'login'>;
  const result = useActionData() as FormResult | undefined;
  const { locale } = useLayout();
  const { t } = useTranslation();
  return (
    <PageShell className="account" title={meta.title} intro={meta.description}>
      {unlock ? (
        <p className="form-message" role="status">
          {t('account.login.unlock')}
        </p>
      ) : null}
      <AccountForm name="login" result={result} submitLabel={t('account.login.submit')}>
        {unlock ? <input type="hidden" name="unlock" value={unlock} /> : null}
        <Field name="email" type="email" autoComplete="email" label={t('form.email')} required />
        <Field name="password" type="password" autoComplete="current-password" label={t('form.password')} required />
      </AccountForm>
      <ul className="account__links">
        <li>
          <Link to={pathTo('passwordReset', locale)}>{t('account.login.forgot')}</Link>
        </li>
        <li>
          {t('account.login.noAccount')} <Link to={pathTo('register', locale)}>{t('account.register.title')}</Link>
        </li>
        <li>
          <Link to={pathTo('verify', locale)}>{t('account.login.resend')}</Link>
        </li>
      </ul>
    </PageShell>
  );
}
