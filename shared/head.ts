import { DEFAULT_LOCALE, LOCALE_ISO, type Locale } from './locales';
import type { PageMeta } from './page-data';

/** The head of a page, computed once and applied by the server (as HTML) and the browser (to the DOM). */
export interface Head {
  lang: string;
  title: string;
  description: string;
  /** Absent on error pages, which are not a page of their own. */
  canonical: string | null;
  robots: string | null;
  /** hreflang alternates, x-default (the default locale's page) last. */
  alternates: { hreflang: string; href: string }[];
}

export function buildHead(meta: PageMeta, opts: { locale: Locale; siteName: string; origin: string; path: string }): Head {
  const absolute = (path: string) => `${opts.origin}${path}`;
  const alternates = (Object.entries(meta.alternates) as [Locale, string][]).map(([locale, path]) => ({
    hreflang: LOCALE_ISO[locale],
    href: absolute(path),
  }));
  const fallback = meta.alternates[DEFAULT_LOCALE];
  if (fallback) alternates.push({ hreflang: 'x-default', href: absolute(fallback) });
  return {
    lang: LOCALE_ISO[opts.locale],
    title: [meta.title, opts.siteName].filter((part, i, all) => part && all.indexOf(part) === i).join(' | '),
    description: meta.description,
    canonical: meta.noindex && Object.keys(meta.alternates).length === 0 ? null : absolute(meta.alternates[opts.locale] ?? opts.path),
    robots: meta.noindex ? 'noindex, follow' : null,
    alternates,
  };
}
