import type { ContentKind } from '../../../shared/api/staff-content';
import { LOCALES, type Locale } from '../../../shared/locales';
import { pathTo, ROUTE_NAMES } from '../../../shared/routes';
import type { Content } from '../content-schema';

/**
 * The site's pages a publish changes, in every locale: the entity's own page before and after (an old
 * slug's page becomes a redirect), the pages that list it, and the search page. An empty list means
 * every page: what every page's layout shows (menus, the notification bar, settings, the product
 * families of the header) changed. The site adds its sitemap to any purge (server/site/purge/webhook.ts).
 */
export function affectedPaths(kind: ContentKind, key: string, before: Content, after: Content): string[] {
  if (EVERY_PAGE.has(kind)) return [];
  const paths = new Set<string>();
  for (const content of [before, after]) {
    for (const locale of LOCALES) for (const path of pathsOf(kind, key, content, locale)) paths.add(path);
  }
  return [...paths];
}

/** Shown by every page's layout (init): a change reaches every page. */
const EVERY_PAGE: ReadonlySet<ContentKind> = new Set(['menus', 'notification', 'settings', 'seo', 'categories']);

function pathsOf(kind: ContentKind, key: string, c: Content, locale: Locale): string[] {
  const search = pathTo('search', locale);
  const home = pathTo('index', locale);
  switch (kind) {
    case 'products': {
      const product = c.products.find((x) => x.key === key);
      if (!product) return [];
      const family = c.categories.find((x) => x.key === product.category);
      return [
        pathTo('product', locale, { slug: product[locale].slug }),
        ...(family ? [pathTo('slug', locale, { slug: family[locale].slug })] : []),
        pathTo('categories', locale),
        home,
        search,
      ];
    }
    case 'articles': {
      const article = c.articles.find((x) => x.key === key);
      const category = article && c.articleCategories.find((x) => x.key === article.category);
      if (!article || !category) return [];
      // Related articles are listed on each other's pages.
      const relatedPages = c.articles
        .filter((x) => x.related.includes(key) || article.related.includes(x.key))
        .flatMap((x) => {
          const cat = c.articleCategories.find((y) => y.key === x.category);
          return cat ? [pathTo('blogArticle', locale, { category: cat[locale].slug, slug: x[locale].slug })] : [];
        });
      return [
        pathTo('blogArticle', locale, { category: category[locale].slug, slug: article[locale].slug }),
        pathTo('blog', locale),
        pathTo('blog', locale, { category: category[locale].slug }),
        ...relatedPages,
        home,
        search,
      ];
    }
    case 'articleCategories': {
      const category = c.articleCategories.find((x) => x.key === key);
      // Its articles' addresses carry its slug: the whole blog of the locale.
      return category ? [`${pathTo('blog', locale)}/*`, pathTo('blog', locale), home, search] : [];
    }
    case 'faq': {
      const group = c.faq.find((x) => x.key === key);
      if (!group) return [];
      return [pathTo('faq', locale), ...group.items.map((item) => pathTo('faqItem', locale, { slug: item[locale].slug })), search];
    }
    case 'pages': {
      const page = c.pages.find((x) => x.key === key);
      return page ? [pathTo('page', locale, { slug: page[locale].slug }), search] : [];
    }
    case 'home':
      return [home];
    default:
      return [];
  }
}

/** The pages an entity has of its own in a locale, by what stays when its slug changes (the item's key). */
export function entityPages(kind: ContentKind, key: string, c: Content, locale: Locale): Map<string, string> {
  const pages = new Map<string, string>();
  if (kind === 'products') {
    const product = c.products.find((x) => x.key === key);
    if (product) pages.set(key, pathTo('product', locale, { slug: product[locale].slug }));
  } else if (kind === 'categories') {
    const family = c.categories.find((x) => x.key === key);
    if (family) pages.set(key, pathTo('slug', locale, { slug: family[locale].slug }));
  } else if (kind === 'articles') {
    const article = c.articles.find((x) => x.key === key);
    const category = article && c.articleCategories.find((x) => x.key === article.category);
    if (article && category) pages.set(key, pathTo('blogArticle', locale, { category: category[locale].slug, slug: article[locale].slug }));
  } else if (kind === 'articleCategories') {
    const category = c.articleCategories.find((x) => x.key === key);
    if (category) {
      pages.set(key, pathTo('blog', locale, { category: category[locale].slug }));
      for (const article of c.articles.filter((x) => x.category === key)) {
        pages.set(`article:${article.key}`, pathTo('blogArticle', locale, { category: category[locale].slug, slug: article[locale].slug }));
      }
    }
  } else if (kind === 'faq') {
    for (const item of c.faq.find((x) => x.key === key)?.items ?? []) pages.set(item.key, pathTo('faqItem', locale, { slug: item[locale].slug }));
  } else if (kind === 'pages') {
    const page = c.pages.find((x) => x.key === key);
    if (page) pages.set(key, pathTo('page', locale, { slug: page[locale].slug }));
  }
  return pages;
}

const PAGE_KINDS: ContentKind[] = ['products', 'categories', 'articles', 'articleCategories', 'faq', 'pages'];

/** Every address the site answers with a page: the fixed screens and every entity's page, in every locale. */
export function livePaths(c: Content): Set<string> {
  const live = new Set<string>();
  for (const locale of LOCALES) {
    for (const name of ROUTE_NAMES) {
      try {
        live.add(pathTo(name, locale));
      } catch {
        // the route needs a slug: its pages come from the content below
      }
    }
    for (const kind of PAGE_KINDS) {
      const keys = kind === 'faq' ? c.faq.map((x) => x.key) : (c[kind] as { key: string }[]).map((x) => x.key);
      for (const key of keys) for (const path of entityPages(kind, key, c, locale).values()) live.add(path);
    }
  }
  return live;
}
