import type { InitOptions } from 'i18next';
import { LOCALES, type Locale } from './locales';
import type { RouteName } from './routes';
import { screenFacts } from './screens/all';

/**
 * The site's UI strings are i18next namespaces, one JSON file each: `locales/{lang}/{ns}.json`.
 *
 * - `common`: what any page can show (header, footer with its newsletter signup, content screens,
 *   errors, search); the default namespace.
 * - `forms` and `account`: the words of the inquiry and service forms and of the account screens, on
 *   the screens that use them only, so a content page carries neither (docs/decisions/0028-screen-strings.md).
 *   They are i18next's fallback namespaces: a screen asks for `t('inquiry.next')` and i18next finds it
 *   in whichever of them is loaded.
 * - `consent`: the consent banner's, loaded in the browser when the banner is about to show.
 * - `mail`: the content API's mails; never in the browser.
 *
 * A new namespace: its file in every locale, its name here (and in the `namespaces` of the screens that show
 * it, shared/screens/), and its chunk in `client/i18n/namespace-chunks.ts` if the browser loads it later
 * (docs/adding-a-locale.md, "A new namespace").
 */
export const DEFAULT_NAMESPACE = 'common';

export type ScreenNamespace = 'forms' | 'account';
export const SCREEN_NAMESPACE_NAMES: readonly ScreenNamespace[] = ['forms', 'account'];

export const CONSENT_NAMESPACE = 'consent';
export const MAIL_NAMESPACE = 'mail';
/** The staff area's words (/admin), and the staff's mails and CSV headings. */
export const STAFF_NAMESPACE = 'staff';

/** What a page render can show: `common` and every screen's own namespace. */
export const PAGE_NAMESPACES: readonly string[] = [DEFAULT_NAMESPACE, ...SCREEN_NAMESPACE_NAMES];

/**
 * The namespaces each screen needs beyond `common` (its module's `namespaces`, shared/screens/): the
 * server renders it with these and inlines them in the page, and a client navigation to it loads them
 * with its module.
 */
export const SCREEN_NAMESPACES: Readonly<Record<RouteName, readonly ScreenNamespace[]>> = screenFacts('namespaces');

export const namespaceFile = (locale: Locale, ns: string) => `locales/${locale}/${ns}.json`;

/**
 * The i18next options of every instance, the server's and the browser's, so both write the same text
 * from the same strings.
 */
export const I18N_OPTIONS = {
  supportedLngs: [...LOCALES],
  defaultNS: DEFAULT_NAMESPACE,
  // Keys are dotted paths and never name their namespace (a screen's namespaces are fallbacks):
  // spelled out, i18next skips guessing whether each key is a sentence or names a namespace.
  keySeparator: '.',
  nsSeparator: false,
  // A string missing in a locale shows as its key (a test keeps every key in every locale), never
  // another language's words in the middle of a page.
  fallbackLng: false,
  // Strings are there before the first `t`: read from disk at boot on the server, inlined in the page
  // in the browser.
  initAsync: false,
  // React escapes what it renders, and mails are plain text.
  interpolation: { escapeValue: false },
  react: {
    // A page's language never changes (another locale is another page load), so no component
    // subscribes to language changes.
    bindI18n: false,
    // The strings a screen renders with are there before it renders: nothing suspends for them.
    useSuspense: false,
  },
} satisfies InitOptions;
