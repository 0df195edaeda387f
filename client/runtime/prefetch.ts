import { pageRouteId } from '../routes';
import { whenIdle } from './idle';
import { createPrefetchQueue, mayPrefetch } from './prefetch-rules';

type Importer = () => Promise<unknown>;

/**
 * Loads the route modules of same-site links ahead of a click: when a link has been visible (watched
 * once the browser is idle) or is hovered or focused. Skipped on data-saver or 2G.
 */
export function startLinkPrefetch(importers: Map<string, Importer>): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!mayPrefetch(connection)) return;

  const queue = createPrefetchQueue(async (routeId) => importers.get(routeId)?.());
  const prefetch = (anchor: HTMLAnchorElement) => {
    if (anchor.origin !== location.origin || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const id = pageRouteId(anchor.pathname);
    if (importers.has(id)) queue.add(id);
  };

  const onPointer = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement) prefetch(anchor);
  };
  document.addEventListener('pointerover', onPointer, { passive: true });
  document.addEventListener('focusin', onPointer);

  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch(entry.target as HTMLAnchorElement);
    }
  });
  const watched = new WeakSet<Element>();
  const watch = () => {
    for (const anchor of document.querySelectorAll('a[href]')) {
      if (watched.has(anchor)) continue;
      watched.add(anchor);
      observer.observe(anchor);
    }
  };
  const idle = (fn: () => void) => whenIdle(fn, 2000);
  // New links come with every page: watch them once the page has settled.
  idle(watch);
  new MutationObserver(() => idle(watch)).observe(document.body, { childList: true, subtree: true });
}
