import type { Locale } from '../../../shared/locales';

/**
 * Words too common to require (folded, as `fold` leaves them). Every word of a query must match, so
 * "how to clean blinds" would otherwise find only the items that also say "how" and "to". A query of
 * stop words only is searched as it is. Short on purpose: question words, articles, prepositions,
 * conjunctions and the pronouns of a question; never a word that names something on the site.
 */
const STOP_WORDS: Record<Locale, ReadonlySet<string>> = {
  sl: new Set([
    'in', 'ali', 'pa', 'ter', 'tudi', 'je', 'so', 'sem', 'si', 'se', 'ne', 'da', 'ki', 'ko', 'ce', 'za',
    'na', 'v', 'vi', 'z', 's', 'k', 'h', 'o', 'po', 'pri', 'od', 'do', 'iz', 'kako', 'kaj', 'kje', 'kdaj',
    'zakaj', 'koliko', 'kateri', 'katera', 'katero', 'moj', 'moja', 'moje', 'naj', 'lahko',
  ]),
  en: new Set([
    'a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'is', 'are',
    'be', 'do', 'does', 'can', 'i', 'me', 'my', 'you', 'your', 'it', 'how', 'what', 'which', 'when',
    'where', 'why', 'who', 'should', 'will', 'not',
    // what is left of contractions (won't, doesn't, it's): the words are split at the apostrophe
    'won', 'don', 'doesn', 'isn', 'didn', 'can', 't', 's', 'll', 've', 're', 'd', 'm',
  ]),
  de: new Set([
    'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'und', 'oder',
    'fur', 'im', 'in', 'am', 'an', 'auf', 'mit', 'von', 'zu', 'zum', 'zur', 'bei', 'ist', 'sind', 'ich',
    'mein', 'meine', 'sie', 'wie', 'was', 'wann', 'wo', 'welche', 'welcher', 'kann', 'nicht', 'es', 'sich',
  ]),
};

export function isStopWord(locale: Locale, foldedWord: string): boolean {
  return STOP_WORDS[locale].has(foldedWord);
}
