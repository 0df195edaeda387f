import { describe, expect, it } from 'vitest';
import { workingDaysBefore } from '../../server/cms/leads/metrics';

describe('two working days', () => {
  it('skips the weekend', () => {
    // Monday 10:00 → Thursday 10:00; Wednesday → Monday; a weekend counts from Friday's end.
    expect(workingDaysBefore(new Date('2026-11-30T10:00:00Z'), 2).toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(workingDaysBefore(new Date('2026-11-25T10:00:00Z'), 2).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(workingDaysBefore(new Date('2026-11-28T10:00:00Z'), 2).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(workingDaysBefore(new Date('2026-11-29T23:00:00Z'), 2).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });
});
