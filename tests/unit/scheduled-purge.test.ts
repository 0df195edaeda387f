import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledPurge } from '../../server/site/purge/scheduled';

const silent = pino({ level: 'silent' });

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-30T22:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('scheduledPurge', () => {
  it('purges once, at the earliest moment announced, and never before it', () => {
    const purge = vi.fn();
    const timer = scheduledPurge(purge, silent);
    timer.changesIn(60_000);
    timer.changesIn(90_000); // a later article: the earlier moment stays
    timer.changesIn(30_000); // an earlier one wins
    vi.advanceTimersByTime(29_999);
    expect(purge).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(purge).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(purge).toHaveBeenCalledTimes(1);
  });

  it("waits in steps for a moment beyond setTimeout's longest delay", () => {
    const purge = vi.fn();
    const timer = scheduledPurge(purge, silent);
    const days40 = 40 * 24 * 3_600_000;
    timer.changesIn(days40);
    vi.advanceTimersByTime(days40 - 1);
    expect(purge).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(purge).toHaveBeenCalledTimes(1);
  });

  it('ignores what is no number of milliseconds, and purges nothing once stopped', () => {
    const purge = vi.fn();
    const timer = scheduledPurge(purge, silent);
    timer.changesIn(Number('soon'));
    timer.changesIn(-5);
    timer.changesIn(1_000);
    timer.stop();
    vi.advanceTimersByTime(10_000);
    expect(purge).not.toHaveBeenCalled();
  });
});
