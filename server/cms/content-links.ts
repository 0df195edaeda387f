import type { Block, Link } from '../../shared/api/contract';
import { LOCALES, type Locale } from '../../shared/locales';
import { pathTo, routePattern, type RouteName } from '../../shared/routes';
import type { Content } from './content-schema';

/**
 * Checks every link in the seed (menus, notification, home CTAs, link blocks in rich text) against the route table and the
 * seed's own slugs, so a renamed slug breaks the import instead of a menu on the live site.
 */
export function linkProblems(c: Content): string[] {
  const problems: string[] = [];
  for (const locale of LOCALES) {
    const check = linkChecker(c, locale);
    const report = (file: string, where: string, link: Link | undefined) => {
      const problem = link && check(link);
      if (problem) problems.push(`${file}: ${where}: ${problem}`);
    };
    const walk = (where: string, items: Content['menus'][number][Locale]['items']) =>
      items.forEach((item, i) => {
        report('menus.json', `${where}[${i}].link`, item.link);
        walk(`${where}[${i}].children`, item.children ?? []);
      });
    for (const menu of c.menus) walk(`${menu.key}.${locale}.items`, menu[locale].items);
    report('home.json', `${locale}.hero.cta.link`, c.home[locale].hero.cta.link);
    c.home[locale].ctas.forEach((cta, i) => report('home.json', `${locale}.ctas[${i}].link`, cta.link));
    for (const [file, where, blocks] of richTexts(c, locale)) {
      blocks.forEach((block, i) => {
        if (block.type === 'link') report(file, `${where}[${i}].link`, block.link);
      });
    }
  }
  // One link serves every locale, so it cannot name a slug, which differs per locale.
  const shared = c.notification?.link;
  if (shared && 'route' in shared && Object.keys(shared.params ?? {}).length > 0) {
    problems.push('notification.json: link.params: the notification link is shared by all locales and cannot carry slugs');
  }
  return problems;
}

/** Every rich text of the seed in a locale: the file, where in it, and its blocks. */
function richTexts(c: Content, locale: Locale): [string, string, readonly Block[]][] {
  return [
    ['home.json', `${locale}.intro`, c.home[locale].intro],
    ...c.categories.map((x): [string, string, Block[]] => ['categories.json', `${x.key}.${locale}.body`, x[locale].body]),
    ...c.products.map((x): [string, string, Block[]] => ['products.json', `${x.key}.${locale}.body`, x[locale].body]),
    ...c.articles.map((x): [string, string, Block[]] => ['articles.json', `${x.key}.${locale}.body`, x[locale].body]),
    ...c.pages.map((x): [string, string, Block[]] => ['pages.json', `${x.key}.${locale}.body`, x[locale].body]),
    ...c.faq.flatMap((cat) => cat.items.map((x): [string, string, Block[]] => ['faq.json', `${cat.key}.${x.key}.${locale}.answer`, x[locale].answer])),
  ];
}

type Params = Record<string, string>;

function linkChecker(c: Content, locale: Locale): (link: Link) => string | undefined {
  const slugs = <T extends Record<Locale, { slug: string }>>(items: T[]) => new Set(items.map((x) => x[locale].slug));
  const products = slugs(c.products);
  const catalog = new Set([...slugs(c.categories), ...products]);
  const pages = slugs(c.pages);
  const faqItems = slugs(c.faq.flatMap((category) => category.items));
  const articleCategories = new Map(c.articleCategories.map((x) => [x.key, x[locale].slug]));
  const articleCategoryOf = new Map(c.articles.map((a) => [a[locale].slug, articleCategories.get(a.category)]));

  const known = (set: Set<string>, what: string) => (params: Params) =>
    params.slug === undefined || set.has(params.slug) ? undefined : `no ${what} has the ${locale} slug "${params.slug}"`;
  const targets: Partial<Record<RouteName, (params: Params) => string | undefined>> = {
    slug: known(catalog, 'product or category'),
    product: known(products, 'product'),
    page: known(pages, 'page'),
    faqItem: known(faqItems, 'FAQ item'),
    blog: ({ category }) =>
      category === undefined || [...articleCategories.values()].includes(category) ? undefined : `no article category has the ${locale} slug "${category}"`,
    blogArticle: ({ category, slug }) => {
      if (slug === undefined || !articleCategoryOf.has(slug)) return `no article has the ${locale} slug "${slug}"`;
      const expected = articleCategoryOf.get(slug);
      return category === expected ? undefined : `article "${slug}" is in category "${expected}", not "${category}"`;
    },
  };

  return (link) => {
    if ('url' in link) return undefined;
    const route = link.route as RouteName;
    const params = link.params ?? {};
    const names = [...routePattern(route, locale).matchAll(/:(\w+)/g)].map((m) => m[1]);
    const unknown = Object.keys(params).filter((name) => !names.includes(name));
    if (unknown.length > 0) return `route '${route}' has no parameter ${unknown.join(', ')}`;
    try {
      pathTo(route, locale, params);
    } catch (error) {
      return (error as Error).message;
    }
    return targets[route]?.(params);
  };
}
