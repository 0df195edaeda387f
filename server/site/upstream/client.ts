import type { z } from 'zod';
import { NEXT_CHANGE_HEADER } from '../../../shared/api/contract';
import { QueueFull } from '../../lib/concurrency-limit';
import { SwrCache } from './cache';
import { heapSizeOf } from './heap-size';
import { unchanged } from './kept-unchanged';
import { FRESHNESS, inProcessPeriods } from '../cache-control';

/**
 * Why an upstream call failed. Loaders turn `not_found` into a 404 and anything else into a 5xx page.
 * `shed`: never sent, as too many of its kind were waiting already (a `fetch` that refuses with `QueueFull`).
 */
export type UpstreamFailure = 'timeout' | 'network' | 'status' | 'contract' | 'shed';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    readonly kind: UpstreamFailure,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** How a call of the client went: answered from its cache, answered by the upstream, or one of the failures. */
export type UpstreamOutcome = 'cached' | 'ok' | UpstreamFailure;

/** Told of every call (the site's metrics). `seconds`: how long the request upstream took, when one was made. */
export interface UpstreamMetrics {
  call(endpoint: string, outcome: UpstreamOutcome, seconds?: number): void;
}

/**
 * The endpoint a call is counted under: its path's first segment (`products` for `products/{slug}`),
 * which our code writes, never a slug or a query, so the site's metrics have a label per endpoint and
 * not one per page.
 */
export function endpointOf(path: string): string {
  const segment = /^\/*([a-z][a-z-]*)(?:\/|$)/.exec(path);
  return segment ? segment[1]! : 'other';
}

export class UpstreamNotFound extends Error {
  override name = 'UpstreamNotFound';
}

export type QueryParams = Record<string, string | number | undefined>;

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** `maxHeapBytes`: what the cached answers may take in the heap together, by `heapSizeOf`. */
  cache?: { max: number; maxHeapBytes: number; ttlMs: number; staleWhileRevalidateMs: number; staleIfErrorMs: number; notFoundTtlMs: number };
  fetch?: typeof fetch;
  onBackgroundError?: (key: string, error: unknown) => void;
  /** Completes every validated GET answer once, before it is cached (the build's image variants). */
  complete?: (answer: unknown) => void;
  metrics?: UpstreamMetrics;
  /** Sent with every call (a preview's token). */
  headers?: Record<string, string>;
  /** Told of each answer's NEXT_CHANGE_HEADER: in how many ms the content changes by itself (an article comes out). */
  onScheduledChange?: (ms: number) => void;
}

/** `heapBytes`: what the answer takes in the heap, by `heapSizeOf`. */
type Cached = { found: true; body: unknown; heapBytes: number } | { found: false };

export const DEFAULT_UPSTREAM_CACHE = {
  max: 2000,
  /**
   * Every answer the site's pages need, in three locales, is 1.0 MB of JSON (259 answers, measured),
   * about 3.5 MB in the heap as counted here: four times that. Searches have their own cache
   * (search-client.ts), so new words never push the pages' answers out.
   */
  maxHeapBytes: 16 * 1024 * 1024,
  ...inProcessPeriods(FRESHNESS.upstreamAnswer),
};

/** The cache key: method, path and the query parameters in a stable order (lang included). */
export function cacheKey(method: string, path: string, params: QueryParams): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined) query.append(key, String(value));
  }
  const qs = query.toString();
  return `${method} ${path}${qs ? `?${qs}` : ''}`;
}

/** No answer kept: a preview's client, made for one render, reads the draft every time. */
export const NO_UPSTREAM_CACHE = { max: 100, maxHeapBytes: 4 * 1024 * 1024, ttlMs: 0, staleWhileRevalidateMs: 0, staleIfErrorMs: 0, notFoundTtlMs: 0 };

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

