import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import type { RumReport } from '../../../shared/rum';
import { createReportBatch, tagName, toRumMetric } from './metrics';

const RUM_ENDPOINT = '/api/rum';

/**
 * Measures the page view's web vitals and sends what is new each time the page is hidden (switching
 * tabs, leaving, closing): one beacon with several metrics rather than one per metric. Loaded as its
 * own chunk, after the page is idle, only on a sampled page view (./start.ts).
 */
export function reportWebVitals(page: Pick<RumReport, 'route' | 'locale'>): void {
  const batch = createReportBatch(page);
  const add = (metric: MetricWithAttribution) => batch.add(toRumMetric(metric));
  const options = { generateTarget: tagName };
  onLCP(add, options);
  // Every change: web-vitals works out an interaction in an idle callback, and when the page is hidden
  // first (a click that leaves the page) it does so after its final report, which then has no INP.
  // Reported as it changes, the value reaches the batch before the beacon goes (web-vitals' hidden
  // listeners capture on window; ours runs after them).
  onINP(add, { ...options, reportAllChanges: true });
  onCLS(add, options);
  onFCP(add);
  onTTFB(add);
  // On window as the event bubbles up from the document: after web-vitals' own listeners (on window,
  // capturing), so the values it finalises on hiding are in the batch before it is sent.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    const report = batch.take();
    // Same-origin, so application/json needs no preflight; the browser sends it even as the page goes away.
    if (report) navigator.sendBeacon(RUM_ENDPOINT, new Blob([JSON.stringify(report)], { type: 'application/json' }));
  });
}
