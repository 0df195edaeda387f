import type { OpeningHours, Showroom, SiteSettings } from './api/contract';
import type { Locale } from './locales';

/**
 * The showroom of the visitor's market (settings `locale_showroom`): where the site shows one phone
 * number, it is this showroom's, so a visitor from Austria calls Klagenfurt rather than Slovenia.
 */
export function marketShowroom(settings: Pick<SiteSettings, 'showrooms' | 'locale_showroom'>, locale: Locale): Showroom | undefined {
  const key = settings.locale_showroom[locale];
  return settings.showrooms.find((s) => s.key === key) ?? settings.showrooms[0];
}

/** The one phone number a page (and a mail to a visitor) shows: the market's showroom, else the company's. */
export function marketPhone(settings: Pick<SiteSettings, 'showrooms' | 'locale_showroom' | 'company_phone'>, locale: Locale): string {
  return marketShowroom(settings, locale)?.phone ?? settings.company_phone;
}

/** Every showroom, the visitor's market first. */
export function showroomsFor(settings: SiteSettings, locale: Locale): Showroom[] {
  const first = marketShowroom(settings, locale);
  return first ? [first, ...settings.showrooms.filter((s) => s !== first)] : settings.showrooms;
}

/** A showroom's opening hours: settings hold them once per country (the copy and structured data read them). */
export function showroomHours(settings: SiteSettings, showroom: Showroom): OpeningHours[] {
  return settings.opening_hours.filter((h) => h.country === showroom.country);
}

/**
 * Directions to a showroom: a plain link that opens the map service (or its app on a phone) with the
 * coordinates as the destination. Nothing of the map service loads on our pages.
 */
export function directionsUrl(showroom: Pick<Showroom, 'latitude' | 'longitude'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${showroom.latitude},${showroom.longitude}`;
}
