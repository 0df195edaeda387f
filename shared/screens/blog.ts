import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type BlogData = { list: c.ArticleList; category: c.ArticleCategory | null };

/** The blog: every article, or a category's; `?page=` is the page of the list. */
export default defineScreen<BlogData>()({
  path: '/blog/:category?',
  page: 'blog-list',
  traits: { ...CONTENT, query: { page: 'listPage' } },
  namespaces: NO_NAMESPACES,
});
