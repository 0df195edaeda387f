import type { Locale } from '../../../shared/locales';
import { MAX_CLS, MAX_MS, RUM_METRICS, type RumMetricName, type RumReport, type RumRoute } from '../../../shared/rum';

/**
 * The 75th percentile of each metric per screen and locale, kept as histograms with fixed buckets:
 * memory is bounded by the route table, the locales and the metrics (a few hundred series of 125
 * counters at most), whatever the traffic, and histograms of several replicas or log files add up.
 *
 * Bucket bounds grow by 10% from 1 ms (0.001 for CLS) to the largest accepted value, so a p75 read
 * from them, interpolated inside its bucket, is within 10% of the exact one (usually much closer).
 */
const GROWTH = 1.1;
const SMALLEST: Record<RumMetricName, number> = { LCP: 1, INP: 1, FCP: 1, TTFB: 1, CLS: 0.001 };
const LARGEST: Record<RumMetricName, number> = { LCP: MAX_MS, INP: MAX_MS, FCP: MAX_MS, TTFB: MAX_MS, CLS: MAX_CLS };

/** Bucket 0 holds [0, smallest); bucket i holds [smallest·1.1^(i-1), smallest·1.1^i); the last one everything above. */
const BUCKETS = Object.fromEntries(
  RUM_METRICS.map((metric) => [metric, Math.ceil(Math.log(LARGEST[metric] / SMALLEST[metric]) / Math.log(GROWTH)) + 2]),
) as Record<RumMetricName, number>;

function lowerBound(metric: RumMetricName, bucket: number): number {
  return bucket === 0 ? 0 : SMALLEST[metric] * GROWTH ** (bucket - 1);
}

export function bucketOf(metric: RumMetricName, value: number): number {
  if (value < SMALLEST[metric]) return 0;
  return Math.min(BUCKETS[metric] - 1, Math.floor(Math.log(value / SMALLEST[metric]) / Math.log(GROWTH)) + 1);
}

/** The value below which 75% of the counted values lie, interpolated inside its bucket; null when nothing was counted. */
export function p75(metric: RumMetricName, counts: ArrayLike<number>): number | null {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i]!;
  if (total === 0) return null;
  const rank = 0.75 * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const here = counts[i]!;
    if (below + here >= rank && here > 0) {
      const low = lowerBound(metric, i);
      const value = low + (lowerBound(metric, i + 1) - low) * ((rank - below) / here);
      return metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
    }
    below += here;
  }
  return null;
}

export interface RumP75Row {
  route: RumRoute;
  locale: Locale;
  metric: RumMetricName;
  /** Values counted. */
  count: number;
  /** Milliseconds; a score for CLS. */
  p75: number;
}

interface Series {
  route: RumRoute;
  locale: Locale;
  metric: RumMetricName;
  count: number;
  counts: Uint32Array;
}

export type RumSummary = ReturnType<typeof createRumSummary>;

export function createRumSummary() {
  const series = new Map<string, Series>();
  return {
    record(report: RumReport): void {
      for (const { name, value } of report.metrics) {
        const key = `${report.route} ${report.locale} ${name}`;
        let s = series.get(key);
        if (!s) series.set(key, (s = { route: report.route, locale: report.locale, metric: name, count: 0, counts: new Uint32Array(BUCKETS[name]) }));
        s.counts[bucketOf(name, value)]!++;
        s.count++;
      }
    },
    /** One row per screen, locale and metric that has values, in that order. */
    rows(): RumP75Row[] {
      return [...series.values()]
        .map(({ route, locale, metric, count, counts }) => ({ route, locale, metric, count, p75: p75(metric, counts)! }))
        .sort((a, b) => a.route.localeCompare(b.route) || a.locale.localeCompare(b.locale) || RUM_METRICS.indexOf(a.metric) - RUM_METRICS.indexOf(b.metric));
    },
  };
}
