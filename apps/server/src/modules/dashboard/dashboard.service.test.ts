import { describe, expect, it } from 'vitest';
import { monthEnds } from './dashboard.service';

// The day MRR is measured on: a month's last day in Japan, or today there for the current month;
// the instant that day ends is 00:00 JST the next day (15:00 UTC the day before).

describe('monthEnds', () => {
  it('takes the last JST day of past months and JST today for the current one', () => {
    // 05:00 JST on 11 February 2026 (still the 10th in UTC).
    const now = Date.parse('2026-02-10T20:00:00Z');
    expect(monthEnds(['2025-12', '2026-01', '2026-02'], now)).toEqual([
      { month: '2025-12', day: '2025-12-31', endsAt: '2025-12-31T15:00:00.000Z' },
      { month: '2026-01', day: '2026-01-31', endsAt: '2026-01-31T15:00:00.000Z' },
      { month: '2026-02', day: '2026-02-11', endsAt: '2026-02-11T15:00:00.000Z' },
    ]);
  });

  it('knows February of a leap year, before and after its end in Japan', () => {
    const now = Date.parse('2028-02-29T14:59:59Z'); // 23:59:59 JST, the 29th
    expect(monthEnds(['2028-02'], now)).toEqual([
      { month: '2028-02', day: '2028-02-29', endsAt: '2028-02-29T15:00:00.000Z' },
    ]);
    expect(monthEnds(['2028-02'], now + 1000)[0]!.day).toBe('2028-02-29');
  });
});
