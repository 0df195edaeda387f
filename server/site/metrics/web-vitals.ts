import { Histogram, type Registry } from 'prom-client';
import { RUM_METRICS, type RumMetricName, type RumReport } from '../../../shared/rum';

/**
 * The web vitals of real page views (`POST /api/rum`), one histogram per metric by screen and locale:
 * `route` is a route name of the table (or `notFound`) and `locale` a site locale, both checked by the
 * report's schema (shared/rum.ts), so a client cannot add a label value. Each metric's buckets include
 * its "good" and "poor" thresholds (web.dev), so the share of good page views is exact.
 */
const VITALS: Record<RumMetricName, { name: string; help: string; buckets: number[]; reportedInMs: boolean }> = {
  LCP: {
    name: 'site_web_vitals_lcp_seconds',
    help: 'Largest Contentful Paint of real page views, in seconds (good up to 2.5, poor above 4).',
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20],
    reportedInMs: true,
  },
  INP: {
    name: 'site_web_vitals_inp_seconds',
    help: 'Interaction to Next Paint of real page views, in seconds (good up to 0.2, poor above 0.5).',
    buckets: [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
    reportedInMs: true,
  },
  CLS: {
    name: 'site_web_vitals_cls',
    help: 'Cumulative Layout Shift of real page views, a unitless score (good up to 0.1, poor above 0.25).',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.5, 1, 2],
    reportedInMs: false,
  },
  FCP: {
    name: 'site_web_vitals_fcp_seconds',
    help: 'First Contentful Paint of real page views, in seconds (good up to 1.8, poor above 3).',
    buckets: [0.25, 0.5, 1, 1.5, 1.8, 2.5, 3, 4, 5, 7.5, 10, 20],
    reportedInMs: true,
  },
  TTFB: {
    name: 'site_web_vitals_ttfb_seconds',
    help: 'Time to First Byte of real page views, in seconds (good up to 0.8, poor above 1.8).',
    buckets: [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.4, 1.8, 2.5, 5, 10],
    reportedInMs: true,
  },
};

export function webVitalsMetrics(registry: Registry) {
  const histograms = new Map(
    RUM_METRICS.map((metric) => {
      const { name, help, buckets } = VITALS[metric];
      return [metric, new Histogram({ name, help, buckets, labelNames: ['route', 'locale'] as const, registers: [registry] })];
    }),
  );
  return {
    record({ route, locale, metrics }: RumReport): void {
      for (const { name, value } of metrics) histograms.get(name)!.observe({ route, locale }, VITALS[name].reportedInMs ? value / 1000 : value);
    },
  };
}
