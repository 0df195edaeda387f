/**
 * The consent set-up (vanilla-cookieconsent's, so stored consent stays readable across both): opt-in
 * categories, the cookie, and which cookies go when a category is switched off.
 */
export const CONSENT_COOKIE = 'cc_cookie';
/** Raise it when the categories or the cookie policy change materially: every visitor is asked again. */
export const CONSENT_REVISION = 1;
export const CONSENT_EXPIRY_DAYS = 182;

export const CATEGORIES = ['necessary', 'analytics', 'advertisement', 'functionality', 'security'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Always enabled, shown switched on and disabled. */
export const READ_ONLY_CATEGORIES: readonly Category[] = ['necessary'];

export interface AutoClear {
  /** Cookie names: a string is an exact name, a pattern matches any name. */
  cookies: readonly (string | RegExp)[];
  /** Reload after the category is switched off, so scripts it let run stop setting cookies. */
  reloadPage: boolean;
}

export const AUTO_CLEAR: Partial<Record<Category, AutoClear>> = {
  // Google Analytics: _ga, _ga_<container>, _gid.
  analytics: { cookies: [/^_ga/, '_gid'], reloadPage: true },
};
