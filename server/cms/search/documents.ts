import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { published, publicationParams, type PublicationParams } from '../publication';

/** What the search engine indexes, read from the database's current content (not from the seed files). */

export const SEARCH_KINDS = ['product', 'category', 'article', 'page', 'faq'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * One searchable entity in one locale. `title` is a product's, category's, article's or page's title or
 * an FAQ item's question; `summary` its summary or excerpt (and a product's features); `body` its
 * rich text (an FAQ item's answer). They are weighed in that order.
 */
export type SearchDocument = { kind: SearchKind; entityId: number; locale: Locale; title: string; summary: string; body: string };

/** The words of a rich-text column: every block's text and list items, in order. */
const blockText = (column: string) => `coalesce((
  SELECT group_concat(coalesce(json_extract(b.value, '$.text'),
    (SELECT group_concat(i.value, ' ') FROM json_each(b.value, '$.items') i)), ' ')
  FROM json_each(${column}) b), '')`;

const listText = (column: string) => `coalesce((SELECT group_concat(value, ' ') FROM json_each(${column})), '')`;

const SEARCHABLE = `
  SELECT 'product' AS kind, product_id AS entityId, locale, title,
    concat_ws(' ', summary, ${listText('features')}) AS summary, ${blockText('body')} AS body
  FROM product_translations
  UNION ALL
  SELECT 'category', category_id, locale, title, summary, ${blockText('body')}
  FROM category_translations
  UNION ALL
  SELECT 'article', t.article_id, t.locale, t.title, t.excerpt, ${blockText('t.body')}
  FROM article_translations t JOIN articles a ON a.id = t.article_id WHERE ${published('a')}
  UNION ALL
  SELECT 'page', page_id, locale, title, '', ${blockText('body')}
  FROM page_translations
  UNION ALL
  SELECT 'faq', faq_item_id, locale, question, '', ${blockText('answer')}
  FROM faq_item_translations`;

/** What visitors may find at `at`: an article only once it is out (publication.ts). */
export function searchDocuments(db: Db, locale: Locale, at: Date): SearchDocument[] {
  return db
    .prepare<{ locale: Locale } & PublicationParams, SearchDocument>(`SELECT * FROM (${SEARCHABLE}) WHERE locale = @locale`)
    .all({ locale, ...publicationParams(at) });
}

/** The company's synonym file of a locale (content/synonyms/), as imported. */
export function synonymText(db: Db, locale: Locale): string {
  return db.prepare<[Locale], { rules: string }>('SELECT rules FROM search_synonyms WHERE locale = ?').get(locale)?.rules ?? '';
}
