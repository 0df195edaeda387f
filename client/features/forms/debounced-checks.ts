/** The specification's input debounce: a field is checked this long after its last change. */
export const VALIDATION_DELAY_MS = 20;

export interface DebouncedChecks {
  /** Checks the field `delay` ms after this call, unless it is called again for the field first. */
  schedule(name: string): void;
  /** Drops every pending check (the form went away). */
  cancel(): void;
}

/**
 * One timer per field. `onSettled` hears each change of "settled": false once a check is waiting
 * or running, true when none is left (the form state's settled flag).
 */
export function createDebouncedChecks(run: (name: string) => unknown, onSettled: (settled: boolean) => void, delay = VALIDATION_DELAY_MS): DebouncedChecks {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let running = 0;
  let settled = true;
  const update = () => {
    const now = timers.size === 0 && running === 0;
    if (now !== settled) onSettled((settled = now));
  };
  return {
    schedule(name) {
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          running++;
          void Promise.resolve()
            .then(() => run(name))
            .catch(() => undefined)
            .finally(() => {
              running--;
              update();
            });
        }, delay),
      );
      update();
    },
    cancel() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
