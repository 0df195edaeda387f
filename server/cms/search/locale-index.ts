import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { Locale } from '../../../shared/locales';
import { fold, stem, wordsOf } from './analyzer';
import { compoundSplitter, MIN_PART, type CompoundSplitter } from './compounds';
import type { ExcerptSource } from './excerpt';
import type { SearchDocument, SearchKind } from './documents';
import { isStopWord } from './stop-words';
import { synonymRules, synonymsIn } from './synonyms';

/**
 * One locale's search index: every searchable entity of the locale in a MiniSearch index whose terms
 * are, for every word of a text, its folded spelling and its stem, the parts of a German compound
 * (and their stems), and the words the synonym file adds where a text says one of its phrases. The
 * vocabulary (every folded word, with the spelling the copy uses most) is what a misspelt query is
 * corrected against ("did you mean") and, in German, the dictionary compounds are split with.
 */

const FIELDS = ['title', 'summary', 'body'] as const;

export type IndexedDocument = Omit<SearchDocument, 'locale'> & { id: string };
/** What a result carries besides its id. */
export type StoredFields = Pick<SearchDocument, 'kind' | 'entityId'>;

/** A folded word's most used spelling, how often the texts use the word, and that spelling. */
export type Spelling = { display: string; count: number; best: number };

export interface LocaleIndex {
  locale: Locale;
  miniSearch: MiniSearch<IndexedDocument>;
  /** Folded word -> the copy's most frequent spelling of it, and how often the texts use it. */
  vocabulary: SearchableMap<Spelling>;
  /** A word's stem (the copy's words' stems are remembered; a query's are not, or visitors would grow the map). */
  stemOf(word: string): string;
  splitCompound: CompoundSplitter;
  /** The texts of the entities whose answers quote them (an excerpt): pages and FAQ answers. */
  bodies: ReadonlyMap<string, ExcerptSource>;
}

/** Kinds whose result shows an excerpt of its body. */
const EXCERPTED: ReadonlySet<SearchKind> = new Set(['page', 'faq']);

export function buildLocaleIndex(locale: Locale, documents: readonly SearchDocument[], synonymText: string): LocaleIndex {
  const rules = synonymRules(locale, synonymText);
  const stems = new Map<string, string>();
  const stemOf = (word: string) => {
    let s = stems.get(word);
    if (s === undefined) stems.set(word, (s = stem(locale, word)));
    return s;
  };
  const folds = new Map<string, string>();
  const foldOf = (word: string) => {
    let f = folds.get(word);
    if (f === undefined) folds.set(word, (f = fold(word)));
    return f;
  };
  /**
   * A text's words and the words its synonyms add wherever it says one of their phrases, unless the
   * text says that word itself in some form: a synonym makes a text findable, it does not make it rank
   * above one that says the word.
   */
  const expandedWords = (text: string) => {
    const words = wordsOf(text);
    const stems = words.map(stemOf);
    const said = new Set(stems);
    return [...words, ...synonymsIn(rules, stems).filter((word) => !said.has(stemOf(word)))];
  };

  // Every text is read twice: for the vocabulary (which German compounds are split by), then for the
  // index. What is read is let go once the index is built.
  const read = new Map<string, string[]>();
  for (const doc of documents) for (const field of FIELDS) if (!read.has(doc[field])) read.set(doc[field], expandedWords(doc[field]));
  const vocabulary = vocabularyOf([...read.values()].flat(), foldOf);
  const dictionary = new Set<string>();
  for (const [word] of vocabulary) if (word.length >= MIN_PART && !isStopWord(locale, word)) dictionary.add(word);
  const splitCompound: CompoundSplitter = locale === 'de' ? compoundSplitter(dictionary) : () => null;

  const terms = new Map<string, readonly string[]>();
  const termsOfWord = (word: string): readonly string[] => {
    let list = terms.get(word);
    if (list === undefined) {
      const folded = foldOf(word);
      const parts = splitCompound(folded) ?? [];
      list = [...new Set([folded, stemOf(word), ...parts, ...parts.map(stemOf)])];
      terms.set(word, list);
    }
    return list;
  };

  const miniSearch = new MiniSearch<IndexedDocument>({
    fields: [...FIELDS],
    storeFields: ['kind', 'entityId'],
    tokenize: (text) => read.get(text)!.flatMap(termsOfWord),
    processTerm: (term) => term,
    // Queries are built as expression trees of terms already analysed (query.ts).
    searchOptions: { tokenize: (term) => [term], processTerm: (term) => term },
  });
  const bodies = new Map<string, ExcerptSource>();
  const excerptSource = (text: string): ExcerptSource => ({
    text,
    words: [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => {
      const word = match[0].toLowerCase();
      return { start: match.index, end: match.index + match[0].length, terms: [foldOf(word), stemOf(word)] };
    }),
  });
  for (const doc of documents) {
    const id = `${doc.kind}:${doc.entityId}`;
    miniSearch.add({ id, kind: doc.kind, entityId: doc.entityId, title: doc.title, summary: doc.summary, body: doc.body });
    if (EXCERPTED.has(doc.kind)) bodies.set(id, excerptSource(doc.body));
  }
  // The options keep the tokenizer, and with it these; queries are analysed without them (query.ts).
  read.clear();
  terms.clear();
  folds.clear();

  return { locale, miniSearch, vocabulary, stemOf: (word) => stems.get(word) ?? stem(locale, word), splitCompound, bodies };
}

function vocabularyOf(words: readonly string[], foldOf: (word: string) => string): SearchableMap<Spelling> {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const vocabulary = new SearchableMap<Spelling>();
  for (const [word, count] of counts) {
    const folded = foldOf(word);
    const known = vocabulary.get(folded);
    // The spelling the copy uses most is the one suggested.
    if (!known) vocabulary.set(folded, { display: word, count, best: count });
    else vocabulary.set(folded, { display: count > known.best ? word : known.display, count: known.count + count, best: Math.max(known.best, count) });
  }
  return vocabulary;
}
