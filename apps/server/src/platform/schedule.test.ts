import { describe, expect, it } from 'vitest';
import { firstDayOfNextMonthJst, jstDate, nextJstMidnight } from './schedule';

describe('JST schedule helpers', () => {
  it('finds the next midnight in Japan', () => {
    // 2026-11-22 14:59 UTC is 23:59 in Tokyo: midnight is one minute away.
    expect(nextJstMidnight(new Date('2026-11-22T14:59:00Z')).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    // Exactly midnight in Tokyo: the next one is a day later.
    expect(nextJstMidnight(new Date('2026-11-22T15:00:00Z')).toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });

  it('finds the first day of next month in Japan, across years', () => {
    expect(firstDayOfNextMonthJst(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe(
      '2026-11-30T15:00:00.000Z',
    );
    // 2026-12-31 16:00 UTC is already 2027-01-01 in Tokyo: next month is February.
    expect(firstDayOfNextMonthJst(new Date('2026-12-31T16:00:00Z')).toISOString()).toBe(
      '2027-01-31T15:00:00.000Z',
    );
    expect(firstDayOfNextMonthJst(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe(
      '2026-12-31T15:00:00.000Z',
    );
  });

  it('gives the calendar date in Japan', () => {
    expect(jstDate(new Date('2026-11-22T14:59:00Z'))).toBe('2026-11-22');
    expect(jstDate(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });
});
