import { createInstance, type i18n } from 'i18next';
import Backend, { type FsBackendOptions } from 'i18next-fs-backend';
import path from 'node:path';
import { I18N_OPTIONS } from '../../shared/i18n';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locales';

/**
 * An i18next instance with these namespaces of every locale, read from `locales/{lng}/{ns}.json` by
 * i18next-fs-backend, synchronously (`initAsync: false`), once: the site's pages and the content API's
 * mails are made from it, each request or mail from a clone of it in its own language. A missing or
 * empty file stops the boot, naming it.
 */
export function loadStrings(localesDir: string, namespaces: readonly string[]): i18n {
  const instance = createInstance();
  void instance.use(Backend).init<FsBackendOptions>({
    ...I18N_OPTIONS,
    lng: DEFAULT_LOCALE,
    preload: [...LOCALES],
    ns: [...namespaces],
    backend: { loadPath: path.join(localesDir, '{{lng}}', '{{ns}}.json') },
  });
  for (const locale of LOCALES) {
    for (const ns of namespaces) {
      const bundle: unknown = instance.getResourceBundle(locale, ns);
      if (typeof bundle !== 'object' || bundle === null || Object.keys(bundle).length === 0) {
        throw new Error(`Could not load translation file ${path.join(localesDir, locale, `${ns}.json`)}`);
      }
    }
  }
  return instance;
}
