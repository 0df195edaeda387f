import type * as c from '../api/contract';
import { FAQ_PATHS } from './faq-paths';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type FaqItemData = { item: c.FaqItem; faq: c.Faq };

/** One question and its answer, under the FAQ's path. */
export default defineScreen<FaqItemData>()({
  path: { sl: `${FAQ_PATHS.sl}/:slug`, en: `${FAQ_PATHS.en}/:slug`, de: `${FAQ_PATHS.de}/:slug` },
  page: 'faq-item',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
