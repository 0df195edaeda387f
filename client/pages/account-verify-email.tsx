import { useActionData, useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { PageShell } from '../components/PageShell';
import { AccountForm, LoginButton } from '../features/forms/AccountForm';
import { useLayout } from '../layout/use-layout';

/**
 * The link from the verification mail. Confirming takes a click (a post): mail scanners that open
 * links must not use up the visitor's single-use token.
 */
export default function VerifyEmailPage() {
  const { meta, token } = useLoaderData() as ScreenData<'verifyEmail'>;
  const result = useActionData() as FormResult | undefined;
  const { locale } = useLayout();
  const { t } = useTranslation();
  const done = result?.form === 'verifyEmail' && result.done;
  return (
    <PageShell className="account" title={meta.title} intro={done ? undefined : meta.description}>
      {token ? (
        <AccountForm name="verifyEmail" result={result} submitLabel={t('account.verifyEmail.submit')} hideWhenDone>
          <input type="hidden" name="token" value={token} />
        </AccountForm>
      ) : (
        <p className="form-message form-message--error" role="alert">
          {t('form.errors.token')} <Link to={pathTo('verify', locale)}>{t('account.login.resend')}</Link>
        </p>
      )}
      {done ? <LoginButton /> : null}
    </PageShell>
  );
}
