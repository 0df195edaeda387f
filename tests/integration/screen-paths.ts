import type { Server } from 'node:http';
import request from 'supertest';
import type * as c from '../../shared/api/contract';
import type { Locale } from '../../shared/locales';
import { LEGAL_PAGE_SLUGS, pathTo, type RouteName, inquiryPath } from '../../shared/routes';

/**
 * A real path of every screen in a locale, with slugs read from the site's own page payloads, for
 * the tests that go through every screen (screens.test.ts, html-validity.test.ts). `profile` is a
 * signed-in screen: without a session it redirects to the login; `accountDelete` is shown as the
 * confirmation a deleted account's visitor sees.
 */
export async function screenPaths(server: Server, locale: Locale): Promise<Record<RouteName, string>> {
  const payload = async (path: string) => (await request(server).get(`${path}/_payload.json`)).body as { loaderData: Record<string, any> };
  const categories = (await payload(pathTo('categories', locale))).loaderData[`categories___${locale}`] as {
    categories: c.Category[];
    products: Record<number, c.ProductSummary[]>;
  };
  const category = categories.categories[0]!;
  const product = categories.products[category.id]![0]!;
  const blog = (await payload(pathTo('blog', locale))).loaderData[`blog___${locale}`] as { list: c.ArticleList };
  const article = blog.list.items[0]!;
  const faq = (await payload(pathTo('faq', locale))).loaderData[`faq___${locale}`] as { faq: c.Faq };
  const item = faq.faq.categories[0]!.items[0]!;
  return {
    index: pathTo('index', locale),
    blog: pathTo('blog', locale, { category: article.category.slug }),
    blogArticle: pathTo('blogArticle', locale, { category: article.category.slug, slug: article.slug }),
    b2b: pathTo('b2b', locale),
    contact: pathTo('contact', locale),
    imprint: pathTo('imprint', locale),
    faq: pathTo('faq', locale),
    faqItem: pathTo('faqItem', locale, { slug: item.slug }),
    product: pathTo('product', locale, { slug: product.slug }),
    categories: pathTo('categories', locale),
    page: pathTo('page', locale, { slug: LEGAL_PAGE_SLUGS.privacy[locale] }),
    search: `${pathTo('search', locale)}?q=${encodeURIComponent(product.title.split(' ')[0]!)}`,
    login: pathTo('login', locale),
    register: pathTo('register', locale),
    verify: pathTo('verify', locale),
    passwordReset: pathTo('passwordReset', locale),
    profile: pathTo('profile', locale),
    verifyEmail: pathTo('verifyEmail', locale),
    // Signed out, the screen shows only its confirmation.
    accountDelete: `${pathTo('accountDelete', locale)}?deleted=1`,
    slug: pathTo('slug', locale, { slug: category.slug }),
    // The form a product family's call to action opens, its offer type chosen.
    inquiry: inquiryPath(locale, { step: 1, offerType: category.offerType }),
    service: pathTo('service', locale),
    newsletter: pathTo('newsletter', locale),
    newsletterConfirm: pathTo('newsletterConfirm', locale),
    newsletterUnsubscribe: pathTo('newsletterUnsubscribe', locale),
  };
}
