import type { Db } from './db';

/** The company as the mails name it, from the stored settings. */
export type Company = {
  name: string;
  /** Where the company reads mail: form notifications go here. Empty when the settings have none. */
  email: string;
  phone: string;
};

/**
 * Reads the company's name and contact details from the settings. A function rather than a value:
 * a content import may change them while the process runs, and mails must use the current ones.
 * `fallbackName` stands in for a missing name (the site's host name).
 */
export function companySettings(db: Db, fallbackName: string): () => Company {
  const setting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const text = (key: string) => {
    const row = setting.get(key);
    const value: unknown = row && JSON.parse(row.value);
    return typeof value === 'string' ? value.trim() : '';
  };
  return () => ({ name: text('company_name') || fallbackName, email: text('company_email'), phone: text('company_phone') });
}
