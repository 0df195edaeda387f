import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTranslator, DEFAULT_NAMESPACE, type Bundle, type Translator } from '../client/i18n/translator';
import { LOCALES, type Locale } from '../shared/locales';

export interface Translations {
  /** One translator per locale, shared by every request (none of them ever changes language). */
  instances: Record<Locale, Translator>;
}

/** Loads `locales/{lng}/common.json` for every locale once, at boot. A missing or empty file stops the boot. */
export async function loadTranslations(localesDir: string): Promise<Translations> {
  const instances = {} as Record<Locale, Translator>;
  for (const locale of LOCALES) {
    const file = path.join(localesDir, locale, `${DEFAULT_NAMESPACE}.json`);
    const bundle = (await readFile(file, 'utf8').then(JSON.parse, () => null)) as Bundle | null;
    if (!bundle || Object.keys(bundle).length === 0) throw new Error(`Could not load translation for the '${locale}' language (${file})`);
    instances[locale] = createTranslator(locale, bundle);
  }
  return { instances };
}
