import { serialize } from 'cookie';
import { isHttpsOrigin, siteCookie } from '../../shared/cookies';
import { useTranslation } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, LOCALE_ISO, LOCALES, type Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import { useLayout, usePageMeta } from './use-layout';

/** Remembers the chosen locale for the redirect of paths without a prefix (readable by the browser). */
function rememberLocale(locale: Locale) {
  document.cookie = serialize(LOCALE_COOKIE, locale, { ...siteCookie(isHttpsOrigin(window.location.origin)), maxAge: LOCALE_COOKIE_MAX_AGE_DAYS * 86400 });
}

/**
 * Links to the current page in the other locales (with the content's slug in that locale). A switch is a
 * full page load: the layout's data and the UI strings belong to the locale.
 */
export function LocaleSwitcher() {
  const { locale, init } = useLayout();
  const meta = usePageMeta();
  const { t } = useTranslation();
  return (
    <nav className="locale-switcher" aria-label={t('header.language')}>
      <ul>
        {LOCALES.map((code) => {
          const name = init.languages.find((l) => l.code === code)?.name ?? code;
          const href = meta?.alternates[code] ?? pathTo('index', code);
          return (
            <li key={code}>
              {code === locale ? (
                <span aria-current="true" title={name}>
                  {code.toUpperCase()}
                </span>
              ) : (
                <a href={href} hrefLang={LOCALE_ISO[code]} lang={LOCALE_ISO[code]} title={name} onClick={() => rememberLocale(code)}>
                  <span aria-hidden="true">{code.toUpperCase()}</span>
                  <span className="visually-hidden">{name}</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
