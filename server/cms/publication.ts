import type { Db } from './db';
import { COMPANY_TIME_ZONE } from '../../shared/company-time-zone';

/**
 * When an article is out: from its `publishedAt`, never before. A date alone (`2026-12-01`, the seed's
 * format) means from midnight of that day where the company is, as its staff and visitors read it; a
 * timestamp (`2026-12-01T07:30:00.000Z`) from that instant. Every query of articles (lists, the home
 * page, related articles, the sitemap, search, an article's own page) keeps to PUBLISHED, with the
 * parameters of `publicationParams`.
 */

/** The condition on an articles row `alias`: true once it is out at `@now` (`@today` its date in the company's zone). */
export function published(alias: string): string {
  return `(CASE WHEN length(${alias}.published_at) = 10 THEN ${alias}.published_at <= @today ELSE ${alias}.published_at <= @now END)`;
}

export type PublicationParams = { now: string; today: string };

const companyDay = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

export function publicationParams(at: Date): PublicationParams {
  return { now: at.toISOString(), today: companyDay.format(at) };
}

/** The instant an article with this `publishedAt` comes out. */
export function publicationInstant(publishedAt: string): Date {
  if (publishedAt.length !== 10) return new Date(publishedAt);
  // Midnight in the company's zone: UTC midnight moved by the zone's offset on that day (+01:00 or +02:00).
  const utcMidnight = new Date(`${publishedAt}T00:00:00.000Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(utcMidnight)
    .find((part) => part.type === 'timeZoneName')!.value; // "GMT+01:00"
  const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(offset) ?? ['', '+', '00', '00'];
  const ms = (Number(hours) * 60 + Number(minutes)) * 60_000 * (sign === '-' ? -1 : 1);
  return new Date(utcMidnight.getTime() - ms);
}

/**
 * The next moment an article comes out by itself, after `at`; null when none is waiting. Read on every
 * answer of the content API, so it is worked out again only when the content changes (`contentVersion`,
 * seed.ts) or that moment has come (between them no other article can come out first).
 */
export function nextPublicationReader(db: Db, contentVersion: () => string | undefined): (at: Date) => Date | null {
  const waiting = db.prepare<PublicationParams, { published_at: string }>(`SELECT DISTINCT a.published_at FROM articles a WHERE NOT ${published('a')}`);
  let known: { version: string | undefined; from: Date; next: Date | null } | undefined;
  return (at) => {
    const version = contentVersion();
    if (known && known.version === version && at >= known.from && (!known.next || at < known.next)) return known.next;
    let next: Date | null = null;
    for (const { published_at } of waiting.all(publicationParams(at))) {
      const instant = publicationInstant(published_at);
      if (!next || instant < next) next = instant;
    }
    known = { version, from: at, next };
    return next;
  };
}
