/** Words in an excerpt of a page or an FAQ answer. */
const EXCERPT_WORDS = 24;
/** Words shown before the first match, so it is read in its sentence. */
const LEAD_WORDS = 6;

/** A text with its words where they stand, and each word's index terms (prepared once, when the index is built). */
export type ExcerptSource = { text: string; words: readonly { start: number; end: number; terms: readonly string[] }[] };

/**
 * The passage of a text around its first word with a term in `matched`, about EXCERPT_WORDS long, cut
 * at words and marked with … where the text goes on; the text's start when no word matched.
 */
export function excerptOf({ text, words }: ExcerptSource, matched: ReadonlySet<string>): string {
  if (words.length === 0) return '';
  const hit = Math.max(
    0,
    words.findIndex((word) => word.terms.some((term) => matched.has(term))),
  );
  const first = Math.max(0, Math.min(hit - LEAD_WORDS, words.length - EXCERPT_WORDS));
  const last = Math.min(words.length, first + EXCERPT_WORDS) - 1;
  const from = first === 0 ? 0 : words[first]!.start;
  const to = last === words.length - 1 ? text.length : words[last]!.end;
  return `${first > 0 ? '…' : ''}${text.slice(from, to).trim()}${last < words.length - 1 ? '…' : ''}`;
}
