import i18next, { type i18n } from 'i18next';
import FsBackend from 'i18next-fs-backend';
import path from 'node:path';
import { createI18n, I18N_NAMESPACE, type I18nBundle } from '../client/i18n/i18n';
import { LOCALES, type Locale } from '../shared/locales';

export interface Translations {
  /** One ready instance per locale, shared by every request (none of them ever changes language). */
  instances: Record<Locale, i18n>;
}

/** Loads `locales/{lng}/common.json` for every locale once, at boot. A missing file stops the boot. */
export async function loadTranslations(localesDir: string): Promise<Translations> {
  const loader = i18next.createInstance();
  await loader.use(FsBackend).init({
    backend: { loadPath: path.join(localesDir, '{{lng}}/{{ns}}.json') },
    preload: [...LOCALES],
    lng: LOCALES[0],
    fallbackLng: false,
    ns: [I18N_NAMESPACE],
    defaultNS: I18N_NAMESPACE,
    initAsync: true,
    showSupportNotice: false,
  });
  const instances = {} as Record<Locale, i18n>;
  for (const locale of LOCALES) {
    const bundle = loader.getResourceBundle(locale, I18N_NAMESPACE) as I18nBundle | undefined;
    if (!bundle || Object.keys(bundle).length === 0) {
      throw new Error(`Could not load translation for the '${locale}' language (${localesDir}/${locale}/${I18N_NAMESPACE}.json)`);
    }
    instances[locale] = createI18n(locale, bundle);
  }
  return { instances };
}
