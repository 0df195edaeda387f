import type { Options } from 'express-rate-limit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedMemoryStore } from '../../server/site/http/bounded-memory-store';

afterEach(() => vi.useRealTimers());

function store(maxClients: number, windowMs = 60_000) {
  const s = new BoundedMemoryStore(maxClients);
  s.init({ windowMs } as Options);
  return s;
}

describe('BoundedMemoryStore', () => {
  it('counts a client’s hits within its window, which starts at its first hit, and starts over after it', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const s = store(10);
    expect(await s.increment('a')).toEqual({ totalHits: 1, resetTime: new Date(1_060_000) });
    vi.setSystemTime(1_030_000);
    expect((await s.increment('a')).totalHits).toBe(2);
    await s.decrement('a');
    expect((await s.get('a'))?.totalHits).toBe(1);
    vi.setSystemTime(1_060_000);
    expect(await s.get('a')).toBeUndefined();
    expect(await s.increment('a')).toEqual({ totalHits: 1, resetTime: new Date(1_120_000) });
  });

  it('holds at most maxClients, forgetting the least recently seen', async () => {
    const s = store(3);
    for (const key of ['a', 'b', 'c']) await s.increment(key);
    await s.increment('a');
    await s.increment('d');
    expect(await s.get('b')).toBeUndefined();
    expect((await s.get('a'))?.totalHits).toBe(2);
    expect((await s.get('c'))?.totalHits).toBe(1);
    for (let i = 0; i < 1000; i++) await s.increment(`client-${i}`);
    expect(await s.get('a')).toBeUndefined();
    expect((await s.get('client-999'))?.totalHits).toBe(1);
  });
});
