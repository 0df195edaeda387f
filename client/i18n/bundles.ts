import type { Locale } from '../../shared/locales';
import type { RouteName } from '../../shared/routes';
import { DEFAULT_NAMESPACE, type Bundle } from './translator';

/**
 * Each locale's UI strings are chunks of their own in the browser build (hashed, cached for a year),
 * not part of every page: the server preloads the page's (by these source paths, keys of the build
 * manifest) and the entry loads them beside the route modules before hydrating. Plain dynamic imports,
 * so server code importing this module also runs unbundled (tsx).
 *
 * `common` (locales/{lang}/common.json) is every page's. The words of the inquiry and service forms
 * (`forms.json`) and of the account screens (`account.json`) are merged into it on the screens that
 * use them, so a content page downloads neither (docs/decisions/0028-screen-strings.md).
 */
export const i18nBundleSource = (locale: Locale) => `locales/${locale}/${DEFAULT_NAMESPACE}.json`;

export type StringGroup = 'forms' | 'account';
export const stringGroupSource = (locale: Locale, group: StringGroup) => `locales/${locale}/${group}.json`;

const NONE: readonly StringGroup[] = [];
const ACCOUNT: readonly StringGroup[] = ['account'];

/** The strings each screen needs beyond `common`. */
export const SCREEN_STRINGS: Readonly<Record<RouteName, readonly StringGroup[]>> = {
  index: NONE,
  blog: NONE,
  blogArticle: NONE,
  b2b: NONE,
  faq: NONE,
  faqItem: NONE,
  product: NONE,
  categories: NONE,
  page: NONE,
  search: NONE,
  contact: NONE,
  slug: NONE,
  newsletter: NONE,
  inquiry: ['forms'],
  service: ['forms'],
  newsletterConfirm: ACCOUNT,
  newsletterUnsubscribe: ACCOUNT,
  login: ACCOUNT,
  register: ACCOUNT,
  verify: ACCOUNT,
  passwordReset: ACCOUNT,
  verifyEmail: ACCOUNT,
  accountDelete: ACCOUNT,
  // The list of the visitor's submissions names their products as the inquiry does.
  profile: ['account', 'forms'],
};

export const loadI18nBundle: Record<Locale, () => Promise<Bundle>> = {
  sl: () => import('../../locales/sl/common.json').then((m) => m.default),
  en: () => import('../../locales/en/common.json').then((m) => m.default),
  de: () => import('../../locales/de/common.json').then((m) => m.default),
};

export const loadStringGroup: Readonly<Record<StringGroup, Record<Locale, () => Promise<Bundle>>>> = {
  forms: {
    sl: () => import('../../locales/sl/forms.json').then((m) => m.default),
    en: () => import('../../locales/en/forms.json').then((m) => m.default),
    de: () => import('../../locales/de/forms.json').then((m) => m.default),
  },
  account: {
    sl: () => import('../../locales/sl/account.json').then((m) => m.default),
    en: () => import('../../locales/en/account.json').then((m) => m.default),
    de: () => import('../../locales/de/account.json').then((m) => m.default),
  },
};

export const STRING_GROUPS = Object.keys(loadStringGroup) as StringGroup[];
