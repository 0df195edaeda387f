import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type ProductData = { product: c.Product };

/** A product. */
export default defineScreen<ProductData>()({
  path: { sl: '/izdelek/:slug', en: '/product/:slug', de: '/produkt/:slug' },
  page: 'product',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
