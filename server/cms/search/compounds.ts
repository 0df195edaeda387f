/**
 * A dictionary-based splitter of German compounds: `insektenschutzgitter` -> `insektenschutz`, `gitter`;
 * `garagentor` -> `garagen`, `tor`. No maintained npm package does this (docs/decisions/0037-search-engine.md),
 * so it is written here: a word is cut into the fewest parts that are all words of the dictionary,
 * each part but the last optionally followed by a linking element (Fugenelement: Garage-n-tor,
 * Arbeit-s-kosten).
 *
 * The dictionary is the site's own vocabulary (the words its German copy uses, and its synonyms): a
 * part no text contains could not be found anyway, and a general dictionary would split words into
 * parts the copy never means (`Markise` -> `Mark`, `Ise`).
 */

/** Fugenelemente, longest first. */
const LINKS = ['es', 'en', 'er', 's', 'n', 'e'] as const;

/** The shortest part a word is cut into (`Tor`, `Tür` as `tur`). */
export const MIN_PART = 3;

export type CompoundSplitter = (foldedWord: string) => string[] | null;

/** A splitter over a dictionary of folded words: the parts of a word that splits into two or more dictionary words, or null. */
export function compoundSplitter(dictionary: ReadonlySet<string>): CompoundSplitter {
  return (word) => split(word, dictionary);
}

function split(word: string, dictionary: ReadonlySet<string>): string[] | null {
  if (word.length < 2 * MIN_PART) return null;
  // best[i]: the fewest parts that make word[0, i), with the parts; filled left to right.
  const best: ({ parts: string[] } | undefined)[] = [{ parts: [] }];
  for (let end = MIN_PART; end <= word.length; end++) {
    for (let start = 0; start <= end - MIN_PART; start++) {
      const before = best[start];
      // The word itself is no split of it.
      if (!before || (start === 0 && end === word.length)) continue;
      const part = partAt(word, start, end, dictionary, end === word.length);
      if (part === null) continue;
      const current = best[end];
      if (!current || before.parts.length + 1 < current.parts.length) best[end] = { parts: [...before.parts, part] };
    }
  }
  const whole = best[word.length];
  return whole && whole.parts.length >= 2 ? whole.parts : null;
}

/** The dictionary word that word[start, end) is, alone or followed by a linking element (not at the end). */
function partAt(word: string, start: number, end: number, dictionary: ReadonlySet<string>, last: boolean): string | null {
  const piece = word.slice(start, end);
  if (dictionary.has(piece)) return piece;
  if (last) return null;
  for (const link of LINKS) {
    if (piece.length - link.length >= MIN_PART && piece.endsWith(link) && dictionary.has(piece.slice(0, -link.length))) {
      return piece.slice(0, -link.length);
    }
  }
  return null;
}
