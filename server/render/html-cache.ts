import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The in-process cache of finished anonymous pages and payloads: the bytes, compressed once (gzip and
 * brotli), with the headers the original answer had (security headers included), keyed by build id and
 * URL. A hit is answered from the raw `request` handler, before Express and its middleware run, the way
 * a static file server answers: it must cost almost nothing.
 */
interface Entry {
  headers: OutgoingHttpHeaders;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
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
    sizeCalculation: (e) => e.identity.length + e.gzip.length + e.br.length + 512,
  });
  const key = (url: string) => `${options.buildId} ${url}`;

  function pick(entry: Entry, acceptEncoding: string): { body: Buffer; encoding: string | null } {
    if (/\bbr\b/.test(acceptEncoding)) return { body: entry.br, encoding: 'br' };
    if (/\bgzip\b/.test(acceptEncoding)) return { body: entry.gzip, encoding: 'gzip' };
    return { body: entry.identity, encoding: null };
  }

  return {
    /** Answers a GET or HEAD from the cache when it can; false leaves the request to the app. */
    serve(req: IncomingMessage, res: ServerResponse, requestId: () => string): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (!isAnonymous(req.headers.cookie)) return false;
      const entry = entries.get(key(req.url ?? ''));
      if (!entry) return false;
      const age = now() - entry.storedAt;
      if (age >= options.ttlMs) return false;
      const headers: OutgoingHttpHeaders = { ...entry.headers, etag: entry.etag, age: String(Math.floor(age / 1000)), 'x-request-id': requestId() };
      if (req.headers['if-none-match'] === entry.etag) {
        res.writeHead(304, headers).end();
        return true;
      }
      const { body, encoding } = pick(entry, String(req.headers['accept-encoding'] ?? ''));
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },

    /** Keeps a finished answer: its bytes, compressed once, and its headers less the per-answer ones. */
    async store(url: string, headers: OutgoingHttpHeaders, body: Buffer): Promise<void> {
      const kept: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers)) if (value !== undefined && !PER_ANSWER.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
      kept.vary = 'Accept-Encoding';
      const [gz, br] = await Promise.all([
        // Levels that cost a few milliseconds a page: every page is compressed again after each expiry.
        gzipAsync(body, { level: 6 }),
        brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      ]);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      entries.set(key(url), { headers: kept, identity: body, gzip: gz, br, etag, storedAt: now() });
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

/** Collects what is written for a page so the finished bytes can be cached once the answer ends. */
export function byteCollector() {
  const chunks: Buffer[] = [];
  return {
    add(chunk: string | Buffer) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    },
    bytes: () => Buffer.concat(chunks),
  };
}
