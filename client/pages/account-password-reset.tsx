import { useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { PageShell } from '../components/PageShell';
import { pathTo } from '../../shared/routes';
import { Link } from '../components/Link';
import { AccountForm, Field, LoginButton } from '../features/forms/AccountForm';
import { useLayout } from '../layout/use-layout';

/** Without a token: ask for the reset mail. With the mail's token: choose a new password. */
export default function PasswordResetPage() {
  const { meta, token, link } = useLoaderData() as ScreenData<'passwordReset'>;
  const result = useActionData() as FormResult | undefined;
  const { locale } = useLayout();
  const { t } = useTranslation();
  if (!token) {
    return (
      <PageShell className="account" title={meta.title} intro={meta.description}>
        <AccountForm name="passwordResetRequest" result={result} submitLabel={t('account.passwordReset.request')} hideWhenDone>
          <Field name="email" type="email" autoComplete="email" label={t('form.email')} required />
        </AccountForm>
      </PageShell>
    );
  }
  const changed = result?.form === 'passwordReset' && result.done;
  // A link that can set no password (said by the loader, or by a post): its form is of no use, a new
  // link is, and the sign-in when the link was used. Said before a password is typed, not after.
  const used = !changed && (link === 'used' || (result?.form === 'passwordReset' && result.errors?.form === 'form.errors.tokenUsed'));
  const invalid = !changed && !used && link === 'invalid';
  return (
    <PageShell className="account" title={meta.title}>
      {used || invalid ? (
        <p className="form-message form-message--error" role="alert">
          {t(used ? 'form.errors.tokenUsed' : 'form.errors.token')}
        </p>
      ) : (
        <AccountForm name="passwordReset" result={result} submitLabel={t('account.passwordReset.submit')} hideWhenDone>
          <input type="hidden" name="token" value={token} />
          <Field name="password" type="password" autoComplete="new-password" label={t('form.newPassword')} hint={t('form.passwordHint')} required />
        </AccountForm>
      )}
      {changed || used ? <LoginButton /> : null}
      {used || invalid ? (
        <p>
          <Link to={pathTo('passwordReset', locale)}>{t('account.passwordReset.newLink')}</Link>
        </p>
      ) : null}
    </PageShell>
  );
}
