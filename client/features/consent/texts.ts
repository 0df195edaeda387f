import type { Bundle } from '../../i18n/translator';
import type { Locale } from '../../../shared/locales';

export type ConsentTexts = Bundle;

/**
 * One chunk per language, loaded only when the banner or the preferences are about to show. Plain
 * dynamic imports (not a bundler glob), so the server code that imports the layout also runs
 * unbundled (tsx) in tests and scripts.
 */
const bundles: Partial<Record<string, () => Promise<ConsentTexts>>> = {
  sl: () => import('../../../locales/sl/consent.json').then((m) => m.default),
  en: () => import('../../../locales/en/consent.json').then((m) => m.default),
  de: () => import('../../../locales/de/consent.json').then((m) => m.default),
};

/**
 * The consent texts of a language, or null (logged, as the reference library words it) when they
 * cannot be loaded: the banner does not start without its texts.
 */
export async function loadConsentTexts(locale: Locale, load: Partial<Record<string, () => Promise<ConsentTexts>>> = bundles): Promise<ConsentTexts | null> {
  try {
    const texts = await load[locale]?.();
    if (texts && Object.keys(texts).length > 0) return texts;
  } catch {
    // Reported below, the same way as a missing file.
  }
  console.error(`Could not load translation for the '${locale}' language`);
  return null;
}
