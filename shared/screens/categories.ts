import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type CategoriesData = { categories: c.Category[]; products: Record<number, c.ProductSummary[]> };

/** Every product category with its products. */
export default defineScreen<CategoriesData>()({
  path: { sl: '/kategorije', en: '/categories', de: '/kategorien' },
  page: 'categories',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
