import type { i18n, ResourceLanguage } from 'i18next';
import { DEFAULT_NAMESPACE, PAGE_NAMESPACES, type ScreenNamespace } from '../../../shared/i18n';
import type { Locale } from '../../../shared/locales';
import { loadStrings } from '../../lib/load-strings';

export interface PageI18n {
  /**
   * A request's own i18next instance (a clone: the strings are shared, read-only; its language and
   * namespaces are its own), so no two visitors' renders share any state. It finds `common` and the
   * screen's namespaces only: the strings the browser gets with the page (`strings`), so what hydrates
   * reads exactly what the server wrote, and a word missing from them shows as its key in the server's
   * HTML too (tests/integration/screens.test.ts looks for that).
   */
  forRequest(locale: Locale, namespaces?: readonly ScreenNamespace[]): i18n;
  /** The strings a request's instance finds, for the browser: the same object for every request of its locale and screen. */
  strings(instance: i18n): ResourceLanguage;
}

/** Loads the page namespaces of every locale at boot (`locales/{lng}/{ns}.json`). */
export function loadPageI18n(localesDir: string): PageI18n {
  const base = loadStrings(localesDir, PAGE_NAMESPACES);
  const inlined = new Map<string, ResourceLanguage>();
  return {
    forRequest: (locale, namespaces = []) => base.cloneInstance({ lng: locale, fallbackNS: [...namespaces] }),
    strings(instance) {
      const namespaces = [DEFAULT_NAMESPACE, ...((instance.options.fallbackNS || []) as readonly string[])];
      const key = `${instance.language}:${namespaces.join()}`;
      let strings = inlined.get(key);
      if (!strings) {
        strings = Object.fromEntries(namespaces.map((ns) => [ns, base.getResourceBundle(instance.language, ns) as ResourceLanguage[string]]));
        inlined.set(key, strings);
      }
      return strings;
    },
  };
}
