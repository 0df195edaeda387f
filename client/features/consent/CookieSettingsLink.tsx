import { useTranslation } from 'react-i18next';
import { LEGAL_PAGE_SLUGS, pathTo } from '../../../shared/routes';
import { useLayout } from '../../layout/use-layout';
import { useHydrated } from '../../runtime/use-hydrated';
import { openConsentPreferences } from './store';

/**
 * The footer's "Cookie settings": reopens the preferences. Without JavaScript (or before hydration) it
 * is a link to the cookie policy, which explains the same choices; with it, a real button.
 */
export function CookieSettingsLink() {
  const { t } = useTranslation();
  const { locale } = useLayout();
  const hydrated = useHydrated();
  const label = t('footer.cookieSettings');
  if (!hydrated) {
    return (
      <a className="cookie-settings" href={pathTo('page', locale, { slug: LEGAL_PAGE_SLUGS.cookies[locale] })}>
        {label}
      </a>
    );
  }
  return (
    <button type="button" className="cookie-settings" aria-haspopup="dialog" onClick={openConsentPreferences}>
      {label}
    </button>
  );
}
