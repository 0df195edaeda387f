import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import type { Locale } from '../../../shared/locales';
import { slovenianStem } from './slovenian-stemmer';

/**
 * Text to words, folded spellings and stems: one analyzer for the documents the search engine indexes
 * and for the queries it answers (engine.ts), so a word is read the same way on both sides.
 * docs/decisions/0007-search.md and 0037-search-engine.md say why it is built like this.
 */

/** The words of a text: letters and digits, lower case. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Lower case without diacritics (č -> c, ä -> a), and the letters that have no decomposition: đ -> d, ß -> ss. */
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
