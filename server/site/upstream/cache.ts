import { LRUCache } from 'lru-cache';

/**
 * A read-through cache for upstream GETs: fresh within `ttlMs`; served stale while one background
 * refresh runs within `staleWhileRevalidateMs`; served stale when the upstream fails within
 * `staleIfErrorMs`. One load per key is in flight at a time, whoever asks.
 */
export interface SwrCacheOptions<T> {
  max: number;
  /** What the entries may weigh together, by `sizeOf` (an entry heavier than this is not kept). */
  maxSize: number;
  sizeOf: (value: T) => number;
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  now?: () => number;
  /** The freshness of one value, when it differs from `ttlMs` (a not-found answer is kept briefly). */
  ttlOf?: (value: T) => number;
  /** Told about a background refresh that failed (the stale value keeps being served). */
  onBackgroundError?: (key: string, error: unknown) => void;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  ttlMs: number;
}

export class SwrCache<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly inflight = new Map<string, Promise<T>>();
  /** Counts purges: a load that began before one may carry what the purge dropped, so it is not kept. */
  private purges = 0;
  private readonly now: () => number;

  constructor(private readonly options: SwrCacheOptions<T>) {
    this.entries = new LRUCache({ max: options.max, maxSize: options.maxSize, sizeCalculation: (entry) => Math.max(1, options.sizeOf(entry.value)) });
    this.now = options.now ?? Date.now;
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age < entry.ttlMs) return entry.value;
    if (entry && age < entry.ttlMs + this.options.staleWhileRevalidateMs) {
      this.refresh(key, load).catch((error) => this.options.onBackgroundError?.(key, error));
      return entry.value;
    }
    try {
      return await this.refresh(key, load);
    } catch (error) {
      if (entry && age < entry.ttlMs + this.options.staleIfErrorMs) return entry.value;
      throw error;
    }
  }

  /** Drops every entry whose key starts with `prefix` (all entries when empty). */
  purge(prefix = ''): void {
    this.purges++;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    // A caller after the purge must not join a load that began before it.
    for (const key of this.inflight.keys()) if (key.startsWith(prefix)) this.inflight.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private refresh(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.inflight.get(key);
    if (!pending) {
      const purges = this.purges;
      const started: Promise<T> = load()
        .then((value) => {
          if (purges === this.purges) this.entries.set(key, { value, storedAt: this.now(), ttlMs: this.options.ttlOf?.(value) ?? this.options.ttlMs });
          return value;
        })
        .finally(() => {
          if (this.inflight.get(key) === started) this.inflight.delete(key);
        });
      pending = started;
      this.inflight.set(key, pending);
    }
    return pending;
  }
}