export function createUpstreamClient(options: UpstreamClientOptions) {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const doFetch = options.fetch ?? fetch;
  const metrics = options.metrics;
  const cacheOptions = options.cache ?? DEFAULT_UPSTREAM_CACHE;
  const { maxHeapBytes, ...swrOptions } = cacheOptions;
  const cache = new SwrCache<Cached>({
    ...swrOptions,
    maxSize: maxHeapBytes,
    // A not-found answer weighs its key and a flag.
    sizeOf: (value) => (value.found ? value.heapBytes : 100),
    ttlOf: (value) => (value.found ? cacheOptions.ttlMs : cacheOptions.notFoundTtlMs),
    onBackgroundError: options.onBackgroundError,
  });

  function urlFor(path: string, params: QueryParams): URL {
    const url = new URL(path.replace(/^\/+/, ''), base);
    for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, String(value));
    return url;
  }

  async function request(
    method: string,
    path: string,
    params: QueryParams,
    body?: unknown,
    headers?: Record<string, string>,
    timeoutMs = options.timeoutMs,
  ): Promise<Response> {
    let res: Response;
    try {
      res = await doFetch(urlFor(path, params), {
        method,
        // FormData (a form's photos) sets its own multipart type and boundary; anything else travels as JSON.
        headers: {
          accept: 'application/json',
          ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
          ...headers,
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof QueueFull) throw new UpstreamError(`${method} ${path}: shed, ${error.message}`, 'shed');
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new UpstreamError(
        `${method} ${path}: ${timedOut ? `no answer within ${timeoutMs} ms` : (error as Error).message}`,
        timedOut ? 'timeout' : 'network',
      );
    }
    const changesIn = res.headers.get(NEXT_CHANGE_HEADER);
    if (changesIn !== null) options.onScheduledChange?.(Number(changesIn));
    return res;
  }

  async function readJson(method: string, path: string, res: Response): Promise<{ json: unknown; text: string }> {
    const text = await res.text().catch(() => '');
    try {
      return { json: JSON.parse(text) as unknown, text };
    } catch {
      throw new UpstreamError(`${method} ${path}: answer is not JSON`, 'contract', res.status);
    }
  }

  /** A request upstream, with its reading and checking, counted and timed by its outcome. */
  async function measured<T>(path: string, call: () => Promise<T>): Promise<T> {
    const start = performance.now();
    const count = (outcome: UpstreamOutcome) => metrics?.call(endpointOf(path), outcome, (performance.now() - start) / 1000);
    try {
      const result = await call();
      count('ok');
      return result;
    } catch (error) {
      if (error instanceof UpstreamError) count(error.kind);
      throw error;
    }
  }

  function validate<S extends z.ZodType>(path: string, schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UpstreamError(`GET ${path}: answer breaks the contract at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`, 'contract');
    }
    return parsed.data;
  }

  return {
    /**
     * A cached, validated GET. A 404 is `UpstreamNotFound` (cached briefly, so probing slugs does not
     * reach the upstream); any other failure is `UpstreamError`, after the stale copy if there is one.
     */
    async get<S extends z.ZodType>(path: string, schema: S, params: QueryParams = {}): Promise<z.infer<S>> {
      let requested = false;
      const cached = await cache.get(cacheKey('GET', path, params), () => {
        requested = true;
        return measured(path, async (): Promise<Cached> => {
          const res = await request('GET', path, params);
          if (res.status === 404) return { found: false };
          if (!res.ok) throw new UpstreamError(`GET ${path}: status ${res.status}`, 'status', res.status);
          // Validated before it is cached, so a bad answer never poisons the cache.
          const { json, text } = await readJson('GET', path, res);
          const body = validate(path, schema, json);
          options.complete?.(body);
          // The answer as objects, and its JSON once more: a render writes an unchanged answer's JSON
          // once and keeps it beside it (kept-unchanged.ts), about as long as the text it came as.
          return { found: true, body: unchanged(body), heapBytes: heapSizeOf(body) + heapSizeOf(text) };
        });
      });
      // Each call is counted once: by the request it made (when it ends), or as answered without one.
      if (!requested) metrics?.call(endpointOf(path), 'cached');
      if (!cached.found) throw new UpstreamNotFound(`GET ${path}: not found`);
      return cached.body as z.infer<S>;
    },

    /**
     * An uncached call with a body (accounts, forms). The answer's JSON comes back as it is, with its
     * status, for the caller to read by status; a 5xx or an unreachable upstream is an `UpstreamError`.
     */
    async send(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      body: unknown,
      /** `timeoutMs`: a call known to take longer than the others (an upload whose variants are made meanwhile). */
      options: { params?: QueryParams; headers?: Record<string, string>; timeoutMs?: number } = {},
    ): Promise<{ status: number; json: unknown }> {
      return measured(path, async () => {
        const res = await request(method, path, options.params ?? {}, body, options.headers, options.timeoutMs);
        if (res.status >= 500) throw new UpstreamError(`${method} ${path}: status ${res.status}`, 'status', res.status);
        const json = res.status === 204 ? null : (await readJson(method, path, res)).json;
        return { status: res.status, json };
      });
    },

    /**
     * An uncached GET of a binary answer (a photo, its thumbnail): its status, type, file name as the
     * upstream gave it (Content-Disposition) and bytes. A 5xx or an unreachable upstream is an `UpstreamError`.
     */
    async getBytes(
      path: string,
      options: { headers?: Record<string, string> } = {},
    ): Promise<{ status: number; type: string; disposition: string | null; bytes: Buffer }> {
      return measured(path, async () => {
        const res = await request('GET', path, {}, undefined, options.headers);
        if (res.status >= 500) throw new UpstreamError(`GET ${path}: status ${res.status}`, 'status', res.status);
        return {
          status: res.status,
          type: res.headers.get('content-type') ?? '',
          disposition: res.headers.get('content-disposition'),
          bytes: Buffer.from(await res.arrayBuffer()),
        };
      });
    },

    /** Reads an answer of `send` with the schema its status calls for. */
    parse<S extends z.ZodType>(path: string, schema: S, json: unknown): z.infer<S> {
      return validate(path, schema, json);
    },

    purge(prefix = ''): void {
      cache.purge(prefix);
    },
  };
}
