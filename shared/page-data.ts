import type { PhotoRefusal } from './forms/photos';
import type * as c from './api/contract';
import type { PostedValues } from './forms/fields';
import type { OfferType } from './forms/inquiry';

/** A product an inquiry opens from: its content key (posted with the inquiry), name, and what it fixes in the form. */
export type InquiryProduct = { key: string; title: string; offerType: OfferType; preset: Readonly<Record<string, string>> };
import type { Locale } from './locales';
import type { RouteName } from './routes';
import type { SCREENS } from './screens/all';
import type { DataOf } from './screens/define';
import type { JsonLd } from './structured-data';

/** One step of a breadcrumb; the page itself (the last step) has no path. */
export interface Crumb {
  title: string;
  path?: string;
}

/** What every screen's loader returns beside its content: the head and the page in other locales. */
export interface PageMeta {
  title: string;
  description: string;
  /** The same page's path in each locale that has it (locale switcher, hreflang). */
  alternates: Partial<Record<Locale, string>>;
  /** Pages that must not be indexed (search results, account pages, errors). */
  noindex?: boolean;
  /**
   * Home first, the page last: computed once by the loader, shown by the page and written as the
   * BreadcrumbList structured data, so the two never differ. Absent on the home page.
   */
  breadcrumb?: Crumb[];
  /** The page's own picture (Open Graph); pages without one share the site's. */
  image?: c.Image;
  /** Open Graph type; `website` when absent. */
  type?: 'website' | 'article' | 'product';
  /** The article's publication date (Open Graph `article:published_time`). */
  publishedAt?: string;
  /**
   * Server only: the page's JSON-LD blocks, written into the document head. A function, so it never
   * travels in the hydration data or a page payload (JSON leaves functions out): crawlers read the
   * server's HTML, and the browser has no use for it.
   */
  jsonLd?: () => JsonLd[];
}

/**
 * What the layout and the screens show of `init`. The locale table (with every locale's SEO entries,
 * read by the server's structured data) and the raw settings list (sent typed, as `settings`) stay on
 * the server: they were a quarter of every page's data.
 */
export type LayoutInit = Omit<c.Init, 'locales' | 'settings'>;

export interface LayoutData {
  locale: Locale;
  init: LayoutInit;
  settings: c.SiteSettings;
  /** The site's public origin, for canonical links. */
  origin: string;
  /**
   * The signed-in visitor's address, for the footer's signup; null for everyone else. Only a page
   * rendered for one visitor has it (a request with a session cookie is never shared or cached).
   */
  visitorEmail: string | null;
  /**
   * The signed time token of this render, which the page's forms post (shared/forms/guard.ts). In a
   * cached page it is the cached render's: older than the visit, never younger.
   */
  formToken: string;
}

/** Each screen's data beside `meta`: the type its module declares (shared/screens/). */
type Screens = { [N in RouteName]: DataOf<(typeof SCREENS)[N]> };

/**
 * A public form's page. `sent`: the visitor arrives from a successful post (303 to `?sent=1`) and sees
 * the thank-you message. `prefill`: a signed-in visitor's contact details (their page is private then).
 */
export interface PublicFormScreen {
  sent: boolean;
  prefill: { nameAndSurname: string; email: string; phone: string; streetAddress: string; postalCode: string; town: string } | null;
}

export type ScreenData<N extends RouteName> = Screens[N] & { meta: PageMeta };

/**
 * What a form's action answers when it does not redirect: field errors (message keys) with the values
 * to show again (never a password), or the key of a success message.
 */
export interface FormResult {
  form?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  done?: string;
}

/**
 * What a public form's action answers when it does not redirect (success is a 303 to `?sent=1`):
 * the values posted (lists for multi-selects), the field errors (400), and for the inquiry the step to
 * show (0-based). Without JavaScript the inquiry walks its steps through the server: every post carries
 * `intent` (next | back | send) and the values of every step, to its step's address, and a step that
 * is passed is answered with a 303 to the next step's address (server/site/routing/form-screens.ts).
 */
export interface PublicFormResult {
  form: 'inquiry' | 'service' | 'newsletter';
  values: PostedValues;
  errors?: Record<string, string>;
  step?: number;
  /**
   * The photo named by `errors.photos` (`form.photos.errors.{reason}`, whose text takes `{{name}}`):
   * the first one refused. See server/site/photos/upload.ts for the whole interface.
   */
  photoRefused?: { name: string; reason: PhotoRefusal };
  /** Refused for the forms' rate limit (`errors.form`): in how many minutes the visitor may send again. */
  retryAfterMinutes?: number;
  /**
   * The time token the form was opened with, carried through the inquiry's steps without JavaScript
   * (each step is a new render, whose own token would say the form opened just now).
   */
  formToken?: string;
}

/** The data of the catch-all 404 route. */
export interface NotFoundData {
  meta: PageMeta;
}

/** The data a route error carries to the error page (never a stack or an upstream message). */
export interface RouteErrorData {
  message: string;
}

/** Slugs are lowercase words joined by single hyphens; anything else is a 404 without an upstream call. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
