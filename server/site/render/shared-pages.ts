import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ConcurrencyLimit } from '../../lib/concurrency-limit';
import { requestCookies } from '../request/cookies';
import { requestId } from '../request/request-id';
import { isStorable, sharedRequestKey } from './cache-policy';
import { underPrefixes, type Entry, type HtmlCache, type Served } from './html-cache';
import { logRouteErrors, type RenderedPage } from './rendered-page';

/**
 * The renders of pages that are the same for every visitor, and the HTML cache they fill, both by the
 * request's shared key (`sharedRequestKey`: the URL without what the page does not read, which is the
 * URL rendered). One render per key at a time, whoever asks: visitors who miss the cache while it
 * runs wait for it and are all answered from its result (the site collects a document before sending
 * it, so there is no stream to share); an expired page is answered stale by the cache while one render
 * in the background replaces it; a purge renders the pages it dropped again, and start-up renders the
 * sitemap's, a few at a time. No visitor's departure stops a shared render: the others waiting, and
 * the cache, want the page.
 */
export type SharedAnswer = { entry: Entry; page?: undefined } | { entry?: undefined; page: RenderedPage };

export interface SharedPagesOptions {
  cache: HtmlCache;
  /** Renders a shared key's URL (a page, payload or SEO file) as an anonymous visitor sees it (no cookie). */
  render: (url: string) => Promise<RenderedPage>;
  /** How many pages are rendered at a time to refill the cache (after a purge, at start); 0: none are. */
  refillConcurrency: number;
  /**
   * Where a render a visitor starts waits its turn, or is shed (render-slots.ts); one a visitor joins
   * takes no slot, and background renders (bounded by `refillConcurrency`, one per stale page) none.
   */
  renderSlots: ConcurrencyLimit;
  logger: Logger;
  metrics: SharedPagesMetrics;
  /** Writes the request's log line of an answer from the cache. */
  log: CachedAnswerLog;
}

/** The request log of the answers from the cache (`cachedAnswerLog` in http/request-log.ts). */
export type CachedAnswerLog = (entry: Entry, req: IncomingMessage, res: ServerResponse, served: Served, requestId: string) => void;

/** Told how each shared request was answered, and how each background render ended (the site's metrics). */
export interface SharedPagesMetrics {
  answered(result: Served | 'miss'): void;
  backgroundRender(failed: boolean): void;
}

export type SharedPages = ReturnType<typeof createSharedPages>;

interface Flight {
  answer: Promise<SharedAnswer>;
  /** False once a purge named the URL: what the render read may be older than the purge, so it is not kept. */
  current: boolean;
}

const pathOf = (url: string) => url.split('?')[0]!;

