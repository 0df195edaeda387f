import { concurrencyLimit, type ConcurrencyLimit } from '../../lib/concurrency-limit';

/**
 * Renders for visitors run at most `RENDERS_AT_ONCE` at a time, and `RENDERS_WAITING` wait their turn;
 * one more is shed (`QueueFull`, a 503 with `Retry-After`). A render holds its data, its React tree and
 * its document until it is sent, so this is what bounds the heap a crowd of misses (new addresses,
 * 404s, searches) can fill, where a cached page holds nothing; it also answers what is admitted in
 * good time rather than everything late (docs/decisions/0035-search-mail-shutdown-proxy-heap.md). One
 * core renders one page at a time: more at once only interleave their waits for the content API.
 */
export const RENDERS_AT_ONCE = 8;
export const RENDERS_WAITING = 64;

export function renderSlots(): ConcurrencyLimit {
  return concurrencyLimit(RENDERS_AT_ONCE, { maxQueue: RENDERS_WAITING });
}
