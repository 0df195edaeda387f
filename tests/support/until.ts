/**
 * Resolves once `check` holds, looking again every `intervalMs` (a check that starts a process asks
 * less often); fails after `timeoutMs`, naming what it waited for, or as soon as `check` throws.
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000, intervalMs = 20): Promise<void> {
  await untilFound(what, async () => ((await check()) ? true : undefined), timeoutMs, intervalMs);
}

/** The first value `read` gives that is not undefined, looking again every `intervalMs`; fails like `until`. */
export async function untilFound<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
