import type { ScreenNamespace } from '../i18n';
import type { Locale } from '../locales';

/**
 * What a screen is, as both the browser and the server know it: one module per screen in this folder
 * (`shared/screens/<route name>.ts`, pure data the browser may import), its server half in
 * `server/site/screens/<route name>.ts` (loader, action, head, structured data, freshness) and its component
 * in `client/pages/<page>.tsx`. The lists that name every screen (shared/routes.ts, shared/i18n.ts,
 * shared/page-data.ts, client/routes.tsx) are derived from `SCREENS` in ./all.ts
 * (docs/decisions/0052-one-home-per-screen.md).
 */

/**
 * What a query parameter a screen reads does to its page:
 * - `listPage`: the page of a list, `2` and up, as the site's links write it; page 1 is the list's own
 *   address (`?page=1` is redirected there). Part of the page's HTML cache key: a list has as many
 *   entries as it has pages, since any other number is a 404.
 * - `input`: what a visitor typed or a link carried (a search, a filter, a token, a form's thank-you).
 *   Its values are endless, so a page with one is never kept in the HTML cache.
 */
export type QueryParamRole = 'listPage' | 'input';

/** What the rest of the site must know of a screen besides its paths. */
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
export const CONTENT = { action: false, private: false, indexed: true, inSitemap: true } as const;
/** A public form: prefilled with a signed-in visitor's details; `?sent=1` is its thank-you after a post. */
export const PUBLIC_FORM = { action: true, private: 'signedIn', indexed: true, inSitemap: true, query: { sent: 'input' } } as const;
/** A screen of a signed-in or signing-in visitor. */
export const ACCOUNT = { action: true, private: true, indexed: false, inSitemap: false } as const;

/** The string groups of a screen that shows only `common`'s words. */
export const NO_NAMESPACES: readonly ScreenNamespace[] = [];

/** One screen's facts that both halves of the site read. */
export interface SharedScreen {
  /**
   * Its path per locale, without the locale prefix (one string when it is the same in every locale),
   * in react-router syntax: `:name?` is an optional segment.
   */
  path: string | Readonly<Record<Locale, string>>;
  /** Its component: `client/pages/<page>.tsx`, a chunk of its own. */
  page: string;
  traits: RouteTraits;
  /**
   * The string groups (i18next namespaces) it needs beyond `common`: the server renders it with these
   * and inlines them in the page, and a client navigation to it loads them with its module
   * (docs/decisions/0028-screen-strings.md).
   */
  namespaces: readonly ScreenNamespace[];
}

declare const dataType: unique symbol;

/** A screen with the type of the data its loader returns (beside `meta`), which exists for the compiler alone. */
export type ScreenDefinition<S extends SharedScreen, Data> = S & { readonly [dataType]?: Data };

/** The data type of a screen's definition. */
export type DataOf<S> = S extends { readonly [dataType]?: infer Data } ? Data : never;

/**
 * Declares a screen: `defineScreen<Data>()({ path, page, traits, namespaces })`. Two calls, so the
 * data type is written and the facts keep their literal types (which screens take an action is a type).
 */
export function defineScreen<Data extends object>() {
  return <const S extends SharedScreen>(screen: S): ScreenDefinition<S, Data> => screen;
}
