import { Counter, Gauge, type Registry } from 'prom-client';
import type { HtmlCache, Served } from '../render/html-cache';

/**
 * The HTML cache: how shared requests were answered (`hit`, `stale`, `miss`, as their X-Cache says),
 * the background renders that replace expired and purged pages, and what the cache holds.
 */
export function htmlCacheMetrics(registry: Registry) {
  // A hit is counted on the cached page's path, which must cost almost nothing: a plain number,
  // copied into the counter when Prometheus scrapes.
  const answered = { hit: 0, stale: 0, miss: 0 };
  new Counter({
    name: 'site_html_cache_requests_total',
    help: 'Shared page, payload and SEO-file requests by how the HTML cache answered them: hit, stale (answered while one render replaces it) or miss (rendered).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, n] of Object.entries(answered)) this.inc({ result }, n);
    },
  });
  const renders = new Counter({
    name: 'site_html_cache_background_renders_total',
    help: 'Pages rendered in the background into the HTML cache (expired, purged, or warmed up), by result: ok or failed (the cached copy stays).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  renders.inc({ result: 'ok' }, 0);
  renders.inc({ result: 'failed' }, 0);

  return {
    answered(result: Served | 'miss'): void {
      answered[result]++;
    },
    backgroundRender(failed: boolean): void {
      renders.inc({ result: failed ? 'failed' : 'ok' });
    },
    /** Reports the cache's size at each scrape. */
    watch(cache: Pick<HtmlCache, 'size' | 'bytes'>): void {
      new Gauge({
        name: 'site_html_cache_entries',
        help: 'Pages, payloads and SEO files in the HTML cache.',
        registers: [registry],
        collect() {
          this.set(cache.size);
        },
      });
      new Gauge({
        name: 'site_html_cache_bytes',
        help: 'Bytes the HTML cache holds (every encoding of each entry), as counted against HTML_CACHE_MAX_MB.',
        registers: [registry],
        collect() {
          this.set(cache.bytes);
        },
      });
    },
  };
}
