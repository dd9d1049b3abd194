import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCsvDate,
  formatCsvDateTime,
  formatCsvMonth,
  formatDate,
  formatDateTime,
  formatJstTime,
  formatLongDate,
  formatMonth,
  formatMonthDay,
  formatShortDate,
  formatYen,
  jstDay,
  jstMonthOf,
} from './jst-format';

// 00:00 JST on 1 November 2026 is still 31 October in UTC and further west.
const ISSUED = '2026-10-31T15:00:00.000Z';

describe('the day in Japan of an instant', () => {
  it('is the calendar day at UTC+9', () => {
    expect(jstDay(ISSUED)).toBe('2026-11-01');
    expect(jstDay(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(jstDay(Date.parse('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
    expect(jstMonthOf('2026-12-31T15:00:00Z')).toBe('2027-01');
    expect(jstDay('soon')).toBe('');
  });
});

describe('dates in the UI language', () => {
  it('writes a near day without its year, in Japan, in the UI languages', () => {
    expect(formatMonthDay(ISSUED, 'ja')).toBe('11月1日');
    expect(formatMonthDay('2026-12-31', 'en')).toBe('December 31');
    expect(formatMonthDay('2026-12-31', 'kr')).toBe('12월 31일');
  });

  it('writes a calendar date or an instant as its day in Japan', () => {
    expect(formatDate('2026-11-01', 'en')).toBe('Nov 1, 2026');
    expect(formatDate(ISSUED, 'en')).toBe('Nov 1, 2026');
    expect(formatDate(new Date(ISSUED), 'ja')).toBe('2026年11月1日');
    expect(formatDate(ISSUED, 'cn')).toBe('2026年11月1日');
    expect(formatDate(ISSUED, 'kr')).toBe('2026년 11월 1일');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
    // A published page's html languages name the same locales.
    expect(formatDate(ISSUED, 'ko')).toBe('2026년 11월 1일');
    expect(formatDate(ISSUED, 'zh')).toBe('2026年11月1日');
  });

  it('has a Y/m/d form for tables and a written-out one for mails and invoices', () => {
    expect(formatShortDate(ISSUED, 'ja')).toBe('2026/11/01');
    expect(formatShortDate(ISSUED, 'cn')).toBe('2026/11/01');
    expect(formatShortDate(ISSUED, 'en')).toBe('11/01/2026');
    expect(formatShortDate(ISSUED, 'kr')).toBe('2026. 11. 01.');
    expect(formatLongDate(ISSUED, 'en')).toBe('November 1, 2026');
    expect(formatLongDate(ISSUED, 'ja')).toBe('2026年11月1日');
    expect(formatLongDate('2026-11-30', 'kr')).toBe('2026년 11월 30일');
  });

  it('writes a month', () => {
    expect(formatMonth('2026-10', 'en')).toBe('October 2026');
    expect(formatMonth('2026-10', 'ja')).toBe('2026年10月');
    expect(formatMonth('2026-10', 'cn')).toBe('2026年10月');
    expect(formatMonth('2026-10', 'kr')).toBe('2026년 10월');
    expect(formatMonth(ISSUED, 'ja')).toBe('2026年11月');
    expect(formatMonth('2026-13', 'ja')).toBe('2026-13');
    expect(formatMonth(undefined, 'ja')).toBe('');
  });

  it('writes a date-time in Japan time', () => {
    expect(formatDateTime(ISSUED, 'ja')).toBe('2026年11月1日 00:00');
    expect(formatDateTime('2026-12-01T00:05:07Z', 'en', undefined, true)).toBe('Dec 1, 2026, 09:05:07 AM');
    expect(formatDateTime('2026-12-01T00:05:00Z', 'en', 'UTC')).toBe('Dec 1, 2026, 12:05 AM');
    expect(formatJstTime(new Date('2026-12-01T03:04:00Z'), 'ja')).toBe('12:04');
  });
});

describe('CSV cells', () => {
  it('are Y/m/d in Japan whatever the language', () => {
    expect(formatCsvDate(ISSUED)).toBe('2026/11/01');
    expect(formatCsvDate('2026-11-30')).toBe('2026/11/30');
    expect(formatCsvDateTime(ISSUED)).toBe('2026/11/01 00:00');
    expect(formatCsvDateTime(new Date('2026-12-01T00:05:59Z'))).toBe('2026/12/01 09:05');
    expect(formatCsvDateTime(null)).toBe('');
    expect(formatCsvMonth('2026-10')).toBe('2026/10');
  });
});

describe('money and counts', () => {
  it('writes yen with separators, the sign first, no decimals', () => {
    expect(formatYen(1_234_567)).toBe('¥1,234,567');
    expect(formatYen(1_234_567, 'kr')).toBe('¥1,234,567');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(99.5)).toBe('¥100');
    expect(formatYen(-1_000)).toBe('-¥1,000');
    expect(formatCount(12_345, 'ja')).toBe('12,345');
  });
});

describe('the time zone of the machine', () => {
  it('changes nothing', () => {
    const before = process.env.TZ;
    const read = () => [
      formatShortDate(ISSUED, 'ja'),
      formatDate(ISSUED, 'en'),
      formatLongDate(ISSUED, 'kr'),
      formatMonth(ISSUED, 'en'),
      formatDateTime(ISSUED, 'ja'),
      formatCsvDate(ISSUED),
      formatCsvDateTime(ISSUED),
      jstDay(new Date(ISSUED)),
    ];
    try {
      const seen = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati'].map((zone) => {
        process.env.TZ = zone;
        return read();
      });
      // The zone did change: the local day of the instant differs between Los Angeles and Kiritimati.
      process.env.TZ = 'America/Los_Angeles';
      expect(new Date(ISSUED).getDate()).toBe(31);
      for (const dates of seen) expect(dates).toEqual(seen[0]);
      expect(seen[0]![0]).toBe('2026/11/01');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
