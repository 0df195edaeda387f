import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { HtmlCache } from '../render/html-cache';
import type { RunningOutbox } from '../outbox';
import type { ProcessLog } from '../../lib/log/process-log';
import { htmlCacheMetrics } from './html-cache';
import { logMetrics } from './log';
import { outboxMetrics } from './outbox';
import { requestMetrics } from './requests';
import { upstreamMetrics } from './upstream';
import { webVitalsMetrics } from './web-vitals';

export { metricsEndpoint } from '../../lib/metrics-endpoint';

/**
 * The site's metrics, in a registry of its own (a test process runs several sites), served at
 * `/metrics`. Each part is handed to the code it counts as a small interface that code declares
 * (`SharedPagesMetrics`, `UpstreamMetrics`...), so nothing below imports this folder.
 */
export type SiteMetrics = ReturnType<typeof createSiteMetrics>;

const RATE_LIMITERS = ['forms', 'rum', 'search'] as const;
type RateLimiter = (typeof RATE_LIMITERS)[number];
const SHED_WORK = ['search', 'render'] as const;
type ShedWork = (typeof SHED_WORK)[number];

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (event-loop lag, CPU, memory, heap, GC): once per process, whatever the
 * number of sites in it, since prom-client starts an event-loop monitor and a GC observer for them
 * that nothing stops.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createSiteMetrics() {
  // A new registry that holds the process's metrics too.
  const registry = Registry.merge([processMetrics()]);
  const rateLimited = new Counter({
    name: 'site_rate_limited_requests_total',
    help: 'Requests refused for their rate (429), by limiter: forms (form posts), rum (web-vitals reports) or search (search pages and suggestions).',
    labelNames: ['limiter'] as const,
    registers: [registry],
  });
  for (const limiter of RATE_LIMITERS) rateLimited.inc({ limiter }, 0);
  const shed = new Counter({
    name: 'site_shed_requests_total',
    help: 'Requests answered 503 because too many of their kind were waiting: search (search pages and suggestions), render (any other page or payload rendered).',
    labelNames: ['work'] as const,
    registers: [registry],
  });
  for (const work of SHED_WORK) shed.inc({ work }, 0);
  const htmlCache = htmlCacheMetrics(registry);

  return {
    registry,
    requests: requestMetrics(registry),
    htmlCache,
    upstream: upstreamMetrics(registry),
    webVitals: webVitalsMetrics(registry),
    rateLimited(limiter: RateLimiter): void {
      rateLimited.inc({ limiter });
    },
    shed(work: ShedWork): void {
      shed.inc({ work });
    },
    /** Reads these at each scrape, once the site has them. */
    watch({
      outbox,
      cache,
      log,
    }: {
      outbox: Pick<RunningOutbox, 'stats'>;
      cache?: Pick<HtmlCache, 'size' | 'bytes'>;
      log?: Pick<ProcessLog, 'droppedLines'>;
    }): void {
      outboxMetrics(registry, outbox);
      if (cache) htmlCache.watch(cache);
      logMetrics(registry, log);
    },
  };
}
