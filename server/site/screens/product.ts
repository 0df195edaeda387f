import type { TFunction } from 'i18next';
import type { Product } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { PageMeta } from '../../../shared/page-data';
import { pathTo } from '../../../shared/routes';
import { productLd } from '../../../shared/structured-data';
import { FRESHNESS } from '../cache-control';
import { bySlugs } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, slugParam, type ScreenModule, type ScreenResult } from '../routing/loaders';

/** A product's head and structured data, at its own address and at a family's (slug.ts). */
export function productMeta(t: TFunction, locale: Locale, product: Product): { meta: PageMeta; about: ScreenResult<'product' | 'slug'>['about'] } {
  return {
    meta: {
      ...product.seo,
      alternates: bySlugs('product', product.slugs),
      breadcrumb: breadcrumb(
        t,
        locale,
        { title: t('categories.title'), path: pathTo('categories', locale) },
        { title: product.category.title, path: pathTo('slug', locale, { slug: product.category.slug }) },
        { title: product.title },
      ),
      image: product.image,
      type: 'product',
    },
    about: (site, url) => [productLd(product, site, url)],
  };
}

/**
 * The server's half of the `product` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/product.ts; its page: client/pages/product.tsx.
 */
export default {
  async loader(args, locale) {
    const slug = slugParam(args);
    const product = await load(args.request, () => args.context.api.product(locale, slug));
    return { product, ...productMeta(args.context.t, locale, product) };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'product'>;
