import type { MetricWithAttribution } from 'web-vitals/attribution';
import type { RumMetric, RumReport } from '../../../shared/rum';

/**
 * web-vitals' attribution names an element by a CSS selector of ids and classes, which may come from
 * content; given this, it names it by its tag alone (`img`, `h1`), and never builds the selector.
 */
export function tagName(node: Node | null): string {
  // 1: an element (the `Node` global is not there outside a browser).
  return node?.nodeType === 1 ? (node as Element).localName : '';
}

const TAG = /^[a-z][a-z0-9-]{0,31}$/;
const element = (target: string | undefined) => (target && TAG.test(target) ? { element: target } : {});

/** A metric reduced to what the report carries: the value (whole milliseconds; CLS to 4 places), its rating and a little attribution. */
export function toRumMetric(metric: MetricWithAttribution): RumMetric {
  const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  const base = { name: metric.name, value, rating: metric.rating };
  switch (metric.name) {
    case 'LCP':
      return { ...base, ...element(metric.attribution.target) };
    case 'CLS':
      return {
        ...base,
        ...element(metric.attribution.largestShiftTarget),
        ...(metric.attribution.loadState ? { loadState: metric.attribution.loadState } : {}),
      };
    case 'INP':
      return {
        ...base,
        ...element(metric.attribution.interactionTarget),
        interaction: metric.attribution.interactionType,
        loadState: metric.attribution.loadState,
      };
    case 'FCP':
      return { ...base, loadState: metric.attribution.loadState };
    case 'TTFB':
      return base;
  }
}

/**
 * The metrics of one page view that are still to be sent: the latest value of each (web-vitals
 * reports CLS and INP again when they grow), taken out together when the page is hidden.
 */
export function createReportBatch(page: Pick<RumReport, 'route' | 'locale'>) {
  const pending = new Map<RumMetric['name'], RumMetric>();
  return {
    add(metric: RumMetric): void {
      pending.set(metric.name, metric);
    },
    /** The report of everything pending, emptying the batch; null when nothing is. */
    take(): RumReport | null {
      if (pending.size === 0) return null;
      const report = { ...page, metrics: [...pending.values()] };
      pending.clear();
      return report;
    },
  };
}
