import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type IndexData = { home: c.Home };

/** The home page. */
export default defineScreen<IndexData>()({
  path: '',
  page: 'home',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
