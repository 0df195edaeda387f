import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type PageData = { page: c.Page };

/** A content page (the legal pages among them: LEGAL_PAGE_SLUGS in shared/routes.ts). */
export default defineScreen<PageData>()({
  path: { sl: '/stran/:slug', en: '/page/:slug', de: '/seite/:slug' },
  page: 'content-page',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
