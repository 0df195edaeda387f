import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPath } from '../../shared/admin/routes';

/** A staff screen that cannot be shown: not allowed (403), not there (404), or the content API away (503). */
export function AdminError() {
  const { t, i18n } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = i18n.exists(`errors.${status}`) ? `errors.${status}` : 'errors.other';
  return (
    <section className="admin-error" aria-labelledby="admin-error-title">
      <h1 id="admin-error-title">{t(key)}</h1>
      <p>
        <a className="admin-button" href={adminPath('inbox')}>
          {t('errors.home')}
        </a>
      </p>
    </section>
  );
}
