import { describe, expect, it } from 'vitest';
import { heapSizeOf } from '../../server/site/upstream/heap-size';

/** What the upstream caches count an answer as (its size in V8's heap); scripts/probes/heap-size-calibration.ts compares it with V8's. */
describe('heapSizeOf', () => {
  it('counts strings by their characters, two bytes each when one is beyond Latin-1, with their header, to 8 bytes', () => {
    expect(heapSizeOf('')).toBe(16);
    expect(heapSizeOf('rolete')).toBe(24);
    expect(heapSizeOf('senčila')).toBe(32);
    expect(heapSizeOf('x'.repeat(1000))).toBe(1016);
  });

  it('counts a number only when it is no small integer, and nothing for true, false and null', () => {
    expect(heapSizeOf(42)).toBe(0);
    expect(heapSizeOf(1.5)).toBe(16);
    expect(heapSizeOf(2 ** 40)).toBe(16);
    expect([true, false, null].map(heapSizeOf)).toEqual([0, 0, 0]);
  });

  it('counts objects and arrays with a slot per property or item, and what they hold', () => {
    expect(heapSizeOf({})).toBe(24);
    expect(heapSizeOf({ id: 1, title: 'rolete' })).toBe(24 + 8 + 8 + 24);
    expect(heapSizeOf([])).toBe(48);
    expect(heapSizeOf([{ id: 1 }, 'ab'])).toBe(48 + 16 + (24 + 8) + 24);
  });
});
