import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { compressAsync, entityTag, preferredEncoding, type Encoding } from './encoding';
import { pageCacheKey } from './page-cache-key';

/**
 * The in-process cache of finished anonymous pages and payloads: the bytes, compressed once (gzip and
 * brotli), with the headers the original answer had (security headers included), keyed by build id and
 * the page's key (its path and the query parameters it reads: page-cache-key.ts). A hit is answered
 * from the raw `request` handler, before Express and its middleware run, the way a static file server
 * answers: it must cost almost nothing.
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
}

/** Headers that belong to one answer, never to the cached page. */
const PER_ANSWER = new Set(['set-cookie', 'x-request-id', 'date', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'etag']);

export interface HtmlCacheOptions {
  buildId: string;
  /** How long an entry is served before the page is rendered again. */
  ttlMs: number;
  /** The total size of the cached bytes (all three encodings). */
  maxBytes: number;
  now?: () => number;
}

export type HtmlCache = ReturnType<typeof createHtmlCache>;

/** The session cookie marks a visitor whose answers are never taken from or put into the cache. */
const SESSION = /(?:^|;\s*)sid=/;

export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !SESSION.test(cookieHeader ?? '');
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (e) => e.identity.body.length + e.gzip.body.length + e.br.body.length + 1024,
  });
  const key = (pageKey: string) => `${options.buildId} ${pageKey}`;

  return {
    /** Answers a GET or HEAD from the cache when it can; false leaves the request to the app. */
    serve(req: IncomingMessage, res: ServerResponse, requestId: () => string): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (!isAnonymous(req.headers.cookie)) return false;
      const pageKey = pageCacheKey(req.url ?? '');
      if (pageKey === null) return false;
      const entry = entries.get(key(pageKey));
      if (!entry) return false;
      const age = now() - entry.storedAt;
      if (age >= options.ttlMs) return false;
      const perAnswer = ['age', String(Math.floor(age / 1000)), 'x-request-id', requestId()];
      if (req.headers['if-none-match'] === entry.etag) {
        res.writeHead(304, entry.notModified.concat(perAnswer)).end();
        return true;
      }
      const variant = pickVariant(entry, req.headers['accept-encoding']);
      res.writeHead(200, variant.headers.concat(perAnswer));
      res.end(req.method === 'HEAD' ? undefined : variant.body);
      return true;
    },

    /**
     * Keeps a finished answer: its bytes, compressed once, and its headers less the per-answer ones.
     * The entry is returned so the answer that filled it can be sent from it (compressed only once).
     * `pageKey`: the answer's `pageCacheKey`.
     */
    async store(pageKey: string, headers: OutgoingHttpHeaders, body: Buffer): Promise<Entry> {
      const kept: string[] = [];
      for (const [name, value] of Object.entries(headers)) {
        const lower = name.toLowerCase();
        if (value === undefined || PER_ANSWER.has(lower) || lower === 'vary') continue;
        for (const one of Array.isArray(value) ? value : [value]) kept.push(lower, String(one));
      }
      kept.push('vary', 'Accept-Encoding');
      const [gz, br] = await Promise.all([compressAsync(body, 'gzip'), compressAsync(body, 'br')]);
      const etag = entityTag(body);
      const notModified = kept.concat('etag', etag);
      const variant = (bytes: Buffer, encoding?: Encoding): Variant => ({
        body: bytes,
        encoding,
        headers: notModified.concat(encoding ? ['content-encoding', encoding] : [], 'content-length', String(bytes.length)),
      });
      const entry: Entry = { identity: variant(body), gzip: variant(gz, 'gzip'), br: variant(br, 'br'), notModified, etag, storedAt: now() };
      entries.set(key(pageKey), entry);
      return entry;
    },

    /** Drops every page whose URL starts with one of `prefixes` (every page when none is given). */
    purge(prefixes: string[] = []): number {
      let dropped = 0;
      for (const k of [...entries.keys()]) {
        const url = k.slice(k.indexOf(' ') + 1);
        if (prefixes.length === 0 || prefixes.some((p) => url.startsWith(p))) {
          entries.delete(k);
          dropped++;
        }
      }
      return dropped;
    },

    get size(): number {
      return entries.size;
    },
  };
}

/** The variant in the encoding the client prefers. */
export function pickVariant(entry: Entry, acceptEncoding: string | undefined): Variant {
  return entry[preferredEncoding(acceptEncoding) ?? 'identity'];
}
