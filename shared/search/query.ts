import type { Locale } from '../locales';
import { fold, stem, wordsOf } from './analyzer';
import { isStopWord } from './stop-words';

/** Words of a query that are searched; the rest of a pasted paragraph is ignored. */
export const MAX_WORDS = 8;

/**
 * A stem this long is matched as the start of a word; a shorter one only whole, or `cena` (price,
 * stem `cen`) would find every `centimeter`. A word the stemmer left as it was may be one still
 * being typed, so its stem is a prefix at any length.
 */
const MIN_PREFIX_STEM = 4;

/**
 * One word of a query, and the ways a text may match it (any one is enough):
 * - `prefixes`: a folded spelling as the start of a word of the text, for the word being typed
 *   (`rol` finds `rolete`) and for the text's longer forms of it;
 * - `stems`: the word's stem, as the start of (or, when short, equal to) a word or a word's stem of
 *   the text: `garažnih` (stem `garaz`) finds `garaža` (stem `garaz`), `blinds` finds `blind`.
 */
export type QueryTerm = {
  prefixes: string[];
  stems: { stem: string; prefix: boolean }[];
};

/**
 * A visitor's query as terms, every one of which a match must satisfy. Stop words are dropped unless
 * the query has nothing else. The terms hold only letters and digits: no input can become query syntax.
 */
export function queryTerms(locale: Locale, query: string): QueryTerm[] {
  const words = wordsOf(query).slice(0, MAX_WORDS);
  const meaningful = words.filter((word) => !isStopWord(locale, fold(word)));
  return (meaningful.length > 0 ? meaningful : words).map((word) => {
    const spellings = locale === 'de' ? germanSpellings(word) : [word];
    const prefixes = unique(spellings.map(fold));
    const stems = unique(spellings.map((spelling) => stem(locale, spelling)));
    return {
      prefixes,
      stems: stems.map((s) => ({ stem: s, prefix: s.length >= MIN_PREFIX_STEM || prefixes.includes(s) })),
    };
  });
}

/** German typed without umlaut keys (`Rolllaeden`), the way the site's own slugs are written. */
function germanSpellings(word: string): string[] {
  return unique([word, word.replace(/([aou])e/g, (_, vowel: string) => `${vowel}\u0308`).normalize('NFC')]);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
