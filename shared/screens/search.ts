import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type SearchData = { query: string; results: c.SearchResults | null };

/** The site search's results (`?q=`). */
export default defineScreen<SearchData>()({
  path: { sl: '/iskanje', en: '/search', de: '/suche' },
  page: 'search',
  // Results are no page of their own: crawled for their links, never indexed or listed.
  traits: { ...CONTENT, indexed: false, inSitemap: false, query: { q: 'input' } },
  namespaces: NO_NAMESPACES,
});
