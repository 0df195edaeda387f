import type { Article, ArticleCategory, ArticleList, ArticleSummary, Block } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { published, publicationParams, type PublicationParams } from '../publication';
import { fromJson, ID_IN_LIST, imageOf, inIdOrder, slugsColumn, slugsOf } from './rows';

/** Articles (the blog), newest first, and their categories; an article appears from its publishedAt on (publication.ts). */

type ArticleCategoryRow = { id: number; slug: string; slugs: string; title: string; description: string };
type ArticleSummaryRow = {
  id: number;
  category_id: number;
  slug: string;
  slugs: string;
  title: string;
  excerpt: string;
  published_at: string;
  image: string;
  image_alt: string;
};
type ArticleRow = ArticleSummaryRow & { author: string; seo_title: string; seo_description: string; body: string };

/** Articles shown beside one that names no related articles of its own. */
const RELATED_FALLBACK = 3;

const ARTICLE_CATEGORIES = `
  SELECT c.id, t.slug, ${slugsColumn('article_category_translations', 'article_category_id', 'c.id')}, t.title,
    t.description
  FROM article_categories c JOIN article_category_translations t ON t.article_category_id = c.id AND t.locale = @locale`;

const SUMMARY_COLUMNS = `a.id, a.category_id, t.slug, ${slugsColumn('article_translations', 'article_id', 'a.id')},
  t.title, t.excerpt, a.published_at, a.image, t.image_alt`;
const WITH_TRANSLATION = 'JOIN article_translations t ON t.article_id = a.id AND t.locale = @locale';
const NEWEST_FIRST = 'ORDER BY a.published_at DESC, a.id DESC';

export function articleQueries(db: Db, now: () => Date) {
  const categories = db.prepare<{ locale: Locale }, ArticleCategoryRow>(`${ARTICLE_CATEGORIES} ORDER BY c.position, c.id`);
  const categoryIdBySlug = db.prepare<{ locale: Locale; slug: string }, { id: number }>(
    `SELECT article_category_id AS id FROM article_category_translations WHERE locale = @locale AND slug = @slug`,
  );
  type Filter = { category: number | null } & PublicationParams;
  const page = db.prepare<{ locale: Locale; limit: number; offset: number } & Filter, ArticleSummaryRow>(`
    SELECT ${SUMMARY_COLUMNS} FROM articles a ${WITH_TRANSLATION}
    WHERE (@category IS NULL OR a.category_id = @category) AND ${published('a')} ${NEWEST_FIRST} LIMIT @limit OFFSET @offset`);
  const count = db.prepare<Filter, { total: number }>(
    `SELECT count(*) AS total FROM articles a WHERE (@category IS NULL OR a.category_id = @category) AND ${published('a')}`,
  );
  const bySlug = db.prepare<{ locale: Locale; slug: string } & PublicationParams, ArticleRow>(`
    SELECT ${SUMMARY_COLUMNS}, t.author, t.seo_title, t.seo_description, t.body
    FROM articles a ${WITH_TRANSLATION} WHERE t.slug = @slug AND ${published('a')}`);
  const byIds = db.prepare<{ locale: Locale; ids: string } & PublicationParams, ArticleSummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM articles a ${WITH_TRANSLATION} WHERE a.id ${ID_IN_LIST} AND ${published('a')}`,
  );
  const related = db.prepare<{ locale: Locale; id: number } & PublicationParams, ArticleSummaryRow>(`
    SELECT ${SUMMARY_COLUMNS} FROM article_related r JOIN articles a ON a.id = r.related_id ${WITH_TRANSLATION}
    WHERE r.article_id = @id AND ${published('a')} ORDER BY r.position`);
  const sameCategory = db.prepare<{ locale: Locale; id: number; category: number; limit: number } & PublicationParams, ArticleSummaryRow>(`
    SELECT ${SUMMARY_COLUMNS} FROM articles a ${WITH_TRANSLATION}
    WHERE a.category_id = @category AND a.id <> @id AND ${published('a')} ${NEWEST_FIRST} LIMIT @limit`);

  /** Summaries carry their category; the few categories are read once per answer. */
  const summarize = (locale: Locale, rows: ArticleSummaryRow[]): ArticleSummary[] => {
    const byId = new Map(categories.all({ locale }).map((row) => [row.id, toArticleCategory(row)]));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      slugs: slugsOf(row.slugs),
      title: row.title,
      excerpt: row.excerpt,
      publishedAt: row.published_at,
      image: imageOf(row.image, row.image_alt),
      category: byId.get(row.category_id)!,
    }));
  };

  return {
    categories(locale: Locale): ArticleCategory[] {
      return categories.all({ locale }).map(toArticleCategory);
    },

    /** Undefined when `categorySlug` names no category in this locale. */
    list(locale: Locale, { categorySlug, page: pageNumber, perPage }: ArticleListQuery): ArticleList | undefined {
      let category: number | null = null;
      if (categorySlug !== undefined) {
        const found = categoryIdBySlug.get({ locale, slug: categorySlug });
        if (!found) return undefined;
        category = found.id;
      }
      const at = publicationParams(now());
      const rows = page.all({ locale, category, limit: perPage, offset: (pageNumber - 1) * perPage, ...at });
      return { items: summarize(locale, rows), total: count.get({ category, ...at })!.total, page: pageNumber, perPage };
    },

    byIds(locale: Locale, ids: number[]): ArticleSummary[] {
      return summarize(locale, inIdOrder(byIds.all({ locale, ids: JSON.stringify(ids), ...publicationParams(now()) }), ids));
    },

    article(locale: Locale, slug: string): Article | undefined {
      const at = publicationParams(now());
      const row = bySlug.get({ locale, slug, ...at });
      if (!row) return undefined;
      let relatedRows = related.all({ locale, id: row.id, ...at });
      if (relatedRows.length === 0) {
        relatedRows = sameCategory.all({ locale, id: row.id, category: row.category_id, limit: RELATED_FALLBACK, ...at });
      }
      const [summary] = summarize(locale, [row]);
      return {
        ...summary!,
        seo: { title: row.seo_title, description: row.seo_description },
        author: row.author,
        body: fromJson<Block[]>(row.body),
        related: summarize(locale, relatedRows),
      };
    },
  };
}

export type ArticleListQuery = { categorySlug?: string; page: number; perPage: number };

function toArticleCategory(row: ArticleCategoryRow): ArticleCategory {
  return { id: row.id, slug: row.slug, slugs: slugsOf(row.slugs), title: row.title, description: row.description };
}
