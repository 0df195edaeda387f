/**
 * Runs async tasks at most `limit` at a time; the others wait their turn in arrival order. A finished
 * task hands its slot straight to the next one, so a newcomer can never overtake the queue.
 */
export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

export function concurrencyLimit(limit: number): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
