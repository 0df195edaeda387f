import type SearchableMap from 'minisearch/SearchableMap';
import { fold } from './analyzer';
import type { Spelling } from './locale-index';

/**
 * Edits allowed between a word that found nothing and the spelling suggested for it: more than the
 * search itself forgives (query.ts), since a visitor reads the suggestion before following it.
 */
function editsSuggested(word: string): number {
  return word.length >= 9 ? 3 : word.length >= 5 ? 2 : word.length >= 3 ? 1 : 0;
}

/** The copy's spelling closest to a word (fewest edits, then the most used), or null when none is near. */
export function closestSpelling(vocabulary: SearchableMap<Spelling>, word: string): string | null {
  const folded = fold(word);
  let best: { distance: number; spelling: Spelling } | null = null;
  for (const [, [spelling, distance]] of vocabulary.fuzzyGet(folded, editsSuggested(folded))) {
    if (!best || distance < best.distance || (distance === best.distance && spelling.count > best.spelling.count)) {
      best = { distance, spelling };
    }
  }
  return best?.spelling.display ?? null;
}
