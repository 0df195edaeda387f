import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedChecks, VALIDATION_DELAY_MS } from '../../client/features/forms/debounced-checks';

describe('debounced field checks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks a field 20 ms after its last change, once', async () => {
    expect(VALIDATION_DELAY_MS).toBe(20);
    const run = vi.fn();
    const checks = createDebouncedChecks(run, () => {});
    checks.schedule('email');
    await vi.advanceTimersByTimeAsync(15);
    checks.schedule('email');
    await vi.advanceTimersByTimeAsync(19);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run.mock.calls).toEqual([['email']]);
  });

  it('keeps one timer per field', async () => {
    const run = vi.fn();
    const checks = createDebouncedChecks(run, () => {});
    checks.schedule('email');
    checks.schedule('phone');
    await vi.advanceTimersByTimeAsync(20);
    expect(run.mock.calls).toEqual([['email'], ['phone']]);
  });

  it('is unsettled while a check waits or runs, settled when none is left', async () => {
    const states: boolean[] = [];
    let finish!: () => void;
    const checks = createDebouncedChecks(
      () => new Promise<void>((resolve) => (finish = resolve)),
      (settled) => states.push(settled),
    );
    checks.schedule('email');
    checks.schedule('email');
    expect(states).toEqual([false]);
    await vi.advanceTimersByTimeAsync(20);
    expect(states).toEqual([false]);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([false, true]);
  });

  it('drops pending checks when the form goes away', async () => {
    const run = vi.fn();
    const checks = createDebouncedChecks(run, () => {});
    checks.schedule('email');
    checks.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).not.toHaveBeenCalled();
  });
});
