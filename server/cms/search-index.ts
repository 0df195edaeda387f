import type { Db } from './db';

/** The words of a rich-text column: every block's text and list items, in order. */
const blockText = (column: string) => `(
  SELECT group_concat(coalesce(json_extract(b.value, '$.text'),
    (SELECT group_concat(i.value, ' ') FROM json_each(b.value, '$.items') i)), ' ')
  FROM json_each(${column}) b)`;

const listText = (column: string) => `(SELECT group_concat(value, ' ') FROM json_each(${column}))`;

/**
 * Rebuilds the search index from the content tables; the import calls it inside its transaction, so
 * the index never disagrees with the content it describes. The SQL reads the stored JSON directly.
 */
export function rebuildSearchIndex(db: Db): void {
  db.exec(`
    DELETE FROM search_index;
    INSERT INTO search_index (kind, entity_id, locale, title, body)
      SELECT 'article', article_id, locale, title, concat_ws(' ', excerpt, ${blockText('body')})
      FROM article_translations;
    INSERT INTO search_index (kind, entity_id, locale, title, body)
      SELECT 'product', product_id, locale, title,
        concat_ws(' ', summary, ${listText('features')}, ${blockText('body')})
      FROM product_translations;
    INSERT INTO search_index (kind, entity_id, locale, title, body)
      SELECT 'category', category_id, locale, title, concat_ws(' ', summary, ${blockText('body')})
      FROM category_translations;
    INSERT INTO search_index (kind, entity_id, locale, title, body)
      SELECT 'page', page_id, locale, title, ${blockText('body')}
      FROM page_translations;
  `);
}
