/** sessionStorage key of the last reload made for a failed route chunk. */
export const RELOAD_KEY = 'app:reload';
export const RELOAD_GUARD_MS = 10_000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/**
 * Whether a failed route chunk (typically: a new deploy removed the old files) may reload the page for
 * `path`: yes, unless it already did for the same path in the last 10 s, which would loop. A yes is
 * recorded as `{path, expires}`.
 */
export function mayReloadFor(path: string, now: number, storage: Storage): boolean {
  try {
    const last = JSON.parse(storage.getItem(RELOAD_KEY) ?? 'null') as { path?: unknown; expires?: unknown } | null;
    if (last && last.path === path && typeof last.expires === 'number' && last.expires > now) return false;
  } catch {
    // An unreadable entry guards nothing.
  }
  try {
    storage.setItem(RELOAD_KEY, JSON.stringify({ path, expires: now + RELOAD_GUARD_MS }));
  } catch {
    // Storage full or off: without a record a reload could loop, so none.
    return false;
  }
  return true;
}
