import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { preferredEncoding, type Encoding } from '../request/accepted-encoding';
import { compressAsync, entityTag } from './encoding';

/**
 * The in-process cache of finished anonymous pages, payloads and SEO files: the bytes, compressed once
 * (gzip and brotli), with the headers of the answer (the site's security headers included), keyed by
 * build id and the request's shared key (`sharedRequestKey` in cache-policy.ts: the path and the query
 * parameters the page reads). An entry is answered from the raw `request` handler, before Express and
 * its middleware run, the way a static file server answers: it must cost almost nothing. An expired
 * entry is still answered (stale, marked `X-Cache: STALE`) while the page is rendered again in the
 * background (`shared-pages.ts`): no visitor waits for a page the site rendered before.
 */
export interface Variant {
  body: Buffer;
  /** The Content-Encoding, when the body is compressed. */
  encoding?: Encoding;
  /**
   * The answer's headers as a flat `[name, value, ...]` list, made once when the page is stored:
   * Node writes a list about half again as fast as an object of the same headers.
   */
  headers: string[];
}

export interface Entry {
  identity: Variant;
  gzip: Variant;
  br: Variant;
  /** For a 304, which has no body and so no content headers. */
  notModified: string[];
  etag: string;
  storedAt: number;
  /** When a visitor's request should start the next render of the page (later after a failed one). */
  refreshAt: number;
  /** Background renders that failed since the page was stored: the first is logged, not the rest. */
  failedRefreshes: number;
}

/** What the cache keeps of a finished render: its own headers (lower-case names) and its bytes. */
export interface StoredPage {
  headers: readonly (readonly [string, string])[];
  body: Buffer;
}

export interface HtmlCacheOptions {
  buildId: string;
  /** How long an entry is fresh; after that it is served stale while it is rendered again. */
  ttlMs: number;
  /** The total size of the cached bytes (all three encodings). */
  maxBytes: number;
  /** Headers every answer of the site carries (the security headers), as a flat list. */
  siteHeaders: readonly string[];
  now?: () => number;
}

/** How an entry was answered: within its time, or after it (the page is due to be rendered again). */
export type Served = 'hit' | 'stale';

export type HtmlCache = ReturnType<typeof createHtmlCache>;

/**
 * Whether a key is one a purge of these paths names (every key when none is given): a path names its
 * page (with any query, and its payload), so a purge of a locale's home page `/sl` leaves the rest of
 * `/sl` alone; a path ending in `/*` names every page under it.
 */
export function underPrefixes(key: string, paths: readonly string[]): boolean {
  if (paths.length === 0) return true;
  const q = key.indexOf('?');
  const path = q === -1 ? key : key.slice(0, q);
  return paths.some((p) => (p.endsWith('/*') ? path.startsWith(p.slice(0, -1)) : path === p || path === `${p}/_payload.json`));
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (e) => e.identity.body.length + e.gzip.body.length + e.br.body.length + 1024,
  });
  const key = (sharedKey: string) => `${options.buildId} ${sharedKey}`;

  return {
    /** Answers a shared request from its key's entry, fresh or stale; null when there is none. */
    serve(sharedKey: string, req: IncomingMessage, res: ServerResponse, requestId: () => string): Served | null {
      const entry = entries.get(key(sharedKey));
      if (!entry) return null;
      const age = now() - entry.storedAt;
      const served: Served = age < options.ttlMs ? 'hit' : 'stale';
      answerFromCache(req, res, entry, ['age', String(Math.floor(age / 1000)), 'x-cache', served === 'hit' ? 'HIT' : 'STALE', 'x-request-id', requestId()]);
      return served;
    },

    /** The entry of a key, fresh or stale. */
    get(sharedKey: string): Entry | undefined {
      return entries.get(key(sharedKey));
    },

    /** Whether the key has no entry, or one whose next render is due. */
    needsRender(sharedKey: string): boolean {
      const entry = entries.peek(key(sharedKey));
      return !entry || now() >= entry.refreshAt;
    },

    /**
     * Keeps a finished render: its bytes, compressed once, with the site's headers and its own. The
     * entry is returned so the answers waiting for the render are sent from it (compressed only once).
     * `current` is asked once the bytes are compressed: a purge may have come meanwhile, and then the
     * entry answers those waiting but is not kept.
     */
    async store(sharedKey: string, page: StoredPage, current: () => boolean = () => true): Promise<Entry> {
      const kept = options.siteHeaders.concat(page.headers.flat(), 'vary', 'Accept-Encoding');
      const [gz, br] = await Promise.all([compressAsync(page.body, 'gzip'), compressAsync(page.body, 'br')]);
      const etag = entityTag(page.body);
      const notModified = kept.concat('etag', etag);
      const variant = (bytes: Buffer, encoding?: Encoding): Variant => ({
        body: bytes,
        encoding,
        headers: notModified.concat(encoding ? ['content-encoding', encoding] : [], 'content-length', String(bytes.length)),
      });
      const storedAt = now();
      const entry: Entry = {
        identity: variant(page.body),
        gzip: variant(gz, 'gzip'),
        br: variant(br, 'br'),
        notModified,
        etag,
        storedAt,
        refreshAt: storedAt + options.ttlMs,
        failedRefreshes: 0,
      };
      if (current()) entries.set(key(sharedKey), entry);
      return entry;
    },

    /**
     * A background render of the page failed: the stale copy stays, and the next render is tried a
     * time-to-live later, not by every visitor. Returns how many have failed in a row.
     */
    refreshFailed(sharedKey: string): number {
      const entry = entries.peek(key(sharedKey));
      if (!entry) return 0;
      entry.refreshAt = now() + options.ttlMs;
      return ++entry.failedRefreshes;
    },

    drop(sharedKey: string): void {
      entries.delete(key(sharedKey));
    },

    /** Drops every entry whose key starts with one of `prefixes` (every entry when none is given); returns their keys. */
    purge(prefixes: readonly string[] = []): string[] {
      const dropped: string[] = [];
      for (const k of [...entries.keys()]) {
        const sharedKey = k.slice(k.indexOf(' ') + 1);
        if (underPrefixes(sharedKey, prefixes)) {
          entries.delete(k);
          dropped.push(sharedKey);
        }
      }
      return dropped;
    },

    get size(): number {
      return entries.size;
    },

    /** The bytes counted against `maxBytes`. */
    get bytes(): number {
      return entries.calculatedSize;
    },
  };
}

/**
 * Answers from an entry, in the encoding the client prefers, or a 304 for its ETag. `perAnswer` are
 * the headers of this answer alone (age, request id, cache status).
 */
export function answerFromCache(req: IncomingMessage, res: ServerResponse, entry: Entry, perAnswer: string[]): void {
  // The visitor may have gone away while the page was rendered for them.
  if (res.destroyed) return;
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, entry.notModified.concat(perAnswer)).end();
    return;
  }
  const variant = entry[preferredEncoding(req.headers['accept-encoding']) ?? 'identity'];
  res.writeHead(200, variant.headers.concat(perAnswer));
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}
