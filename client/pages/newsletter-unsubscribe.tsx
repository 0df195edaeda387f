import { useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { PageShell } from '../components/PageShell';
import { AccountForm } from '../features/forms/AccountForm';

/**
 * The unsubscribe link of every mail to a subscriber, opened in a browser: one button, which posts
 * what a mail program's one-click unsubscribe posts (RFC 8058). Nothing here names the address.
 */
export default function NewsletterUnsubscribePage() {
  const { meta, token } = useLoaderData() as ScreenData<'newsletterUnsubscribe'>;
  const result = useActionData() as FormResult | undefined;
  const { t } = useTranslation();
  const done = result?.form === 'newsletterUnsubscribe' && result.done;
  return (
    <PageShell className="account" title={meta.title} intro={done ? undefined : meta.description}>
      {token ? (
        <AccountForm name="newsletterUnsubscribe" result={result} submitLabel={t('newsletterUnsubscribe.submit')} hideWhenDone>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <input type="hidden" name="token" value={token} />
        </AccountForm>
      ) : (
        <p className="form-message form-message--error" role="alert">
          {t('form.errors.token')}
        </p>
      )}
    </PageShell>
  );
}
