/** At most this many route modules load ahead at once. */
export const PREFETCH_CONCURRENCY = 4;

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetch when the visitor asked to save data or the connection is 2G (slow-2g included). */
export function mayPrefetch(connection: Connection | undefined): boolean {
  return !(connection && (connection.saveData || /2g/.test(connection.effectiveType ?? '')));
}

/**
 * A queue that runs each key once, at most `limit` at a time, in the order asked; a failed run is
 * forgotten so it may be asked again.
 */
export function createPrefetchQueue(run: (key: string) => Promise<unknown>, limit = PREFETCH_CONCURRENCY) {
  const seen = new Set<string>();
  const waiting: string[] = [];
  let active = 0;
  const next = () => {
    while (active < limit && waiting.length > 0) {
      const key = waiting.shift()!;
      active++;
      run(key)
        .catch(() => seen.delete(key))
        .finally(() => {
          active--;
          next();
        });
    }
  };
  return {
    add(key: string) {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(key);
      next();
    },
    get active() {
      return active;
    },
  };
}
