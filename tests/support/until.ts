/** Resolves once `check` holds, looking again every 20 ms; fails after `timeoutMs`, naming what it waited for. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  await untilFound(what, async () => ((await check()) ? true : undefined), timeoutMs);
}

/** The first value `read` gives that is not undefined, looking again every 20 ms; fails like `until`. */
export async function untilFound<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
