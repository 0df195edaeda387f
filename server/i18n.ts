import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STRING_GROUPS, type StringGroup } from '../client/i18n/bundles';
import { createTranslator, DEFAULT_NAMESPACE, mergeBundles, type Bundle, type Translator } from '../client/i18n/translator';
import { LOCALES, type Locale } from '../shared/locales';

export interface Translations {
  /** One translator per locale with every string, shared by every request (none ever changes language). */
  instances: Record<Locale, Translator>;
  /**
   * A page render's: `common` and the screen's own groups, the strings the browser loads for it, so what
   * it hydrates reads exactly as what the server wrote (a string the screen lacks shows as its key).
   */
  withGroups(locale: Locale, groups: readonly StringGroup[]): Translator;
}

async function readBundle(file: string): Promise<Bundle> {
  const bundle = (await readFile(file, 'utf8').then(JSON.parse, () => null)) as Bundle | null;
  if (!bundle || Object.keys(bundle).length === 0) throw new Error(`Could not load translation file ${file}`);
  return bundle;
}

/** Loads every locale's `common.json` and its groups' files once, at boot. A missing or empty file stops the boot. */
export async function loadTranslations(localesDir: string): Promise<Translations> {
  const files = {} as Record<Locale, { common: Bundle; groups: Record<StringGroup, Bundle> }>;
  for (const locale of LOCALES) {
    const read = (name: string) => readBundle(path.join(localesDir, locale, `${name}.json`));
    const groups = {} as Record<StringGroup, Bundle>;
    for (const group of STRING_GROUPS) groups[group] = await read(group);
    files[locale] = { common: await read(DEFAULT_NAMESPACE), groups };
  }
  const made = new Map<string, Translator>();
  const withGroups = (locale: Locale, groups: readonly StringGroup[]): Translator => {
    const key = `${locale}:${groups.join()}`;
    let translator = made.get(key);
    if (!translator) {
      const { common, groups: bundles } = files[locale];
      translator = createTranslator(locale, groups.reduce((strings, group) => mergeBundles(strings, bundles[group]), common));
      made.set(key, translator);
    }
    return translator;
  };
  const instances = Object.fromEntries(LOCALES.map((locale) => [locale, withGroups(locale, STRING_GROUPS)])) as Record<Locale, Translator>;
  return { instances, withGroups };
}
