import type { Locale } from '../../../shared/locales';
import type { RumRoute } from '../../../shared/rum';
import { parseRouteId } from '../../../shared/routes';
import { NOT_FOUND_ROUTE_ID } from '../../routes';
import { whenIdle } from '../idle';

/** The screen of a page from the ids of its matched routes (`layout`, `product___en`): `product`. Never the URL. */
export function rumRoute(routeIds: readonly string[]): RumRoute | null {
  for (const id of [...routeIds].reverse()) {
    if (id === NOT_FOUND_ROUTE_ID) return 'notFound';
    const parsed = parseRouteId(id);
    if (parsed) return parsed.name;
  }
  return null;
}

/** Whether this page view measures, decided once with a number in [0, 1): a rate of 1 always, 0 never. */
export function isSampled(rate: number, random: number): boolean {
  return random < rate;
}

/** Runs `task` once the page has loaded and the browser is next idle (at most 5 s later). */
function whenLoadedAndIdle(task: () => void): void {
  const idle = () => whenIdle(task, 5000);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * Real-user measurements for a sampled share of page views. web-vitals is its own chunk, fetched
 * only by a sampled page view and only once the page is idle, so it costs the first load nothing;
 * it reads the timings the browser kept from the start. A chunk that fails to load (a deploy removed
 * it) is let go silently: measurements are never worth an error.
 */
export function startRealUserMetrics(sampleRate: number, locale: Locale, routeIds: readonly string[]): void {
  const route = rumRoute(routeIds);
  if (!route || !isSampled(sampleRate, Math.random())) return;
  whenLoadedAndIdle(() => {
    import('./vitals-report').then(({ reportWebVitals }) => reportWebVitals({ route, locale })).catch(() => {});
  });
}
