import type { Sitemap, SitemapEntry, Slugs } from '../../../shared/api/contract';
import { LOCALES } from '../../../shared/locales';
import type { Db } from '../db';
import { published, publicationParams, type PublicationParams } from '../publication';
import { slugsColumn, slugsOf } from './rows';

/**
 * The sitemap: every content entity in every locale, as route-table screens (shared/api/contract.ts).
 * One answer for all locales, read from the base tables with each entity's slugs in every locale.
 */

type SlugsRow = { slugs: string; updated_at: string | null };
type ArticleRow = SlugsRow & { key: string; category_slugs: string };
type PageRow = SlugsRow & { key: string };

/** Content pages shown on a screen of their own rather than on `page` (loaders redirect them there). */
const PAGE_SCREENS: Readonly<Record<string, 'index' | 'b2b'>> = { home: 'index', b2b: 'b2b' };

export function sitemapQueries(db: Db, now: () => Date) {
  const products = db.prepare<[], SlugsRow>(`
    SELECT ${slugsColumn('product_translations', 'product_id', 'p.id')}, NULL AS updated_at
    FROM products p JOIN categories c ON c.id = p.category_id ORDER BY c.position, c.id, p.position, p.id`);
  const categories = db.prepare<[], SlugsRow>(`
    SELECT ${slugsColumn('category_translations', 'category_id', 'c.id')}, NULL AS updated_at
    FROM categories c ORDER BY c.position, c.id`);
  // A category's list changes when an article is published in it: its newest article dates it.
  const articleCategories = db.prepare<PublicationParams, SlugsRow>(`
    SELECT ${slugsColumn('article_category_translations', 'article_category_id', 'c.id')},
      (SELECT max(a.published_at) FROM articles a WHERE a.category_id = c.id AND ${published('a')}) AS updated_at
    FROM article_categories c ORDER BY c.position, c.id`);
  const articles = db.prepare<PublicationParams, ArticleRow>(`
    SELECT a.key, ${slugsColumn('article_translations', 'article_id', 'a.id')},
      (SELECT json_group_object(locale, slug) FROM article_category_translations
        WHERE article_category_id = a.category_id) AS category_slugs,
      a.published_at AS updated_at
    FROM articles a WHERE ${published('a')} ORDER BY a.published_at DESC, a.id DESC`);
  const faqItems = db.prepare<[], SlugsRow>(`
    SELECT ${slugsColumn('faq_item_translations', 'faq_item_id', 'i.id')}, NULL AS updated_at
    FROM faq_items i JOIN faq_categories c ON c.id = i.category_id ORDER BY c.position, c.id, i.position, i.id`);
  const pages = db.prepare<[], PageRow>(`
    SELECT p.key, ${slugsColumn('page_translations', 'page_id', 'p.id')}, p.updated_at FROM pages p ORDER BY p.id`);

  return {
    sitemap(): Sitemap {
      const at = publicationParams(now());
      const entries: SitemapEntry[] = [
        ...pages.all().map((row): SitemapEntry => {
          const screen = PAGE_SCREENS[row.key];
          return screen
            ? { route: screen, slugs: null, updatedAt: dateOf(row.updated_at) }
            : { route: 'page', slugs: slugsOf(row.slugs), updatedAt: dateOf(row.updated_at) };
        }),
        ...categories.all().map((row): SitemapEntry => ({ route: 'slug', slugs: slugsOf(row.slugs), updatedAt: null })),
        ...products.all().map((row): SitemapEntry => ({ route: 'product', slugs: slugsOf(row.slugs), updatedAt: null })),
        ...articleCategories.all(at).map((row): SitemapEntry => ({
          route: 'blog',
          slugs: null,
          params: categoryParams(slugsOf(row.slugs)),
          updatedAt: dateOf(row.updated_at),
        })),
        ...articles.all(at).map((row): SitemapEntry => ({
          route: 'blogArticle',
          key: row.key,
          slugs: slugsOf(row.slugs),
          params: categoryParams(slugsOf(row.category_slugs)),
          updatedAt: dateOf(row.updated_at),
        })),
        ...faqItems.all().map((row): SitemapEntry => ({ route: 'faqItem', slugs: slugsOf(row.slugs), updatedAt: null })),
      ];
      return { entries };
    },
  };
}

function categoryParams(slugs: Slugs): { [L in keyof Slugs]: { category: string } } {
  return Object.fromEntries(LOCALES.map((l) => [l, { category: slugs[l] }])) as { [L in keyof Slugs]: { category: string } };
}

/** The calendar day of a stored date or timestamp (`2024-03-12`, `2025-01-08T09:30:00.000Z`). */
function dateOf(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}
