import type { ResourceKey } from 'i18next';
import type { Locale } from '../../shared/locales';
import { CONSENT_NAMESPACE, type ScreenNamespace } from '../../shared/i18n';

type Chunk = (locale: Locale) => Promise<ResourceKey>;
const strings = (module: { default: ResourceKey }) => module.default;

/**
 * The namespaces the browser loads after the first page: a screen's own on a client navigation to it,
 * the consent banner's when it is about to show. Each locale's file is a chunk of its own in the build
 * (hashed, cached for a year); a page's first load never fetches one, its strings are in the page.
 * No i18next backend plugin in the browser: a chunk is added with `addResourceBundle`.
 *
 * One dynamic import per namespace, the locale its one variable, so the build makes a chunk of that
 * namespace's file in every locale, and of nothing else (the mails' words stay on the server).
 */
export const NAMESPACE_CHUNKS: Readonly<Record<ScreenNamespace | typeof CONSENT_NAMESPACE, Chunk>> = {
  forms: (locale) => import(`../../locales/${locale}/forms.json`).then(strings),
  account: (locale) => import(`../../locales/${locale}/account.json`).then(strings),
  consent: (locale) => import(`../../locales/${locale}/consent.json`).then(strings),
};