export function createSharedPages({ cache, render, refillConcurrency, renderSlots, logger, metrics, log }: SharedPagesOptions) {
  const flights = new Map<string, Flight>();
  /** URLs waiting for a refill render, in the order they came. */
  const refillQueue = new Set<string>();
  const backgroundWork = new Set<Promise<void>>();
  let refillWorkers = 0;
  let refilled = 0;
  let stopped = false;

  /**
   * The render of a URL under way, or a new one. The route errors of one a visitor started are logged
   * like any visitor's; a background render reports its own failure (`renderInBackground`).
   */
  function flight(url: string, startedBy: 'visitor' | 'background'): Flight {
    const known = flights.get(url);
    if (known) return known;
    const started = { current: true } as Flight;
    started.answer = (startedBy === 'visitor' ? renderSlots(() => render(url)) : render(url))
      .then(async (page): Promise<SharedAnswer> => {
        if (startedBy === 'visitor') logRouteErrors(logger, page, pathOf(url));
        if (!started.current || !isStorable(page)) return { page };
        try {
          return { entry: await cache.store(url, page, () => started.current) };
        } catch (err) {
          logger.warn({ err, path: pathOf(url) }, 'html cache store failed');
          return { page };
        }
      })
      .finally(() => {
        if (flights.get(url) === started) flights.delete(url);
      });
    flights.set(url, started);
    return started;
  }

  function inBackground(work: Promise<void>): void {
    backgroundWork.add(work);
    void work.finally(() => backgroundWork.delete(work));
  }

  /**
   * A render no visitor waits for. When it fails (the upstream is down and its answers are not cached
   * either) the cached copy stays and is tried again a time-to-live later; the first failure of a
   * page is logged, not every one. A page that is no longer one to keep (gone, moved) is dropped.
   */
  async function renderInBackground(url: string): Promise<void> {
    logger.debug({ path: pathOf(url) }, 'background render started');
    let failure: { status?: number; err: unknown } | null = null;
    try {
      const { page } = await flight(url, 'background').answer;
      if (page && page.status >= 500) failure = { status: page.status, err: page.errors[0] };
      else if (page && !isStorable(page)) cache.drop(url);
    } catch (err) {
      failure = { err };
    }
    logger.debug({ path: pathOf(url), failed: failure !== null }, 'background render finished');
    metrics.backgroundRender(failure !== null);
    if (!failure) return;
    const inARow = cache.refreshFailed(url);
    const level = inARow > 1 ? 'debug' : 'warn';
    logger[level]({ ...failure, path: pathOf(url) }, inARow > 0 ? 'background render failed; serving the cached copy' : 'background render failed');
  }

  /** Takes URLs off the refill queue one by one until it is empty. */
  async function refillWorker(): Promise<void> {
    while (!stopped && refillQueue.size > 0) {
      const url = refillQueue.values().next().value!;
      refillQueue.delete(url);
      // A visitor's render may have filled it, or be filling it, meanwhile.
      if (flights.has(url) || !cache.needsRender(url)) continue;
      await renderInBackground(url);
      refilled++;
    }
    if (--refillWorkers === 0 && !stopped) {
      logger.info({ pages: refilled }, 'html cache refilled');
      refilled = 0;
    }
  }

  const pages = {
    cache,

    /**
     * Answers a request from the cache, and logs it, when it is shared and its key has an entry, fresh
     * or stale (then one render in the background replaces it); null leaves the request to the app.
     */
    serve(req: IncomingMessage, res: ServerResponse): Served | null {
      const key = sharedRequestKey(req.method, req.url ?? '', requestCookies(req, res));
      if (key === null) return null;
      const entry = cache.get(key);
      if (!entry) return null;
      const id = requestId(req);
      const served = cache.answer(entry, req, res, id);
      metrics.answered(served);
      log(entry, req, res, served, id);
      if (served === 'stale') pages.revalidate(key);
      return served;
    },

    /** The answer to a shared key: its cached entry, the render under way, or a new render. */
    async get(url: string): Promise<SharedAnswer> {
      const entry = cache.get(url);
      if (entry) {
        // Stored while the request made its way here from `serve`.
        metrics.answered('hit');
        pages.revalidate(url);
        return { entry };
      }
      metrics.answered('miss');
      return flight(url, 'visitor').answer;
    },

    /** A visitor was answered an expired copy: one render in the background replaces it (unless one runs or failed just now). */
    revalidate(url: string): void {
      if (stopped || flights.has(url) || !cache.needsRender(url)) return;
      inBackground(renderInBackground(url));
    },

    /** Renders these pages into the cache in the background, `refillConcurrency` at a time. */
    refill(urls: Iterable<string>): void {
      if (stopped || refillConcurrency === 0) return;
      const before = refillQueue.size;
      for (const url of urls) refillQueue.add(url);
      if (before === 0 && refillQueue.size > 0 && refillWorkers === 0) logger.info({ pages: refillQueue.size }, 'refilling the html cache');
      while (refillWorkers < Math.min(refillConcurrency, refillQueue.size)) {
        refillWorkers++;
        inBackground(refillWorker());
      }
    },

    /**
     * Drops the cached pages under these path prefixes (all when none), forgets the renders of them under
     * way (they may have read the content from before), and renders the dropped ones again. Returns
     * how many were dropped.
     */
    purge(prefixes: readonly string[]): number {
      for (const [url, running] of flights) {
        if (underPrefixes(url, prefixes)) {
          running.current = false;
          flights.delete(url);
        }
      }
      const dropped = cache.purge(prefixes);
      pages.refill(dropped);
      return dropped.length;
    },

    /** Starts no more background renders and waits for those under way (at shutdown). */
    async stop(): Promise<void> {
      stopped = true;
      refillQueue.clear();
      await Promise.allSettled([...backgroundWork]);
    },
  };
  return pages;
}
