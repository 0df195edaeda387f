import { DEFAULT_LOCALE, LOCALE_ISO, type Locale } from './locales';
import type { PageMeta } from './page-data';
import { shareImage } from './share-image';
import type { JsonLd } from './structured-data';

/** The picture of pages without one of their own (Open Graph, structured data). */
export const DEFAULT_SHARE_IMAGE = { src: '/images/home/hero.svg', width: 1200, height: 800, alt: '' };

/** Open Graph and Twitter card properties, in document order. */
export interface SocialMeta {
  /** `<meta property>` (Open Graph) entries. */
  og: { property: string; content: string }[];
  /** `<meta name>` (Twitter card) entries. */
  twitter: { name: string; content: string }[];
}

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
  /** Absent on error pages (nothing to share). */
  social: SocialMeta | null;
  /** Structured data; only the server has it (see PageMeta.jsonLd). */
  jsonLd: JsonLd[];
}

/**
 * Search results cut a title after about 60–70 characters, and a tab shows its start: past this
 * length the site name would only push the page's own words out, so the title goes without it
 * (the name is still in og:site_name and the structured data).
 */
export const MAX_TITLE_LENGTH = 70;

function documentTitle(title: string, siteName: string): string {
  const full = [title, siteName].filter((part, i, all) => part && all.indexOf(part) === i).join(' | ');
  return full.length > MAX_TITLE_LENGTH && title ? title : full;
}

/** `sl-SI` as Open Graph writes it: `sl_SI`. */
export function ogLocale(locale: Locale): string {
  return LOCALE_ISO[locale].replace('-', '_');
}

/** What a page's head is built from besides its meta. */
export interface HeadContext {
  locale: Locale;
  siteName: string;
  origin: string;
  path: string;
}

export function buildHead(meta: PageMeta, opts: HeadContext): Head {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${opts.origin}${path}`);
  const alternates = (Object.entries(meta.alternates) as [Locale, string][]).map(([locale, path]) => ({
    hreflang: LOCALE_ISO[locale],
    href: absolute(path),
  }));
  const fallback = meta.alternates[DEFAULT_LOCALE];
  if (fallback) alternates.push({ hreflang: 'x-default', href: absolute(fallback) });
  const canonical = meta.noindex && Object.keys(meta.alternates).length === 0 ? null : absolute(meta.alternates[opts.locale] ?? opts.path);
  return {
    lang: LOCALE_ISO[opts.locale],
    title: documentTitle(meta.title, opts.siteName),
    description: meta.description,
    canonical,
    robots: meta.noindex ? 'noindex, follow' : null,
    alternates,
    social: canonical ? socialMeta(meta, { ...opts, canonical, absolute }) : null,
    jsonLd: meta.jsonLd?.() ?? [],
  };
}

function socialMeta(meta: PageMeta, opts: { locale: Locale; siteName: string; canonical: string; absolute: (path: string) => string }): SocialMeta {
  const image = shareImage(meta.image ?? DEFAULT_SHARE_IMAGE);
  const imageUrl = opts.absolute(image.src);
  const type = meta.type ?? 'website';
  const og = [
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: opts.siteName },
    { property: 'og:title', content: meta.title },
    { property: 'og:description', content: meta.description },
    { property: 'og:url', content: opts.canonical },
    { property: 'og:locale', content: ogLocale(opts.locale) },
    ...(Object.keys(meta.alternates) as Locale[])
      .filter((locale) => locale !== opts.locale)
      .map((locale) => ({ property: 'og:locale:alternate', content: ogLocale(locale) })),
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    ...(image.alt ? [{ property: 'og:image:alt', content: image.alt }] : []),
    ...(type === 'article' && meta.publishedAt ? [{ property: 'article:published_time', content: meta.publishedAt }] : []),
  ].filter((entry) => entry.content);
  const twitter = [
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: meta.title },
    { name: 'twitter:description', content: meta.description },
    { name: 'twitter:image', content: imageUrl },
    ...(image.alt ? [{ name: 'twitter:image:alt', content: image.alt }] : []),
  ].filter((entry) => entry.content);
  return { og, twitter };
}
