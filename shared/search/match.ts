import type { Locale } from '../locales';
import { fold, stem, wordsOf } from './analyzer';
import type { QueryTerm } from './query';

/**
 * Whether a short text (an FAQ question) matches every term, by the rules the site search's index
 * applies (see QueryTerm), for lists filtered in the browser without the index.
 */
export function matchesAll(locale: Locale, terms: QueryTerm[], text: string): boolean {
  const words = wordsOf(text);
  const folded = words.map(fold);
  const stemmed = [...folded, ...words.map((word) => stem(locale, word))];
  return terms.every(
    (term) =>
      term.prefixes.some((prefix) => folded.some((word) => word.startsWith(prefix))) ||
      term.stems.some(({ stem: s, prefix }) => stemmed.some((word) => (prefix ? word.startsWith(s) : word === s))),
  );
}
