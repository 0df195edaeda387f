import type * as c from '../api/contract';
import type { FaqFilter } from '../api/bff';
import { FAQ_PATHS } from './faq-paths';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

/** `filter`: what the address's `?q=` kept, or null without one. */
export type FaqData = { faq: c.Faq; filter: FaqFilter | null };

/** The frequently asked questions; `?q=` filters them. */
export default defineScreen<FaqData>()({
  path: FAQ_PATHS,
  page: 'faq',
  traits: { ...CONTENT, query: { q: 'input' } },
  namespaces: NO_NAMESPACES,
});
