import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type SlugData = { target: c.SlugTarget };

/** A product category or a product family at a path of one segment. */
export default defineScreen<SlugData>()({
  path: '/:slug',
  page: 'slug',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
