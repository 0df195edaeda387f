import type { OpeningHours, SiteSettings } from '../../../shared/api/contract';

/**
 * The `seo` group of `init.locales[]`. Only the product titles are copy (translated, in content/seo.json);
 * every other entry restates a company fact held in settings, so it is derived from the stored settings
 * each time `init` is answered and never stored twice. One source of truth: the address, contacts and
 * opening hours in the page copy and in the structured data can no longer disagree (decisions.md).
 */

/** The only entries content/seo.json may hold: translated product titles. */
export const SEO_TITLE_ENTRIES = [
  'external_screens_seo',
  'internal_screens_seo',
  'insect_screens_seo',
  'roller_doors_seo',
  'awnings_seo',
  'pergolas_seo',
] as const;

/** Weekday entries and the schema.org day code each one reads from `settings.opening_hours`. */
const WEEKDAYS = [
  ['monday_seo', 'Mo'],
  ['tuesday_seo', 'Tu'],
  ['wednesday_seo', 'We'],
  ['thursday_seo', 'Th'],
  ['friday_seo', 'Fr'],
] as const satisfies readonly (readonly [string, OpeningHours['days'][number]])[];

/** Entries derived from settings, in answer order, each with the setting it restates (for error messages). */
export const SEO_DERIVED_ENTRIES: Readonly<Record<string, string>> = {
  street_address_seo: 'street_address',
  address_locality_seo: 'town',
  postal_code_seo: 'postal_code',
  address_country_seo: 'country',
  telephone_seo: 'company_phone',
  website_url_seo: 'website_url',
  latitude_seo: 'latitude',
  longitude_seo: 'longitude',
  ...Object.fromEntries(WEEKDAYS.map(([entry]) => [entry, 'opening_hours'])),
};

/** What a weekday entry reads when no opening-hours entry includes that day. */
export const CLOSED = 'closed';

/**
 * One weekday in schema.org `openingHours` form, from every opening-hours entry that includes the day,
 * in settings order: `Mo 07:00-17:00`. When the entries that day belong to more than one country, each
 * part is prefixed with its country code and the parts are joined with ", ":
 * `SI Mo 07:00-17:00, AT Mo 09:00-16:00`. With one country there is no prefix (several entries of one
 * country, a split day, are still joined with ", "). No entry that day: `closed`. The same in every
 * locale: it is structured data, not prose.
 */
export function openingHoursOn(day: OpeningHours['days'][number], hours: readonly OpeningHours[]): string {
  const open = hours.filter((entry) => entry.days.includes(day));
  if (open.length === 0) return CLOSED;
  const prefixed = new Set(open.map((entry) => entry.country)).size > 1;
  return open.map((entry) => `${prefixed ? `${entry.country} ` : ''}${day} ${entry.opens}-${entry.closes}`).join(', ');
}

/** Every derived entry, in the order of `SEO_DERIVED_ENTRIES`; coordinates as decimal strings. */
export function derivedSeoEntries(settings: SiteSettings): Record<string, string> {
  return {
    street_address_seo: settings.street_address,
    address_locality_seo: settings.town,
    postal_code_seo: settings.postal_code,
    address_country_seo: settings.country,
    telephone_seo: settings.company_phone,
    website_url_seo: settings.website_url,
    latitude_seo: String(settings.latitude),
    longitude_seo: String(settings.longitude),
    ...Object.fromEntries(WEEKDAYS.map(([entry, day]) => [entry, openingHoursOn(day, settings.opening_hours)])),
  };
}
