/** The first scroll after the page loads waits for the layout to settle (images, fonts, late blocks). */
export const FIRST_SCROLL_DELAY_MS = 1300;

/** The element id a URL hash names (`#a%20b` is `a b`), or null for none. */
export function hashTarget(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * On a first load with a hash, scrolls to its element after 1300 ms (the browser's own jump happens
 * before the page has its final height). `scrollIntoView` honours the element's scroll-margin-top.
 * Skipped when the visitor scrolls or navigates first: their position wins.
 */
export function scheduleFirstScroll(): void {
  const id = hashTarget(location.hash);
  if (!id) return;
  const startPath = location.pathname + location.hash;
  const cancel = () => clearTimeout(timer);
  const timer = setTimeout(() => {
    stopListening();
    if (location.pathname + location.hash !== startPath) return;
    document.getElementById(id)?.scrollIntoView();
  }, FIRST_SCROLL_DELAY_MS);
  const events = ['wheel', 'touchmove', 'keydown'] as const;
  const stopListening = () => events.forEach((e) => window.removeEventListener(e, onUser));
  const onUser = () => {
    cancel();
    stopListening();
  };
  events.forEach((e) => window.addEventListener(e, onUser, { passive: true, once: true }));
}
