import de from '../../../locales/de/common.json';
import en from '../../../locales/en/common.json';
import sl from '../../../locales/sl/common.json';
import type { Locale } from '../../../shared/locales';

/**
 * The site's own words (locales/{lang}/common.json) for the mails the forms send: a field is named
 * in a mail as on the form the visitor filled in, from one set of labels in all three languages.
 */
const BUNDLES: Record<Locale, unknown> = { sl, en, de };

/** The text at a dotted key, or undefined when the locale file has none. */
export function siteLabel(locale: Locale, key: string): string | undefined {
  let node: unknown = BUNDLES[locale];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
