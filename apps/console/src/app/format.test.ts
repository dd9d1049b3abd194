import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatJstDateTime,
  formatShortDate,
  formatYen,
  todayJst,
} from './format';

describe('money and counts', () => {
  it('writes yen with the sign first and no decimals in every language', () => {
    expect(formatYen(50_000, 'en')).toBe('¥50,000');
    expect(formatYen(50_000, 'ja')).toBe('¥50,000');
    expect(formatYen(0, 'kr')).toBe('¥0');
    expect(formatCount(1_000, 'en')).toBe('1,000');
  });
});

describe('dates', () => {
  it('formats a calendar date per language without shifting the day', () => {
    expect(formatDate('2026-04-01', 'en')).toBe('Apr 1, 2026');
    expect(formatDate('2026-12-01', 'en')).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01', 'ja')).toBe('2026年12月1日');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('has a compact form for tables', () => {
    expect(formatShortDate('2026-12-01', 'ja')).toBe('2026/12/01');
    expect(formatShortDate('2026-12-01', 'en')).toBe('12/01/2026');
    expect(formatShortDate(undefined, 'en')).toBe('');
  });

  it('takes an instant to its day in Japan: a bill issued at 00:00 JST on 1 November is dated 1 November', () => {
    const issued = '2026-10-31T15:00:00.000Z';
    expect(formatShortDate(issued, 'ja')).toBe('2026/11/01');
    expect(formatDate(issued, 'ja')).toBe('2026年11月1日');
    expect(formatDate(issued, 'en')).toBe('Nov 1, 2026');
    // 23:59 JST is still that day.
    expect(formatShortDate('2026-11-30T14:59:59Z', 'ja')).toBe('2026/11/30');
    expect(formatShortDate('2026-11-30T15:00:00+00:00', 'ja')).toBe('2026/12/01');
  });

  it('reads the same dates whatever the time zone of the machine or browser', () => {
    const before = process.env.TZ;
    const read = () => [
      formatShortDate('2026-10-31T15:00:00.000Z', 'ja'),
      formatDate('2026-11-01', 'en'),
      formatDateTime('2026-10-31T15:00:00.000Z', 'ja'),
      formatJstDateTime('2026-10-31T23:30:00Z', 'en'),
      todayJst(new Date('2026-10-31T15:00:00.000Z')),
    ];
    try {
      const seen = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati'].map((zone) => {
        process.env.TZ = zone;
        return read();
      });
      expect(new Date('2026-10-31T15:00:00.000Z').getDate()).toBe(1); // Kiritimati is UTC+14
      for (const dates of seen) expect(dates).toEqual(seen[0]);
      expect(seen[0]![0]).toBe('2026/11/01');
      expect(seen[0]![2]).toBe('2026年11月1日 00:00');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('writes an instant in Japan time unless told otherwise', () => {
    expect(formatDateTime('2026-12-01T00:05:00Z', 'en')).toBe('Dec 1, 2026, 09:05 AM');
  });

  it('writes an instant in the given time zone', () => {
    expect(formatDateTime('2026-12-01T00:05:00Z', 'en', 'Asia/Tokyo')).toBe('Dec 1, 2026, 09:05 AM');
    expect(formatDateTime(null, 'en')).toBe('');
  });

  it('adds the seconds for a log, in Japan time', () => {
    expect(formatJstDateTime('2026-12-01T00:05:07Z', 'en', true)).toBe('Dec 1, 2026, 09:05:07 AM');
    expect(formatJstDateTime('2026-12-01T00:05:07Z', 'ja', true)).toBe('2026年12月1日 09:05:07');
    expect(formatJstDateTime('2026-12-01T00:05:07Z', 'ja')).toBe('2026年12月1日 09:05');
  });

  it("reads today's date in Tokyo", () => {
    expect(todayJst(new Date('2026-03-31T14:59:59Z'))).toBe('2026-03-31');
    expect(todayJst(new Date('2026-03-31T15:00:00Z'))).toBe('2026-04-01');
  });
});
