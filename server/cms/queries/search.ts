import type { SearchResults } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import { queryTerms, type QueryTerm } from '../../../shared/search/query';
import type { Db } from '../db';

/** Full-text matches per section, best first (the index is built by search-index.ts). */

/** Results per section: enough for the search page, and the header box shows the first few. */
const PER_SECTION = 10;
/** Excerpt length of a page hit, in words. */
const EXCERPT_WORDS = 24;

type SearchHits = {
  article: number[];
  product: number[];
  category: number[];
  pages: SearchResults['pages'];
};

type Kind = 'article' | 'product' | 'category';

// A title match counts ten times a body match, for the words and for their stems alike; the first
// three columns are not searched. A word in the query's own form matches a word and a stem column,
// so it ranks above another form of it, which matches only through the stem.
const RANK = 'bm25(search_index, 0, 0, 0, 10, 1, 10, 1)';

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
 * Visitor input becomes an FTS5 expression: one group per query term, all required (FTS5 reads no
 * implicit AND between parenthesised groups). A group matches a folded spelling as the start of a word
 * of the title or body, or the term's stem as the start of (short stems: equal to) a word or a stem.
 * Terms hold only letters and digits, and every string is quoted, so input never becomes query syntax.
 */
function toMatchExpression(query: string, locale: Locale): string | undefined {
  const terms = queryTerms(locale, query);
  if (terms.length === 0) return undefined;
  return terms.map(termExpression).join(' AND ');
}

function termExpression({ prefixes, stems }: QueryTerm): string {
  const words = prefixes.map((prefix) => `"${prefix}"*`);
  const stemmed = stems.map(({ stem, prefix }) => (prefix ? `"${stem}"*` : `"${stem}"`));
  return `({title body} : (${words.join(' OR ')}) OR {title body title_stems body_stems} : (${stemmed.join(' OR ')}))`;
}
