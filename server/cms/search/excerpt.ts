/** Words in an excerpt of a page or an FAQ answer. */
export const EXCERPT_WORDS = 24;
/** Words shown before the first match, so it is read in its sentence. */
const LEAD_WORDS = 6;

/**
 * The passage of a text around its first word that matched (`matches(word)`), about EXCERPT_WORDS long,
 * cut at words and marked with … where the text goes on; the text's start when no word matched.
 */
export function excerptOf(text: string, matches: (word: string) => boolean): string {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  if (words.length === 0) return '';
  const hit = Math.max(0, words.findIndex((word) => matches(word[0])));
  const first = Math.max(0, Math.min(hit - LEAD_WORDS, words.length - EXCERPT_WORDS));
  const last = Math.min(words.length, first + EXCERPT_WORDS) - 1;
  const from = first === 0 ? 0 : words[first]!.index;
  const to = last === words.length - 1 ? text.length : words[last]!.index + words[last]![0].length;
  return `${first > 0 ? '…' : ''}${text.slice(from, to).trim()}${last < words.length - 1 ? '…' : ''}`;
}
