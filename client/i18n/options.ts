import type { InitOptions } from 'i18next';
import { LOCALES } from '../../shared/locales';
import { DEFAULT_NAMESPACE } from './namespaces';

/**
 * The i18next options the server's instances and the browser's share, so both write the same text
 * from the same strings.
 */
export const I18N_OPTIONS = {
  supportedLngs: [...LOCALES],
  defaultNS: DEFAULT_NAMESPACE,
  // A string missing in a locale shows as its key (a test keeps every key in every locale), never
  // another language's words in the middle of a page.
  fallbackLng: false,
  // Strings are set up before the first `t`: loaded from disk at boot on the server, inlined in the
  // page in the browser.
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
