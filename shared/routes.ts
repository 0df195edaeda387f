import { LOCALES, type Locale } from './locales';
import { SCREENS, screenFacts } from './screens/all';
import type { RouteTraits } from './screens/define';

export type { QueryParamRole, RouteTraits } from './screens/define';

/**
 * The route table: every screen and its path per locale (without the locale prefix), derived from the
 * screens' own modules (shared/screens/). Server matching, links, the locale switcher, hreflang and the
 * sitemap all derive from it. Paths use react-router syntax; `:name?` is an optional segment.
 */
export const ROUTES = screenFacts('path');

export type RouteName = keyof typeof SCREENS;

/**
 * Not a screen: the signed-in visitor's data as a JSON download (server/site/bff/account-data.ts), linked
 * from the profile. Under the locale prefix, so a visitor who is not signed in is sent to their login.
 */
export function accountDataPath(locale: Locale): string {
  return `/${locale}/user/data.json`;
}

/**
 * The address segment of each of the inquiry's steps (shared/forms/inquiry.ts's INQUIRY_STEPS, in
 * order), per locale. None is an offer type key: an address of the first design (`/inquiry/rolete`,
 * the offer type where the step now is) is told apart and sent on to the product details step.
 */
export const INQUIRY_STEP_SLUGS = {
  sl: ['izbira', 'podrobnosti', 'kontakt', 'sporocilo'],
  en: ['choice', 'details', 'contact', 'message'],
  de: ['auswahl', 'details', 'kontakt', 'nachricht'],
} as const satisfies Record<Locale, readonly string[]>;

/** The step (0-based) an inquiry address's step segment names, or null when it names none. */
export function inquiryStepOf(slug: string, locale: Locale): number | null {
  const index = (INQUIRY_STEP_SLUGS[locale] as readonly string[]).indexOf(slug);
  return index === -1 ? null : index;
}

/**
 * The address of an inquiry step: the form's own address for the first step of an inquiry opened
 * without an offer type, else the step's segment followed by the offer type and product it was opened with.
 */
export function inquiryPath(locale: Locale, { step = 0, offerType, product }: { step?: number; offerType?: string; product?: string } = {}): string {
  if (step === 0 && !offerType) return pathTo('inquiry', locale);
  return pathTo('inquiry', locale, { step: INQUIRY_STEP_SLUGS[locale][step], offerType, product });
}

/** The legal content pages the specification names, with their fixed slugs (`page` route). */
export const LEGAL_PAGE_SLUGS = {
  privacy: { sl: 'politika-zasebnosti', en: 'privacy-policy', de: 'datenschutzbestimmungen' },
  terms: { sl: 'splosni-pogoji-poslovanja', en: 'general-terms-and-conditions', de: 'allgemeine-geschaeftsbedingungen' },
  cookies: { sl: 'piskotki', en: 'cookies', de: 'cookies' },
} as const satisfies Record<string, Record<Locale, string>>;

/**
 * The traits of every screen (its module's `traits`): which take a post, which are private, indexed, in
 * the sitemap, and which query parameters they read. The browser's router, the loaders and actions, the
 * HTML cache, robots.txt and the sitemap all read them here.
 */
export const ROUTE_TRAITS: Readonly<Record<RouteName, RouteTraits>> = screenFacts('traits');

/** The screens that take a posted form (`action: true`); the server has an action for each. */
export type ActionRoute = { [N in RouteName]: (typeof SCREENS)[N]['traits']['action'] extends true ? N : never }[RouteName];

export type RouteParams = Record<string, string | undefined>;

/** Route names use the three-underscore separator of the reference i18n library: `product___en`. */
export const ROUTE_NAME_SEPARATOR = '___';

export const ROUTE_NAMES = Object.keys(SCREENS) as RouteName[];

export function routeId(name: RouteName, locale: Locale): string {
  return `${name}${ROUTE_NAME_SEPARATOR}${locale}`;
}

export function parseRouteId(id: string): { name: RouteName; locale: Locale } | null {
  const [name, locale] = id.split(ROUTE_NAME_SEPARATOR);
  if (!name || !locale || !(name in SCREENS) || !(LOCALES as readonly string[]).includes(locale)) return null;
  return { name: name as RouteName, locale: locale as Locale };
}

/** The full react-router pattern of a route in a locale, prefix included. */
export function routePattern(name: RouteName, locale: Locale): string {
  const path: string | Record<Locale, string> = ROUTES[name];
  return `/${locale}${typeof path === 'string' ? path : path[locale]}`;
}

/**
 * Builds a route's path in a locale. Every parameter is percent-encoded, so a value from content or
 * input can never add a segment or leave the site; a missing optional segment is dropped.
 */
export function pathTo(name: RouteName, locale: Locale, params: RouteParams = {}): string {
  return routePattern(name, locale).replace(/\/:(\w+)(\?)?/g, (_, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`pathTo(${name}): missing parameter '${key}'`);
    }
    return `/${encodeURIComponent(value)}`;
  });
}
