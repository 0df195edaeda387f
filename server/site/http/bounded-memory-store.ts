import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';

/**
 * express-rate-limit's counts in this process, at most `maxClients` of them. Its own memory store
 * keeps every client seen in the last two windows: a crowd from ever new addresses (an IPv6 attacker
 * has millions of /56s to rotate through) would fill the heap with them, 10 minutes' worth for the
 * form limit. Here the least recently seen client is forgotten once the store is full: it gets a new
 * budget, which a client with a new address has anyway. 20,000 clients are about 6 MB of heap (50,000
 * measured 15.6 MB), far more clients than this site has in a window.
 */
export const MAX_CLIENTS = 20_000;

export class BoundedMemoryStore implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly clients: LRUCache<string, ClientRateLimitInfo>;

  constructor(maxClients = MAX_CLIENTS) {
    this.clients = new LRUCache({ max: maxClients });
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.live(key);
  }

  async increment(key: string): Promise<IncrementResponse> {
    const client = this.live(key) ?? { totalHits: 0, resetTime: new Date(Date.now() + this.windowMs) };
    client.totalHits++;
    this.clients.set(key, client);
    return client;
  }

  async decrement(key: string): Promise<void> {
    const client = this.live(key);
    if (client && client.totalHits > 0) client.totalHits--;
  }

  async resetKey(key: string): Promise<void> {
    this.clients.delete(key);
  }

  async resetAll(): Promise<void> {
    this.clients.clear();
  }

  /** A client's counts while its window lasts (its window starts at its first hit, as in the library's store). */
  private live(key: string): ClientRateLimitInfo | undefined {
    const client = this.clients.get(key);
    if (client && client.resetTime!.getTime() <= Date.now()) {
      this.clients.delete(key);
      return undefined;
    }
    return client;
  }
}
