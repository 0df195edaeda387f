import type { Query } from 'minisearch';
import { fold, wordsOf } from './analyzer';
import type { LocaleIndex } from './locale-index';
import { isStopWord } from './stop-words';

/** Words of a query that are searched; the rest of a pasted paragraph is ignored. */
export const MAX_WORDS = 8;

/**
 * A stem this long is matched as the start of a term; a shorter one only whole, or `cena` (price,
 * stem `cen`) would find every `centimeter`. A word the stemmer left as it was may be one still
 * being typed, so its stem is a prefix at any length.
 */
const MIN_PREFIX_STEM = 4;

/** A word found with two letters swapped weighs as MiniSearch weighs a fuzzy match (its default weight). */
const SWAP_WEIGHT = 0.45;

/**
 * Typos forgiven: one edit (a letter missing, extra or wrong) from 5 letters, two from 9. Two letters
 * swapped count as one edit too (`awnign`), though MiniSearch's edit distance counts them as two.
 */
export function typosForgiven(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * One meaningful word of a query, as index queries (MiniSearch expression trees of analysed terms):
 * - `whole`: the word itself, any of which matches: its folded spelling as the start of a term (the
 *   word being typed, and the text's longer forms of it), and its stem as the start of (short stems:
 *   equal to) a term; in German also with ae/oe/ue read as umlauts;
 * - `typos`: the folded spelling within the typos forgiven, for when `whole` finds nothing;
 * - `parts`: a German compound's parts (`Insektenschutzgitter`: `insektenschutz`, `gitter`), each
 *   matched by its spelling or stem. A text with all of them matches the word as its whole does; one
 *   with some of them, in part.
 */
export type Concept = { word: string; whole: Query; typos: Query | null; parts: Query[] };

/**
 * A visitor's query as concepts. Stop words (question words, articles, prepositions) are dropped
 * unless the query has nothing else. The terms hold only letters and digits, and MiniSearch reads
 * them as terms, never as syntax.
 */
export function conceptsOf(index: LocaleIndex, query: string): Concept[] {
  const words = wordsOf(query).slice(0, MAX_WORDS);
  const meaningful = words.filter((word) => !isStopWord(index.locale, fold(word)));
  return (meaningful.length > 0 ? meaningful : words).map((word) => conceptOf(index, word));
}

function conceptOf(index: LocaleIndex, word: string): Concept {
  const spellings = index.locale === 'de' ? germanSpellings(word) : [word];
  const alternatives: Query[] = [];
  const typos: Query[] = [];
  const parts = new Map<string, Query>();
  for (const spelling of spellings) {
    const folded = fold(spelling);
    const stem = index.stemOf(spelling);
    // A single letter is no start of a word worth expanding (every term with that letter, slowly).
    alternatives.push({ queries: [folded], prefix: folded.length > 1 });
    if (stem !== folded) alternatives.push({ queries: [stem], prefix: stem.length >= MIN_PREFIX_STEM });
    const forgiven = typosForgiven(folded);
    if (forgiven) {
      typos.push({ queries: [folded], fuzzy: forgiven });
      const swapped = swaps(folded).filter((word) => index.vocabulary.has(word));
      if (swapped.length) typos.push({ queries: swapped, boostTerm: () => SWAP_WEIGHT });
    }
    for (const part of index.splitCompound(folded) ?? []) {
      if (!parts.has(part)) parts.set(part, { queries: [...new Set([part, index.stemOf(part)])], combineWith: 'OR' });
    }
  }
  return {
    word,
    whole: { queries: alternatives, combineWith: 'OR' },
    typos: typos.length ? { queries: typos, combineWith: 'OR' } : null,
    parts: [...parts.values()],
  };
}

/** The spellings of a word with two neighbouring letters swapped. */
function swaps(word: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i < word.length - 1; i++) {
    if (word[i] !== word[i + 1]) found.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...found];
}

/** German typed without umlaut keys (`Rolllaeden`), the way the site's own slugs are written. */
function germanSpellings(word: string): string[] {
  return [...new Set([word, word.replace(/([aou])e/g, (_, vowel: string) => `${vowel}\u0308`).normalize('NFC')])];
}
