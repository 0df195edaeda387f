import type * as c from '../api/contract';
import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

export type BlogArticleData = { article: c.Article };

/** One article of the blog, under its category. */
export default defineScreen<BlogArticleData>()({
  path: '/blog/:category/:slug',
  page: 'blog-article',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
