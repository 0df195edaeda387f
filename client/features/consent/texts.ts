import type { Locale } from '../../../shared/locales';

export type ConsentTexts = Record<string, unknown>;

/** One chunk per language, loaded only when the banner or the preferences are about to show. */
const bundles = import.meta.glob<ConsentTexts>('../../../locales/*/consent.json', { import: 'default' });

/**
 * The consent texts of a language, or null (logged, as the reference library words it) when they
 * cannot be loaded: the banner does not start without its texts.
 */
export async function loadConsentTexts(locale: Locale, load: Record<string, () => Promise<ConsentTexts>> = bundles): Promise<ConsentTexts | null> {
  try {
    const texts = await load[`../../../locales/${locale}/consent.json`]?.();
    if (texts && Object.keys(texts).length > 0) return texts;
  } catch {
    // Reported below, the same way as a missing file.
  }
  console.error(`Could not load translation for the '${locale}' language`);
  return null;
}
