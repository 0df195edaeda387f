import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type B2bData = { page: c.Page };

/** The page for business customers (the content page `b2b`). */
export default defineScreen<B2bData>()({
  path: '/b2b',
  page: 'b2b',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
