import type { Locale } from '../../../shared/locales';
import { stem, wordsOf } from './analyzer';

/**
 * The company's synonym files (content/synonyms/{sl,en,de}.txt, in the manner of Solr's and
 * Elasticsearch's synonym files; content/README.md shows the format to the people who extend them):
 *
 *   # a comment
 *   Fliegengitter, Insektenschutz, Mückengitter      words that mean the same: each finds the others
 *   cena, cenik, koliko stane => ponudba              one way: a search for a word on the left also
 *                                                     finds the texts that say a word on the right
 *
 * A word or phrase is matched in any of its forms (by its stems), so `Fliegengittern` is `Fliegengitter`.
 * The engine applies them to the texts it indexes (a text that says `Insektenschutz` is also found by
 * `Fliegengitter`), which is why a word typed halfway or with a typo finds its synonyms too.
 */

/** Where a phrase (the stems of its words) appears in a text, the words to index beside it. */
export type Expansion = { when: readonly string[]; add: readonly string[] };

export type SynonymRules = {
  /** Expansions by the stem of their phrase's first word. */
  byFirstStem: ReadonlyMap<string, readonly Expansion[]>;
};

export type ParsedSynonyms = { groups: { from: string[][]; to: string[][] | null }[]; problems: string[] };

/** Reads a synonym file: every line a group; `problems` names each line that is not one (the import refuses them). */
export function parseSynonyms(text: string): ParsedSynonyms {
  const groups: ParsedSynonyms['groups'] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const sides = line.split('=>');
    const phrases = (side: string) => side.split(',').map((phrase) => wordsOf(phrase));
    const from = phrases(sides[0]!);
    const to = sides.length === 2 ? phrases(sides[1]!) : null;
    const where = `line ${index + 1} ("${line}")`;
    if (sides.length > 2) problems.push(`${where}: one "=>" at most`);
    else if ([...from, ...(to ?? [])].some((words) => words.length === 0)) problems.push(`${where}: an empty word between commas`);
    else if (!to && from.length < 2) problems.push(`${where}: a group needs two or more words separated by commas`);
    else groups.push({ from, to });
  });
  return { groups, problems };
}

/** The expansions of a locale's synonym file (lines that are no group are skipped: the import refused them). */
export function synonymRules(locale: Locale, text: string): SynonymRules {
  const byFirstStem = new Map<string, Expansion[]>();
  const add = (when: string[], phrases: string[][]) => {
    const stems = when.map((word) => stem(locale, word));
    const list = byFirstStem.get(stems[0]!) ?? [];
    list.push({ when: stems, add: phrases.flat() });
    byFirstStem.set(stems[0]!, list);
  };
  for (const { from, to } of parseSynonyms(text).groups) {
    if (to) {
      // One way: a text that says a word on the right is found by the words on the left.
      for (const phrase of to) add(phrase, from);
    } else {
      for (const phrase of from)
        add(
          phrase,
          from.filter((other) => other !== phrase),
        );
    }
  }
  return { byFirstStem };
}

/** The words the rules add to a text whose words have these stems, in order. */
export function synonymsIn(rules: SynonymRules, stems: readonly string[]): string[] {
  const added: string[] = [];
  stems.forEach((first, start) => {
    for (const { when, add } of rules.byFirstStem.get(first) ?? []) {
      if (when.every((s, i) => stems[start + i] === s)) added.push(...add);
    }
  });
  return added;
}
