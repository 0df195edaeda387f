import type { LinkTarget } from '../../../shared/api/staff-content';
import type { Locale } from '../../../shared/locales';
import { pathTo, ROUTE_NAMES, ROUTE_TRAITS } from '../../../shared/routes';
import type { Content } from '../content-schema';

/**
 * The link picker's choices in a locale: every screen of the route table that needs no slug, then every
 * page of the content, as the links the seed writes (`{route, params}`), each labelled by its address
 * and title. Whatever is picked passes the seed's link check (content-links.ts) as long as its target stays.
 */
export function linkTargets(c: Content, locale: Locale): LinkTarget[] {
  const fixed = ROUTE_NAMES.filter((name) => ROUTE_TRAITS[name].private !== true).flatMap((route): LinkTarget[] => {
    try {
      return [{ label: pathTo(route, locale), link: { route } }];
    } catch {
      return []; // it needs a slug: the content's entries below
    }
  });
  const entry = (route: 'product' | 'slug' | 'page' | 'faqItem', slug: string, title: string): LinkTarget => ({
    label: `${title} (${pathTo(route, locale, { slug })})`,
    link: { route, params: { slug } },
  });
  const categorySlug = new Map(c.articleCategories.map((x) => [x.key, x[locale].slug]));
  return [
    ...fixed,
    ...c.categories.map((x) => entry('slug', x[locale].slug, x[locale].title)),
    ...c.products.map((x) => entry('product', x[locale].slug, x[locale].title)),
    ...c.pages.map((x) => entry('page', x[locale].slug, x[locale].title)),
    ...c.faq.flatMap((group) => group.items.map((x) => entry('faqItem', x[locale].slug, x[locale].question))),
    ...c.articleCategories.map((x) => ({
      label: `${x[locale].title} (${pathTo('blog', locale, { category: x[locale].slug })})`,
      link: { route: 'blog', params: { category: x[locale].slug } },
    })),
    ...c.articles.map((x) => {
      const params = { category: categorySlug.get(x.category) ?? '', slug: x[locale].slug };
      return { label: `${x[locale].title} (${pathTo('blogArticle', locale, params)})`, link: { route: 'blogArticle', params } };
    }),
  ];
}
