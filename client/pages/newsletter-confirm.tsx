import { Link, useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { PageShell } from '../components/PageShell';
import { AccountForm } from '../features/forms/AccountForm';
import { useLayout } from '../layout/use-layout';

/**
 * The link from a signup's confirmation mail. Subscribing takes a click (a post): mail scanners that
 * open links must not subscribe anyone.
 */
export default function NewsletterConfirmPage() {
  const { meta, token } = useLoaderData() as ScreenData<'newsletterConfirm'>;
  const result = useActionData() as FormResult | undefined;
  const { locale } = useLayout();
  const { t } = useTranslation();
  const done = result?.form === 'newsletterConfirm' && result.done;
  return (
    <PageShell className="account" title={meta.title} intro={done ? undefined : meta.description}>
      {token ? (
        <AccountForm name="newsletterConfirm" result={result} submitLabel={t('newsletterConfirm.submit')} hideWhenDone>
          <input type="hidden" name="token" value={token} />
        </AccountForm>
      ) : (
        <p className="form-message form-message--error" role="alert">
          {t('form.errors.token')} <Link to={pathTo('newsletter', locale)}>{t('newsletterConfirm.again')}</Link>
        </p>
      )}
    </PageShell>
  );
}
