import { describe, expect, it } from 'vitest';
import { compactYen, dayToMonth, monthToDay } from './summary-format';

// The exact strings per UI language: the demo's MRR (¥510,000) and ARR (¥6,120,000), the
// issue's ¥230,000 and ¥2,760,000, and the edges of each unit.

describe('summary money', () => {
  it('reads ¥230K / ¥2.76M in English', () => {
    expect(compactYen(230_000, 'en')).toBe('¥230K');
    expect(compactYen(2_760_000, 'en')).toBe('¥2.76M');
    expect(compactYen(510_000, 'en')).toBe('¥510K');
    expect(compactYen(6_120_000, 'en')).toBe('¥6.12M');
    expect(compactYen(612_345, 'en')).toBe('¥612K');
    expect(compactYen(1_476_000_000, 'en')).toBe('¥1.48B');
    expect(compactYen(5_000, 'en')).toBe('¥5K');
    expect(compactYen(0, 'en')).toBe('¥0');
  });

  it('reads 万円 and 億円 in Japanese', () => {
    expect(compactYen(230_000, 'ja')).toBe('23万円');
    expect(compactYen(2_760_000, 'ja')).toBe('276万円');
    expect(compactYen(510_000, 'ja')).toBe('51万円');
    expect(compactYen(6_120_000, 'ja')).toBe('612万円');
    expect(compactYen(612_345, 'ja')).toBe('61.2万円');
    expect(compactYen(12_345_678, 'ja')).toBe('1,235万円');
    expect(compactYen(123_456_789, 'ja')).toBe('1.23億円');
    expect(compactYen(1_476_000_000, 'ja')).toBe('14.8億円');
    expect(compactYen(5_000, 'ja')).toBe('5,000円');
    expect(compactYen(0, 'ja')).toBe('0円');
  });

  it('reads 만 엔 and 억 엔 in Korean', () => {
    expect(compactYen(230_000, 'kr')).toBe('23만 엔');
    expect(compactYen(2_760_000, 'kr')).toBe('276만 엔');
    expect(compactYen(612_345, 'kr')).toBe('61.2만 엔');
    expect(compactYen(123_456_789, 'kr')).toBe('1.23억 엔');
    expect(compactYen(0, 'kr')).toBe('0 엔');
  });

  it('reads 万日元 and 亿日元 in Chinese', () => {
    expect(compactYen(230_000, 'cn')).toBe('23万日元');
    expect(compactYen(2_760_000, 'cn')).toBe('276万日元');
    expect(compactYen(612_345, 'cn')).toBe('61.2万日元');
    expect(compactYen(123_456_789, 'cn')).toBe('1.23亿日元');
    expect(compactYen(5_000, 'cn')).toBe('5,000日元');
  });

  it('never writes a multiple of a unit', () => {
    for (const lang of ['en', 'ja', 'cn', 'kr'])
      for (const yen of [0, 300, 230_000, 2_760_000, 30_000, 3_000_000])
        expect(compactYen(yen, lang)).not.toMatch(/×|^0\.|[^\d]0\.\d/);
  });

  it('turns months into the pickers’ days and back', () => {
    expect(monthToDay('2026-03')).toBe('2026-03-01');
    expect(dayToMonth('2026-03-01')).toBe('2026-03');
  });
});
