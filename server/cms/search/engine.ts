import type { Query } from 'minisearch';
import { LOCALES, type Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { nextPublicationReader } from '../publication';
import { contentVersionReader } from '../seed';
import { fold, wordsOf } from './analyzer';
import { searchDocuments, synonymText, SEARCH_KINDS, type SearchKind } from './documents';
import { excerptOf } from './excerpt';
import { buildLocaleIndex, type LocaleIndex, type StoredFields } from './locale-index';
import { conceptsOf, MAX_WORDS, type Concept } from './query';
import { closestSpelling } from './spelling';
import { isStopWord } from './stop-words';

/**
 * The content API's search engine (docs/decisions/0037-search-engine.md): one MiniSearch index per
 * locale over products, product families, articles, pages and FAQ answers, built in memory from the
 * database's current content and built again when the content version changes (an import, or an
 * edit that sets a new version) or an article dated in the future comes out, the first time a locale
 * is searched after it.
 *
 * Ranking: the items that match more of the query's words first (not every word must match), then by
 * BM25+ score, where a match in a title or question counts TITLE_BOOST times one in the body, and one
 * in a summary SUMMARY_BOOST times; the word's own form above another form of it, above a typo.
 */

/** Results per section: enough for the search page; the header box asks for fewer. */
export const PER_SECTION = 10;
const TITLE_BOOST = 12;
const SUMMARY_BOOST = 2;
const BOOST = { title: TITLE_BOOST, summary: SUMMARY_BOOST, body: 1 };

export type SectionHit = { entityId: number; excerpt: string };
export type SiteSearchHits = { sections: Record<SearchKind, SectionHit[]>; suggestion: string | null };
export type FaqSearchHits = { ids: number[]; suggestion: string | null };

/**
 * How well an entity matched a query: `coverage` adds up the query's words it matched (a compound's
 * parts in part), each weighed by how rare it is; `titleCoverage` those it matched in its title.
 */
type Ranked = StoredFields & { id: string; coverage: number; titleCoverage: number; score: number; terms: Set<string> };

export function searchEngine(db: Db, now: () => Date = () => new Date()) {
  /** `until`: when an article waiting to come out does, the index must be built again to hold it. */
  const built = new Map<Locale, { version: string | undefined; until: Date | null; index: LocaleIndex }>();
  const contentVersion = contentVersionReader(db);
  const nextPublication = nextPublicationReader(db, contentVersion);

  /** The locale's index of the content as it is now. */
  const indexOf = (locale: Locale): LocaleIndex => {
    const version = contentVersion();
    const at = now();
    let entry = built.get(locale);
    if (!entry || entry.version !== version || (entry.until && at >= entry.until)) {
      entry = { version, until: nextPublication(at), index: build(db, locale, at) };
      built.set(locale, entry);
    }
    return entry.index;
  };

  return {
    /** Every section's best matches, and a spelling to suggest when there is none. */
    search(locale: Locale, query: string, perSection = PER_SECTION): SiteSearchHits {
      const index = indexOf(locale);
      const ranked = rank(index, conceptsOf(index, query));
      const sections = Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, [] as SectionHit[]])) as SiteSearchHits['sections'];
      for (const hit of ranked) {
        const section = sections[hit.kind];
        if (section.length < perSection) section.push({ entityId: hit.entityId, excerpt: excerpt(index, hit) });
      }
      const suggestion = ranked.length ? null : suggestionFor(index, query, (hits) => hits.length > 0);
      return { sections, suggestion };
    },

    /**
     * The FAQ items a filter of the FAQ list keeps: those that match the most of the query's words,
     * and of them, when some match in their question, only those (questions first, then answers).
     */
    faq(locale: Locale, query: string): FaqSearchHits {
      const index = indexOf(locale);
      const ranked = rank(index, conceptsOf(index, query)).filter((hit) => hit.kind === 'faq');
      if (ranked.length === 0) return { ids: [], suggestion: suggestionFor(index, query, (hits) => hits.some((hit) => hit.kind === 'faq')) };
      const best = ranked[0]!.coverage;
      const top = ranked.filter((hit) => hit.coverage === best);
      const inQuestion = top.filter((hit) => hit.titleCoverage === best);
      return { ids: (inQuestion.length ? inQuestion : top).map((hit) => hit.entityId), suggestion: null };
    },

    /** Builds every locale's index now, as a change of content leads to; how long it took, in ms. */
    rebuild(): number {
      const started = performance.now();
      built.clear();
      for (const locale of LOCALES) indexOf(locale);
      return performance.now() - started;
    },
  };
}

