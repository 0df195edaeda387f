import type { ResourceKey } from 'i18next';
import type { Locale } from '../../../shared/locales';
import { NAMESPACE_CHUNKS } from '../../i18n/namespace-chunks';

/**
 * The consent texts of a language (the `consent` namespace, a chunk per language loaded only when the
 * banner or the preferences are about to show), or null (logged, as the reference library words it)
 * when they cannot be loaded: the banner does not start without its texts.
 */
export async function loadConsentTexts(locale: Locale, load: (locale: Locale) => Promise<ResourceKey> = NAMESPACE_CHUNKS.consent): Promise<ResourceKey | null> {
  try {
    const texts = await load(locale);
    if (typeof texts === 'object' && texts !== null && Object.keys(texts).length > 0) return texts;
  } catch {
    // Reported below, the same way as a missing file.
  }
  console.error(`Could not load translation for the '${locale}' language`);
  return null;
}
