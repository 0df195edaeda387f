import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/locales';

export const I18N_NAMESPACE = 'common';
export type I18nBundle = Record<string, unknown>;

/**
 * An i18next instance for one locale with its strings given up front: the server loads them from
 * locales/ at boot, the browser loads the same file as a chunk before hydrating (bundles.ts), so
 * i18next itself never fetches anything.
 */
export function createI18n(locale: Locale, bundle: I18nBundle): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { [I18N_NAMESPACE]: bundle } },
    ns: [I18N_NAMESPACE],
    defaultNS: I18N_NAMESPACE,
    initAsync: false,
    showSupportNotice: false,
    // React escapes what it renders; escaping here too would show entities to the visitor.
    interpolation: { escapeValue: false },
  });
  return instance;
}
