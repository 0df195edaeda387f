import type { Locale } from '../../shared/locales';
import { stemsOf } from '../../shared/search/analyzer';
import type { Db } from './db';

/** The words of a rich-text column: every block's text and list items, in order. */
const blockText = (column: string) => `(
  SELECT group_concat(coalesce(json_extract(b.value, '$.text'),
    (SELECT group_concat(i.value, ' ') FROM json_each(b.value, '$.items') i)), ' ')
  FROM json_each(${column}) b)`;

const listText = (column: string) => `(SELECT group_concat(value, ' ') FROM json_each(${column}))`;

/** What is searchable of each entity, read from the stored JSON. */
const SEARCHABLE = `
  SELECT 'article' AS kind, article_id AS entity_id, locale, title,
    concat_ws(' ', excerpt, ${blockText('body')}) AS body
  FROM article_translations
  UNION ALL
  SELECT 'product', product_id, locale, title, concat_ws(' ', summary, ${listText('features')}, ${blockText('body')})
  FROM product_translations
  UNION ALL
  SELECT 'category', category_id, locale, title, concat_ws(' ', summary, ${blockText('body')})
  FROM category_translations
  UNION ALL
  SELECT 'page', page_id, locale, title, ${blockText('body')}
  FROM page_translations`;

type Searchable = { kind: string; entity_id: number; locale: Locale; title: string; body: string };

/**
 * Rebuilds the search index from the content tables; the import calls it inside its transaction, so
 * the index never disagrees with the content it describes. Stems come from the shared analyzer (the
 * FAQ filter in the browser uses the same), so they are computed here rather than in SQL.
 */
export function rebuildSearchIndex(db: Db): void {
  db.exec('DELETE FROM search_index');
  const insert = db.prepare(`
    INSERT INTO search_index (kind, entity_id, locale, title, body, title_stems, body_stems)
    VALUES (@kind, @entity_id, @locale, @title, @body, @title_stems, @body_stems)`);
  for (const row of db.prepare<[], Searchable>(SEARCHABLE).all()) {
    insert.run({ ...row, title_stems: stemsOf(row.locale, row.title), body_stems: stemsOf(row.locale, row.body) });
  }
}
