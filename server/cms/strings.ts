import { MAIL_NAMESPACE, PAGE_NAMESPACES, STAFF_NAMESPACE } from '../../shared/i18n';
import { LOCALE_ISO, LOCALES, type Locale } from '../../shared/locales';
import { loadStrings } from '../lib/load-strings';
import { LOCALES_DIR } from '../lib/paths';

/** A string at a key, filled in with the values given (i18next's `t` of a locale and namespace). */
export type Words = (key: string, values?: Record<string, unknown>) => string;

/**
 * The words the content API writes, all from `locales/` through i18next (read once, at start): its
 * mails' own (`mail.json`), the staff area's (`staff.json`), and the site's (`common.json`, `forms.json`, `account.json`), so a form's
 * field is named in a mail as on the form, and each language is named as the site names it.
 */
export interface CmsStrings {
  /** The mails' words in a locale. */
  mail(locale: Locale): Words;
  /** The site's words in a locale. */
  site(locale: Locale): Words;
  /** The staff area's words in a locale (roles, statuses, the CSV's headings). */
  staff(locale: Locale): Words;
  /** A language named in a locale's words ("angleščina"). */
  languageName(code: Locale, locale: Locale): string;
  /** A language named in its own words, as a list of languages shows it ("Slovenščina"). */
  endonym(code: Locale): string;
}

export function loadCmsStrings(localesDir = LOCALES_DIR): CmsStrings {
  const i18n = loadStrings(localesDir, [MAIL_NAMESPACE, STAFF_NAMESPACE, ...PAGE_NAMESPACES]);
  const fixed = <T>(make: (locale: Locale) => T) => Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, T>;
  const words = (locale: Locale, ns: string | readonly string[]): Words => {
    const t = i18n.getFixedT(locale, ns);
    return (key, values) => t(key, values);
  };
  const mail = fixed((locale) => words(locale, MAIL_NAMESPACE));
  const site = fixed((locale) => words(locale, PAGE_NAMESPACES));
  const staff = fixed((locale) => words(locale, STAFF_NAMESPACE));
  const languageName = (code: Locale, locale: Locale) => site[locale](`languages.${code}`);
  return {
    mail: (locale) => mail[locale],
    site: (locale) => site[locale],
    staff: (locale) => staff[locale],
    languageName,
    endonym: (code) => {
      const name = languageName(code, code);
      return name.charAt(0).toLocaleUpperCase(LOCALE_ISO[code]) + name.slice(1);
    },
  };
}
