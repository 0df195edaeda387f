/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between: `scheduler.yield()` where the browser has it (the rest of the work keeps its place in the
 * queue), a timeout elsewhere. Start-up work split this way makes several short tasks instead of one
 * long one, which on a slow phone is the difference between a page that answers a tap and one that doesn't.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
