import { LOCALES, type Locale } from './locales';

/**
 * The route table: every screen and its path per locale (without the locale prefix).
 * Server matching, links, the locale switcher, hreflang and the sitemap all derive from it.
 * Paths use react-router syntax; `:name?` is an optional segment.
 */
const FAQ = {
  sl: '/pogosta-vprasanja',
  en: '/page/frequently-asked-questions-info-answers',
  de: '/seite/haeufig-gestellte-fragen-infos-antworten',
} as const;

export const ROUTES = {
  index: '',
  blog: '/blog/:category?',
  blogArticle: '/blog/:category/:slug',
  b2b: '/b2b',
  faq: FAQ,
  faqItem: { sl: `${FAQ.sl}/:slug`, en: `${FAQ.en}/:slug`, de: `${FAQ.de}/:slug` },
  product: { sl: '/izdelek/:slug', en: '/product/:slug', de: '/produkt/:slug' },
  categories: { sl: '/kategorije', en: '/categories', de: '/kategorien' },
  page: { sl: '/stran/:slug', en: '/page/:slug', de: '/seite/:slug' },
  search: { sl: '/iskanje', en: '/search', de: '/suche' },
  /**
   * The inquiry form. The optional segments: the step shown (its slug in INQUIRY_STEP_SLUGS; none is
   * the first), an offer type key, preselected (a family's call to action), and then a product's slug in
   * the locale, whose family, system or model is chosen (a product's). Build its paths with `inquiryPath`.
   */
  inquiry: { sl: '/povprasevanje/:step?/:offerType?/:product?', en: '/inquiry/:step?/:offerType?/:product?', de: '/anfrage/:step?/:offerType?/:product?' },
  service: { sl: '/servis', en: '/service', de: '/service' },
  /** Showrooms, opening hours, phone, email, directions and the two forms. */
  contact: { sl: '/kontakt', en: '/contact', de: '/kontakt' },
  imprint: { sl: '/impresum', en: '/imprint', de: '/impressum' },
  /** The newsletter section; the footer's signup posts here too. */
  newsletter: { sl: '/e-novice', en: '/newsletter', de: '/newsletter' },
  /** The link in a signup's confirmation mail (`?token=`): a page with one button that subscribes. */
  newsletterConfirm: { sl: '/e-novice/potrditev', en: '/newsletter/confirm', de: '/newsletter/bestaetigen' },
  /**
   * The unsubscribe link of every mail to a subscriber (`?token=`): a page with one button, and the
   * address mail programs post `List-Unsubscribe=One-Click` to (RFC 8058).
   */
  newsletterUnsubscribe: { sl: '/e-novice/odjava', en: '/newsletter/unsubscribe', de: '/newsletter/abmelden' },
  login: '/login',
  register: '/register',
  verify: '/verify',
  passwordReset: '/password-reset',
  profile: '/user/profile',
  verifyEmail: '/verify-email',
  /** Deleting the account, the password asked again; `?deleted=1` is its confirmation, signed out. */
  accountDelete: '/user/delete',
  slug: '/:slug',
} as const satisfies Record<string, string | Record<Locale, string>>;

export type RouteName = keyof typeof ROUTES;

/**
 * Not a screen: the signed-in visitor's data as a JSON download (server/bff/account-data.ts), linked
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
 * What a query parameter a screen reads does to its page:
 * - `listPage`: the page of a list, `2` and up, as the site's links write it; page 1 is the list's own
 *   address (`?page=1` is redirected there). Part of the page's HTML cache key: a list has as many
 *   entries as it has pages, since any other number is a 404.
 * - `input`: what a visitor typed or a link carried (a search, a filter, a token, a form's thank-you).
 *   Its values are endless, so a page with one is never kept in the HTML cache.
 */
export type QueryParamRole = 'listPage' | 'input';

