import { createInstance, type i18n, type ResourceLanguage } from 'i18next';
import type { Locale } from '../../shared/locales';
import { NAMESPACE_CHUNKS } from './namespace-chunks';
import { I18N_OPTIONS, SCREEN_NAMESPACE_NAMES, type ScreenNamespace } from '../../shared/i18n';

export interface BrowserI18n {
  i18n: i18n;
  /** Loads the namespaces not yet in the instance (each once); undefined when all of them are. */
  load(namespaces: readonly ScreenNamespace[]): Promise<void> | undefined;
}

/**
 * The page's i18next instance, made from the namespaces the server inlined in the page (the ones it
 * rendered the screen with), so hydration reads exactly what the server wrote and nothing is fetched
 * first. Every screen namespace is a fallback namespace from the start: one not loaded yet finds
 * nothing, as on the server, and once a client navigation has loaded it, its screen finds its words.
 */
export function browserI18n(locale: Locale, strings: ResourceLanguage): BrowserI18n {
  const i18n = createInstance();
  void i18n.init({ ...I18N_OPTIONS, lng: locale, fallbackNS: [...SCREEN_NAMESPACE_NAMES], resources: { [locale]: strings } });
  const loading = new Map<string, Promise<void>>();
  const loadOne = (ns: ScreenNamespace) => {
    let added = loading.get(ns);
    if (!added) {
      added = NAMESPACE_CHUNKS[ns](locale).then((bundle) => void i18n.addResourceBundle(locale, ns, bundle));
      // A failed load (a deploy removed the file) is tried again by the next screen that needs it.
      added.catch(() => loading.delete(ns));
      loading.set(ns, added);
    }
    return added;
  };
  return {
    i18n,
    load(namespaces) {
      const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(locale, ns));
      return missing.length > 0 ? Promise.all(missing.map(loadOne)).then(() => undefined) : undefined;
    },
  };
}
