import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { preferredEncoding, type Encoding } from '../request/accepted-encoding';
import { compressAsync, entityTag } from './encoding';

/**
 * The in-process cache of finished anonymous pages, payloads and SEO files: the bytes, compressed once
 * (gzip and brotli), with the headers of the answer (the site's security headers included), keyed by
 * the request's shared key (`sharedRequestKey` in cache-policy.ts: the path and the query parameters
 * the page reads; a process serves one build). An entry is answered from the raw `request` handler,
 * before Express and its middleware run, the way a static file server answers: it must cost almost
 * nothing, so whatever can be made once per entry is (decision 0039). An expired
 * entry is still answered (stale, marked `X-Cache: STALE`) while the page is rendered again in the
 * background (`shared-pages.ts`): no visitor waits for a page the site rendered before.
 */
export interface Variant {
  body: Buffer;
  /** The Content-Encoding, when the body is compressed. */
  encoding?: Encoding;
  /**
   * The answer's headers as a flat `[name, value, ...]` list, made once when the page is stored:
   * Node writes a list about half again as fast as an object of the same headers. It ends with the
   * headers of each answer alone (PER_ANSWER), whose values are written into it before each answer.
   */
  headers: string[];
}

/**
 * The last headers of every list of an entry: the age of the copy, how the cache answered, and the
 * request id. Their values are set in place just before `writeHead`, which reads the list at once,
 * rather than in a copy of the whole list per answer.
 */
const PER_ANSWER = ['age', '', 'x-cache', '', 'x-request-id', ''] as const;

export interface Entry {
  identity: Variant;
  gzip: Variant;
  br: Variant;
  /** For a 304, which has no body and so no content headers (it ends with PER_ANSWER too). */
  notModified: string[];
  etag: string;
  storedAt: number;
  /** When a visitor's request should start the next render of the page (later after a failed one). */
  refreshAt: number;
  /** Background renders that failed since the page was stored: the first is logged, not the rest. */
  failedRefreshes: number;
  /** How long it is fresh (its screen's time in the process). */
  ttlMs: number;
}

/** What the cache keeps of a finished render: its own headers (lower-case names) and its bytes. */
export interface StoredPage {
  headers: readonly (readonly [string, string])[];
  body: Buffer;
}

export interface HtmlCacheOptions {
  /**
   * How long an entry is fresh, or how long the entry of a key is (worked out when it is stored); after
   * that it is served stale while it is rendered again.
   */
  ttlMs: number | ((sharedKey: string) => number);
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
  const { ttlMs } = options;
  const ttlOf = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (e) => e.identity.body.length + e.gzip.body.length + e.br.body.length + 1024,
  });

  return {
    /** The entry of a key, fresh or stale. */
    get(sharedKey: string): Entry | undefined {
      return entries.get(sharedKey);
    },

    /** Answers a request from an entry, as within its time or after it; `requestId` is the answer's. */
    answer(entry: Entry, req: IncomingMessage, res: ServerResponse, requestId: string): Served {
      const age = now() - entry.storedAt;
      const served: Served = age < entry.ttlMs ? 'hit' : 'stale';
      answerFromCache(req, res, entry, String(Math.floor(age / 1000)), served === 'hit' ? 'HIT' : 'STALE', requestId);
      return served;
    },

    /** Whether the key has no entry, or one whose next render is due. */
    needsRender(sharedKey: string): boolean {
      const entry = entries.peek(sharedKey);
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
      const validator = kept.concat('etag', etag);
      const variant = (bytes: Buffer, encoding?: Encoding): Variant => ({
        body: bytes,
        encoding,
        headers: validator.concat(encoding ? ['content-encoding', encoding] : [], 'content-length', String(bytes.length), PER_ANSWER),
      });
      const storedAt = now();
      const freshMs = ttlOf(sharedKey);
      const entry: Entry = {
        identity: variant(page.body),
        gzip: variant(gz, 'gzip'),
        br: variant(br, 'br'),
        notModified: validator.concat(PER_ANSWER),
        etag,
        storedAt,
        refreshAt: storedAt + freshMs,
        failedRefreshes: 0,
        ttlMs: freshMs,
      };
      if (current()) entries.set(sharedKey, entry);
      return entry;
    },

    /**
     * A background render of the page failed: the stale copy stays, and the next render is tried a
     * time-to-live later, not by every visitor. Returns how many have failed in a row.
     */
    refreshFailed(sharedKey: string): number {
      const entry = entries.peek(sharedKey);
      if (!entry) return 0;
      entry.refreshAt = now() + entry.ttlMs;
      return ++entry.failedRefreshes;
    },

    drop(sharedKey: string): void {
      entries.delete(sharedKey);
    },

    /** Drops every entry whose key starts with one of `prefixes` (every entry when none is given); returns their keys. */
    purge(prefixes: readonly string[] = []): string[] {
      const dropped: string[] = [];
      for (const sharedKey of [...entries.keys()]) {
        if (underPrefixes(sharedKey, prefixes)) {
          entries.delete(sharedKey);
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
 * Answers from an entry, in the encoding the client prefers, or a 304 for its ETag, with this answer's
 * own headers: the copy's age in seconds, how the cache answered (`X-Cache`), the request id.
 */
function answerFromCache(req: IncomingMessage, res: ServerResponse, entry: Entry, age: string, cache: string, requestId: string): void {
  const variant = variantFor(req, entry);
  const headers = variant?.headers ?? entry.notModified;
  const end = headers.length;
  headers[end - 5] = age;
  headers[end - 3] = cache;
  headers[end - 1] = requestId;
  send(req, res, variant, headers);
}

/**
 * Answers a visitor who waited for the render that made the entry (`X-Cache: MISS`): a fresh copy has
 * no age, and the request log has set the request id already. Rare beside the cache's own answers, so
 * the entry's list is copied without its per-answer headers.
 */
export function answerFromRender(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
  const variant = variantFor(req, entry);
  send(req, res, variant, (variant?.headers ?? entry.notModified).slice(0, -PER_ANSWER.length).concat('x-cache', 'MISS'));
}

/** The variant in the encoding the client prefers; none when its copy is current (a 304). */
function variantFor(req: IncomingMessage, entry: Entry): Variant | undefined {
  return req.headers['if-none-match'] === entry.etag ? undefined : entry[preferredEncoding(req.headers['accept-encoding']) ?? 'identity'];
}

function send(req: IncomingMessage, res: ServerResponse, variant: Variant | undefined, headers: string[]): void {
  // The visitor may have gone away while the page was rendered for them.
  if (res.destroyed) return;
  res.writeHead(variant ? 200 : 304, headers);
  res.end(variant && req.method !== 'HEAD' ? variant.body : undefined);
}
