import type { SiteSettings } from '../../shared/api/contract';
import type { Locale } from '../../shared/locales';
import { marketPhone } from '../../shared/showrooms';
import type { Db } from './db';

/** The company as the mails name it, from the stored settings. */
export type Company = {
  name: string;
  /** Where the company reads mail: form notifications go here. Empty when the settings have none. */
  email: string;
  /** The phone of the visitor's market (the one the site's header shows in that locale), else the company's. */
  phone: string;
};

/**
 * Reads the company's name and contact details from the settings. A function rather than a value:
 * a content import may change them while the process runs, and mails must use the current ones.
 * `fallbackName` stands in for a missing name (the site's host name). With a locale, the phone is
 * that market's showroom's (settings `locale_showroom`), so a visitor from Austria is told to call
 * Klagenfurt, as the German pages do.
 */
export function companySettings(db: Db, fallbackName: string): (locale?: Locale) => Company {
  const setting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const json = (key: string): unknown => {
    const row = setting.get(key);
    return row && JSON.parse(row.value);
  };
  const text = (key: string) => {
    const value = json(key);
    return typeof value === 'string' ? value.trim() : '';
  };
  const phoneOf = (locale: Locale | undefined): string => {
    const company_phone = text('company_phone');
    if (!locale) return company_phone;
    const showrooms = json('showrooms');
    const locale_showroom = json('locale_showroom');
    if (!Array.isArray(showrooms) || typeof locale_showroom !== 'object' || locale_showroom === null) return company_phone;
    return marketPhone({ showrooms, locale_showroom, company_phone } as Pick<SiteSettings, 'showrooms' | 'locale_showroom' | 'company_phone'>, locale).trim();
  };
  return (locale) => ({ name: text('company_name') || fallbackName, email: text('company_email'), phone: phoneOf(locale) });
}
