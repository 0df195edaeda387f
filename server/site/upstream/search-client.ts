import { concurrencyLimit } from '../../lib/concurrency-limit';
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from './client';
import { FRESHNESS, inProcessPeriods } from '../cache-control';

/**
 * The content API's search, apart from the rest of the upstream client (docs/decisions/0035-search-mail-shutdown-proxy-heap.md):
 *
 * - **A short cache of its own.** An identical search (same locale and words) within a minute is
 *   answered from memory, and searches with ever new words fill only this cache, bounded by weight,
 *   never the one the pages' answers live in. No stale answer is refreshed in the background (a
 *   flood would only refresh): a search is asked again once its minute is over, and its last answer
 *   serves while the content API fails.
 * - **Shed when its queue is long.** At most `SEARCHES_AT_ONCE` searches are asked at once and
 *   `SEARCHES_WAITING` wait; one more is refused at once (`UpstreamError` of kind `shed`), before the
 *   content API (in this very process when it is embedded) spends anything on it.
 */
export const SEARCH_CACHE = {
  max: 5000,
  /** An answer is up to about 20 KB of JSON, 60 KB in the heap as counted; 4 MB keeps a minute of a busy site's distinct searches. */
  maxHeapBytes: 4 * 1024 * 1024,
  ...inProcessPeriods(FRESHNESS.searchAnswer),
};
/** The content API's search takes a few milliseconds of one core (SQLite FTS5, decision 0007). */
export const SEARCHES_AT_ONCE = 2;
/**
 * Twenty people typing in the header's box at once (the bench's suggestions) wait rather than being
 * refused: a waiting search holds a little memory and no CPU, and at about 1.5 ms a search the last
 * of 32 waits some 25 ms. A flood (hundreds at once) is still shed at once.
 */
export const SEARCHES_WAITING = 32;

export function searchClient(options: Omit<UpstreamClientOptions, 'cache' | 'fetch'>): UpstreamClient {
  const searches = concurrencyLimit(SEARCHES_AT_ONCE, { maxQueue: SEARCHES_WAITING });
  // The slot is held until the answer's headers arrive: the content API's work is done by then.
  return createUpstreamClient({ ...options, cache: SEARCH_CACHE, fetch: (input, init) => searches(() => fetch(input, init)) });
}
