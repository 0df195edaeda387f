import type { SiteSettings } from './api/contract';

/**
 * How long the company has been in business: one fact, from the founding year in the settings, for
 * the footer's line and the copy's `{{years}}` (home.json), so the two never disagree again and
 * neither goes stale at the new year.
 */
export function yearsInBusiness(settings: Pick<SiteSettings, 'founded_year'>, now: Date = new Date()): number {
  return now.getUTCFullYear() - settings.founded_year;
}

/** What the copy writes where the years go; the content editor explains it where a text has it. */
export const COMPANY_YEARS_PLACEHOLDER = '{{years}}';

/** Content text with `{{years}}` filled in. */
export function withCompanyYears(text: string, years: number): string {
  return text.replaceAll(COMPANY_YEARS_PLACEHOLDER, String(years));
}
