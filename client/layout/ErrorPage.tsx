import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { ContactButtons } from '../components/ContactButtons';
import { useOptionalLayout } from './use-layout';

function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Error title from the locale texts (`error.<status>.title`, else `error.title`), else the code itself. */
function ErrorContent({ status }: { status: number }) {
  const { t, i18n } = useTranslation();
  const layout = useOptionalLayout();
  const first = useLocation().pathname.split('/')[1];
  // Without the layout (init failed), the path still names the locale.
  const locale = layout?.locale ?? (isLocale(first) ? first : DEFAULT_LOCALE);
  const key = i18n.exists(`error.${status}.title`) ? `error.${status}.title` : i18n.exists('error.title') ? 'error.title' : null;
  const title = key ? t(key) : String(status);
  const text = i18n.exists(`error.${status}.text`) ? t(`error.${status}.text`) : t('error.text', { defaultValue: '' });
  return (
    <section className="container error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{title}</h1>
      {text ? <p>{text}</p> : null}
      {/* With the upstream down the layout still has the company's contacts (a copy of init): a visitor can call. */}
      {layout ? (
        <>
          <p>{t('error.contact')}</p>
          <ContactButtons />
        </>
      ) : null}
      {/* A full page load: after an error the client's state may be what is broken. */}
      <a className="button" href={pathTo('index', locale)}>
        {t('error.backHome', { defaultValue: pathTo('index', locale) })}
      </a>
    </section>
  );
}

/** A route's error inside the layout (404, upstream unavailable, a loader that failed). */
export function RouteError() {
  return <ErrorContent status={errorStatus(useRouteError())} />;
}

/** The layout itself failed (init could not be loaded): the error page without the layout. */
export function FatalError() {
  return (
    <main id="main">
      <ErrorContent status={errorStatus(useRouteError())} />
    </main>
  );
}