/** What the rest of the site must know of a screen besides its paths: one row per screen in ROUTE_TRAITS. */
export interface RouteTraits {
  /** It takes a posted form: its action runs on a post, from a plain form or from the browser's router. */
  action: boolean;
  /**
   * Its page is one visitor's own, never shared or kept by any cache: `true` always (the screens of a
   * signed-in or signing-in visitor, which robots.txt also keeps crawlers out of); `'signedIn'` when the
   * visitor has a session (a form filled in with their details) or an inquiry draft (what they typed).
   */
  private: boolean | 'signedIn';
  /** Search engines may index it; otherwise its pages say `noindex`. */
  indexed: boolean;
  /**
   * The sitemap lists it: the screen itself when its path needs no parameter, otherwise each of its
   * entities the content API's sitemap names.
   */
  inSitemap: boolean;
  /**
   * The query parameters it reads (in its loader or its page component). Every other parameter
   * (utm_source, gclid, anything) changes nothing on the page: the HTML cache keeps a page once, under
   * its path and these parameters alone. A screen that starts reading a parameter must list it here.
   */
  query?: Readonly<Record<string, QueryParamRole>>;
  /**
   * Its page's address takes posts from anywhere, with no cookie and no page of the site before it
   * (a mail program's RFC 8058 one-click unsubscribe): the forms' same-origin check and rate limit do
   * not apply to it. Only for a post that a secret in the address authorises and that cannot do harm
   * when repeated. Its page payload keeps the checks.
   */
  crossSitePost?: boolean;
}

/** A page of content: the same for everyone, indexed, in the sitemap; nothing is posted to it. */
const CONTENT = { action: false, private: false, indexed: true, inSitemap: true } as const;
/** A public form: prefilled with a signed-in visitor's details; `?sent=1` is its thank-you after a post. */
const PUBLIC_FORM = { action: true, private: 'signedIn', indexed: true, inSitemap: true, query: { sent: 'input' } } as const;
/** A screen of a signed-in or signing-in visitor. */
const ACCOUNT = { action: true, private: true, indexed: false, inSitemap: false } as const;

const TRAITS = {
  index: CONTENT,
  blog: { ...CONTENT, query: { page: 'listPage' } },
  blogArticle: CONTENT,
  b2b: CONTENT,
  faq: { ...CONTENT, query: { q: 'input' } },
  faqItem: CONTENT,
  product: CONTENT,
  categories: CONTENT,
  page: CONTENT,
  // Results are no page of their own: crawled for their links, never indexed or listed.
  search: { ...CONTENT, indexed: false, inSitemap: false, query: { q: 'input' } },
  inquiry: PUBLIC_FORM,
  service: PUBLIC_FORM,
  contact: CONTENT,
  imprint: CONTENT,
  newsletter: PUBLIC_FORM,
  // One visitor's link: never cached, indexed or listed; the post is the button's or a mail program's.
  newsletterConfirm: { ...ACCOUNT, query: { token: 'input' } },
  newsletterUnsubscribe: { ...ACCOUNT, query: { token: 'input' }, crossSitePost: true },
  login: { ...ACCOUNT, query: { unlock: 'input' } },
  register: ACCOUNT,
  verify: ACCOUNT,
  passwordReset: { ...ACCOUNT, query: { token: 'input' } },
  profile: ACCOUNT,
  verifyEmail: { ...ACCOUNT, query: { token: 'input' } },
  accountDelete: { ...ACCOUNT, query: { deleted: 'input' } },
  slug: CONTENT,
} as const satisfies Record<RouteName, RouteTraits>;

/**
 * The traits of every screen, in one table: which take a post, which are private, indexed, in the
 * sitemap, and which query parameters they read. The browser's router, the loaders and actions, the
 * HTML cache, robots.txt and the sitemap all read them here.
 */
export const ROUTE_TRAITS: Readonly<Record<RouteName, RouteTraits>> = TRAITS;

/** The screens that take a posted form (`action: true`); the server has an action for each. */
export type ActionRoute = { [N in RouteName]: (typeof TRAITS)[N]['action'] extends true ? N : never }[RouteName];

export type RouteParams = Record<string, string | undefined>;

/** Route names use the three-underscore separator of the reference i18n library: `product___en`. */
export const ROUTE_NAME_SEPARATOR = '___';

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export function routeId(name: RouteName, locale: Locale): string {
  return `${name}${ROUTE_NAME_SEPARATOR}${locale}`;
}

export function parseRouteId(id: string): { name: RouteName; locale: Locale } | null {
  const [name, locale] = id.split(ROUTE_NAME_SEPARATOR);
  if (!name || !locale || !(name in ROUTES) || !(LOCALES as readonly string[]).includes(locale)) return null;
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
