import { startTransition, useEffect, useState } from 'react';

/** Whether the first page has hydrated: components that mount later start enhanced. */
let appHydrated = false;

/**
 * False in the server's markup and while the browser hydrates it, true from then on: for markup that
 * only makes sense with JavaScript running (a toggle's state), without a hydration mismatch. The switch
 * after hydration is a transition (useSyncExternalStore would re-render every such component in one
 * synchronous task, a long task on a phone); it commits as one, so `html[data-hydrated]` (Layout) is
 * set only once every component shows its enhanced markup.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, []);
  return hydrated;
}
