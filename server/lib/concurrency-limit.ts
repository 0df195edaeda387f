/**
 * Runs async tasks at most `limit` at a time; the others wait their turn in arrival order. A finished
 * task hands its slot straight to the next one, so a newcomer can never overtake the queue. With
 * `maxQueue`, a task that would find that many already waiting is refused at once (`QueueFull`):
 * work shed before anything is spent on it, rather than answered late.
 */
export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

export class QueueFull extends Error {
  override name = 'QueueFull';
}

export function concurrencyLimit(limit: number, { maxQueue = Infinity }: { maxQueue?: number } = {}): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running++;
    else if (waiting.length >= maxQueue) throw new QueueFull(`${running} running and ${waiting.length} waiting`);
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
