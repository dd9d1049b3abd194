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
