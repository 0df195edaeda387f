import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import type { Locale } from '../locales';
import { slovenianStem } from './slovenian-stemmer';

/**
 * Text to search terms, one analyzer for the site search index (server/cms/search-index.ts), its
 * queries (query.ts) and the FAQ filter, so a word is read the same way wherever it is searched.
 * docs/decisions/0007-search.md says why it is built like this.
 *
 * Raise ANALYZER_VERSION whenever a rule here or the stemmer package changes what a word becomes:
 * the content version includes it, so every data folder rebuilds its index at the next start.
 */
export const ANALYZER_VERSION = 1;

/** The words of a text as the index's tokenizer (FTS5 unicode61) splits it: letters and digits, lower case. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Lower case without diacritics (č -> c, ä -> a), as FTS5's `remove_diacritics 2` folds, and the
 * letters that have no decomposition: đ -> d, ß -> ss.
 */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/đ/g, 'd').replace(/ß/g, 'ss');
}

/** The folded stem of a word (from wordsOf) in a locale's language; numbers and codes stay as they are. */
export function stem(locale: Locale, word: string): string {
  if (/\p{N}/u.test(word)) return fold(word);
  switch (locale) {
    case 'sl':
      return slovenianStem(fold(word));
    case 'en':
      return englishStemmer(fold(word));
    case 'de':
      // Snowball's German stemmer reads umlauts and ß itself, so it gets the word unfolded. Three
      // equal letters become two, so the spelling before the 1996 reform (Rolladen) meets today's
      // (Rollladen).
      return fold(germanStemmer(word)).replace(/(\p{L})\1\1/gu, '$1$1');
  }
}

/** The stems of a text, space-separated: what the index's stem columns hold. */
export function stemsOf(locale: Locale, text: string): string {
  return wordsOf(text)
    .map((word) => stem(locale, word))
    .join(' ');
}
