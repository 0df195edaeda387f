import type { SearchResults } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';

/** Full-text matches per section, best first (the index is built by search-index.ts). */

/** Results per section: enough for the search page, and the header box shows the first few. */
const PER_SECTION = 10;
/** Words of a query that are searched; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 8;
/** Excerpt length of a page hit, in words. */
const EXCERPT_WORDS = 24;

type SearchHits = {
  article: number[];
  product: number[];
  category: number[];
  pages: SearchResults['pages'];
};

type Kind = 'article' | 'product' | 'category';

// A title match counts ten times a body match; the first three columns are not searched.
const RANK = 'bm25(search_index, 0, 0, 0, 10, 1)';

export function searchQueries(db: Db) {
  const ids = db.prepare<{ match: string; kind: Kind; locale: Locale; limit: number }, { id: number }>(`
    SELECT entity_id AS id FROM search_index
    WHERE search_index MATCH @match AND kind = @kind AND locale = @locale ORDER BY ${RANK} LIMIT @limit`);
  const pages = db.prepare<{ match: string; locale: Locale; limit: number }, SearchResults['pages'][number]>(`
    SELECT p.key, t.slug, t.title, snippet(search_index, 4, '', '', '…', ${EXCERPT_WORDS}) AS excerpt
    FROM search_index s
      JOIN pages p ON p.id = s.entity_id
      JOIN page_translations t ON t.page_id = p.id AND t.locale = s.locale
    WHERE search_index MATCH @match AND s.kind = 'page' AND s.locale = @locale ORDER BY ${RANK} LIMIT @limit`);

  return {
    find(locale: Locale, query: string): SearchHits {
      const match = toMatchExpression(query, locale);
      if (!match) return { article: [], product: [], category: [], pages: [] };
      const hits = (kind: Kind) => ids.all({ match, kind, locale, limit: PER_SECTION }).map((row) => row.id);
      return {
        article: hits('article'),
        product: hits('product'),
        category: hits('category'),
        pages: pages.all({ match, locale, limit: PER_SECTION }),
      };
    },
  };
}

/**
 * Visitor input becomes an FTS5 expression of quoted prefix terms, all required: the quotes keep
 * words like OR, NEAR or a stray `"` from being read as query syntax, and the prefix makes the
 * header box useful while a word is still being typed.
 */
function toMatchExpression(query: string, locale: Locale): string | undefined {
  const words = query.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
  if (words.length === 0) return undefined;
  return words
    .map((word) => {
      const spellings = locale === 'de' ? germanSpellings(word) : [word];
      return `(${spellings.map((spelling) => `"${spelling}"*`).join(' OR ')})`;
    })
    .join(' AND '); // FTS5 reads no implicit AND between parenthesised groups
}

/**
 * German typed without umlaut keys ('Rolllaeden', 'Strasse'), the way the site's own slugs are
 * written. The index folds ä to a, so 'ae' is also tried as 'a'; ß is not folded, so 'ss' is tried as 'ß'.
 */
function germanSpellings(word: string): string[] {
  const withoutE = word.replace(/([aou])e/g, '$1');
  return [...new Set([word, withoutE, word.replace(/ss/g, 'ß')])];
}
