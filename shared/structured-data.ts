import type { Article, Block, Image, OpeningHours, Product, SiteSettings } from './api/contract';
import { LOCALE_ISO, type Locale } from './locales';
import type { Crumb } from './page-data';
import { showroomHours } from './showrooms';

/**
 * schema.org structured data (JSON-LD) for the document head. Pure functions of content and settings:
 * no prices, offers, ratings or reviews are ever invented (the site has none to state).
 */

/** One JSON-LD block, written as `<script type="application/ld+json">` (data, never executed). */
export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;

/** What every builder needs to know about the site and the page. */
export interface SiteFacts {
  origin: string;
  locale: Locale;
  settings: SiteSettings;
}

const CONTEXT = 'https://schema.org';

const DAY_NAMES: Record<OpeningHours['days'][number], string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};

/** A site path (or an already absolute URL) as an absolute URL. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The business's node id, so other blocks (publisher, brand) can point at it. */
export function businessId(origin: string): string {
  return `${origin}/#business`;
}

/** Plain text of content blocks: paragraphs apart by a blank line, list items one a line. */
export function blocksText(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      if (block.type === 'list') return block.items.map((item) => `- ${item}`).join('\n');
      // Blocks written from settings have no text of their own.
      return 'text' in block ? block.text : '';
    })
    .filter(Boolean)
    .join('\n\n');
}

export function openingHoursSpecification(hours: readonly OpeningHours[]): JsonLd[] {
  return hours.map((entry) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: entry.days.map((day) => `${CONTEXT}/${DAY_NAMES[day]}`),
    opens: entry.opens,
    closes: entry.closes,
  }));
}

function postalAddress(a: { street_address: string; postal_code: string; town: string; country: string }): JsonLd {
  return { '@type': 'PostalAddress', streetAddress: a.street_address, postalCode: a.postal_code, addressLocality: a.town, addressCountry: a.country };
}

/**
 * The company as a LocalBusiness, on every page. Opening hours come from `settings.opening_hours`, each
 * entry exactly once: the entries of the head office's country on the business itself, the others on
 * the showroom (a `department`) in their country. An entry of a country with neither stays on the
 * business, so no entry is ever dropped.
 */
export function localBusiness({ origin, settings }: SiteFacts, image?: string): JsonLd {
  const away = settings.showrooms.filter(
    (s) => !(s.country === settings.country && s.street_address === settings.street_address && s.postal_code === settings.postal_code),
  );
  const departmentCountries = new Set(away.filter((s) => s.country !== settings.country).map((s) => s.country));
  const ownHours = settings.opening_hours.filter((h) => !departmentCountries.has(h.country));
  const departments = away.map((showroom) => {
    const hours = showroomHours(settings, showroom);
    return {
      '@type': 'LocalBusiness',
      name: `${settings.company_name} ${showroom.name}`,
      telephone: showroom.phone,
      email: showroom.email,
      address: postalAddress(showroom),
      geo: { '@type': 'GeoCoordinates', latitude: showroom.latitude, longitude: showroom.longitude },
      ...(hours.length ? { openingHoursSpecification: openingHoursSpecification(hours) } : {}),
    };
  });
  return {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    '@id': businessId(origin),
    name: settings.company_name,
    legalName: settings.company_legal_name,
    url: settings.website_url,
    telephone: settings.company_phone,
    email: settings.company_email,
    vatID: settings.company_vat_id,
    foundingDate: String(settings.founded_year),
    ...(image ? { image } : {}),
    address: postalAddress(settings),
    geo: { '@type': 'GeoCoordinates', latitude: settings.latitude, longitude: settings.longitude },
    openingHoursSpecification: openingHoursSpecification(ownHours),
    ...(departments.length ? { department: departments } : {}),
    ...(settings.social.length ? { sameAs: settings.social.map((s) => s.url) } : {}),
  };
}

/** The visible breadcrumb, as it is: the page itself (last, without a path) is the canonical URL. */
export function breadcrumbList(crumbs: readonly Crumb[], origin: string, canonical: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.title,
      item: crumb.path !== undefined ? absoluteUrl(origin, crumb.path) : canonical,
    })),
  };
}

function imageUrls(origin: string, images: readonly Image[]): string[] {
  return [...new Set(images.map((image) => absoluteUrl(origin, image.src)))];
}

/** A product as the company describes it: no offers, prices or ratings (the site states none). */
export function productLd(product: Product, site: SiteFacts, url: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.title,
    description: product.summary,
    url,
    image: imageUrls(site.origin, [product.image, ...product.images]),
    brand: { '@type': 'Brand', name: site.settings.company_name },
    manufacturer: { '@id': businessId(site.origin) },
    category: product.category.title,
    inLanguage: LOCALE_ISO[site.locale],
  };
}

/** FAQ questions with their answers as plain text. */
export function faqPage(items: readonly { question: string; answer: readonly Block[]; url?: string }[], site: SiteFacts): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    inLanguage: LOCALE_ISO[site.locale],
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      ...(item.url ? { url: item.url } : {}),
      acceptedAnswer: { '@type': 'Answer', text: blocksText(item.answer) },
    })),
  };
}

export function articleLd(article: Article, site: SiteFacts, url: string, logo: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.publishedAt,
    author: { '@type': 'Person', name: article.author },
    image: imageUrls(site.origin, [article.image]),
    publisher: { '@type': 'Organization', '@id': businessId(site.origin), name: site.settings.company_name, logo: { '@type': 'ImageObject', url: logo } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    articleSection: article.category.title,
    inLanguage: LOCALE_ISO[site.locale],
  };
}
