import { useActionData, useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { LEGAL_PAGE_SLUGS, pathTo } from '../../shared/routes';
import { PageShell } from '../components/PageShell';
import { AccountForm, Field } from '../features/forms/AccountForm';
import { Honeypot } from '../features/forms/Honeypot';
import { useLayout } from '../layout/use-layout';

export default function RegisterPage() {
  const { meta } = useLoaderData() as ScreenData<'register'>;
  const result = useActionData() as FormResult | undefined;
  const { locale } = useLayout();
  const { t } = useTranslation();
  return (
    <PageShell className="account" title={meta.title} intro={meta.description}>
      <AccountForm name="register" result={result} submitLabel={t('account.register.submit')} hideWhenDone>
        <Field name="name" autoComplete="name" label={t('form.name')} required />
        <Field name="email" type="email" autoComplete="email" label={t('form.email')} required />
        <Field name="password" type="password" autoComplete="new-password" label={t('form.password')} hint={t('form.passwordHint')} required />
        <Honeypot />
        <p className="muted">
          {t('account.register.privacy')}{' '}
          <Link to={pathTo('page', locale, { slug: LEGAL_PAGE_SLUGS.privacy[locale] })}>{t('account.register.privacyLink')}</Link>
        </p>
      </AccountForm>
      <p>
        {t('account.register.haveAccount')} <Link to={pathTo('login', locale)}>{t('account.login.title')}</Link>
      </p>
    </PageShell>
  );
}
