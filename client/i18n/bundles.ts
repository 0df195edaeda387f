import type { Locale } from '../../shared/locales';
import { DEFAULT_NAMESPACE, type Bundle } from './translator';

/**
 * Each locale's UI strings are a chunk of their own in the browser build (hashed, cached for a year),
 * not part of every page: the server preloads the page's one (by this source path, a key of the
 * build manifest) and the entry loads it beside the route modules before hydrating. Plain dynamic
 * imports, so server code importing this module also runs unbundled (tsx).
 */
export const i18nBundleSource = (locale: Locale) => `locales/${locale}/${DEFAULT_NAMESPACE}.json`;

export const loadI18nBundle: Record<Locale, () => Promise<Bundle>> = {
  sl: () => import('../../locales/sl/common.json').then((m) => m.default),
  en: () => import('../../locales/en/common.json').then((m) => m.default),
  de: () => import('../../locales/de/common.json').then((m) => m.default),
};
