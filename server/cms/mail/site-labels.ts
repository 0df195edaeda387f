import deAccount from '../../../locales/de/account.json';
import de from '../../../locales/de/common.json';
import deForms from '../../../locales/de/forms.json';
import deStaff from '../../../locales/de/staff.json';
import enAccount from '../../../locales/en/account.json';
import en from '../../../locales/en/common.json';
import enForms from '../../../locales/en/forms.json';
import enStaff from '../../../locales/en/staff.json';
import slAccount from '../../../locales/sl/account.json';
import sl from '../../../locales/sl/common.json';
import slForms from '../../../locales/sl/forms.json';
import slStaff from '../../../locales/sl/staff.json';
import type { Locale } from '../../../shared/locales';

/**
 * The site's own words (locales/{lang}/*.json) for the mails the forms send and the staff's CSV: a
 * field is named in a mail as on the form the visitor filled in, from one set of labels in all three
 * languages.
 */
const BUNDLES: Record<Locale, unknown[]> = { sl: [sl, slForms, slAccount, slStaff], en: [en, enForms, enAccount, enStaff], de: [de, deForms, deAccount, deStaff] };

function textAt(bundle: unknown, key: string): string | undefined {
  let node = bundle;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text at a dotted key, or undefined when the locale's files have none. */
export function siteLabel(locale: Locale, key: string): string | undefined {
  for (const bundle of BUNDLES[locale]) {
    const text = textAt(bundle, key);
    if (text !== undefined) return text;
  }
  return undefined;
}