function build(db: Db, locale: Locale, at: Date): LocaleIndex {
  return buildLocaleIndex(locale, searchDocuments(db, locale, at), synonymText(db, locale));
}

type Match = StoredFields & { score: number; inTitle: boolean; terms: string[] };

function matches(index: LocaleIndex, query: Query): Map<string, Match> {
  const found = new Map<string, Match>();
  for (const result of index.miniSearch.search(query, { boost: BOOST })) {
    const inTitle = Object.values(result.match).some((fields) => fields.includes('title'));
    found.set(result.id as string, { kind: result.kind, entityId: result.entityId, score: result.score, inTitle, terms: result.terms });
  }
  return found;
}

/**
 * Every entity that matches at least one word, best first: by `coverage`, the words it matches, each
 * weighed by how few entities it matches (a word the whole site uses, `rolete` on a shutter maker's
 * site, says less about what is wanted than `cena`), then by score.
 */
function rank(index: LocaleIndex, concepts: Concept[]): Ranked[] {
  const ranked = new Map<string, Ranked>();
  const total = index.miniSearch.documentCount;
  for (const concept of concepts) {
    // Typos are looked for only when the word as typed (or another form of it) is not the copy's.
    let whole = matches(index, concept.whole);
    if (whole.size === 0 && concept.typos) whole = matches(index, concept.typos);
    const parts = concept.parts.map((part) => matches(index, part));
    const ids = new Set([...whole.keys(), ...parts.flatMap((part) => [...part.keys()])]);
    const weight = Math.log(1 + total / ids.size);
    for (const id of ids) {
      const own = whole.get(id);
      const found = parts.flatMap((part) => part.get(id) ?? []);
      const allParts = found.length === parts.length;
      const coverage = weight * (own || allParts ? 1 : found.length / parts.length);
      const inTitle = own ? own.inTitle : allParts && found.every((part) => part.inTitle);
      const score = (own?.score ?? 0) + found.reduce((sum, part) => sum + part.score, 0) / Math.max(1, parts.length);
      const first = own ?? found[0]!;
      const hit = ranked.get(id) ?? { kind: first.kind, entityId: first.entityId, id, coverage: 0, titleCoverage: 0, score: 0, terms: new Set() };
      hit.coverage += coverage;
      hit.titleCoverage += inTitle ? coverage : 0;
      hit.score += score;
      for (const term of [...(own?.terms ?? []), ...found.flatMap((part) => part.terms)]) hit.terms.add(term);
      ranked.set(id, hit);
    }
  }
  return [...ranked.values()].sort((a, b) => b.coverage - a.coverage || b.score - a.score);
}

function excerpt(index: LocaleIndex, hit: Ranked): string {
  const source = index.bodies.get(hit.id);
  return source ? excerptOf(source, hit.terms) : '';
}

/**
 * "Did you mean": the query with each word that is not the copy's own replaced by the copy's closest
 * spelling, offered only when it finds something (`finds`).
 */
function suggestionFor(index: LocaleIndex, query: string, finds: (hits: Ranked[]) => boolean): string | null {
  let changed = false;
  const words = wordsOf(query)
    .slice(0, MAX_WORDS)
    .map((word) => {
      if (isStopWord(index.locale, fold(word))) return word;
      const spelling = closestSpelling(index.vocabulary, word);
      if (!spelling || fold(spelling) === fold(word)) return word;
      changed = true;
      return spelling;
    });
  if (!changed) return null;
  const suggestion = words.join(' ');
  return finds(rank(index, conceptsOf(index, suggestion))) ? suggestion : null;
}
