import { describe, expect, it } from 'vitest';
import { dayToMonth, manYen, monthToDay, okuYen } from './summary-format';

describe('summary money units', () => {
  it('writes MRR in 万円 with one decimal and ARR in 億円 with two', () => {
    expect(manYen(123_000, 'ja')).toBe('12.3');
    expect(manYen(1_234_567, 'en')).toBe('123.5');
    expect(manYen(0, 'ja')).toBe('0');
    expect(okuYen(15_000_000, 'ja')).toBe('0.15');
    expect(okuYen(1_476_000_000, 'kr')).toBe('14.76');
    expect(okuYen(1_800_000, 'cn')).toBe('0.02');
  });

  it('turns months into the pickers’ days and back', () => {
    expect(monthToDay('2026-03')).toBe('2026-03-01');
    expect(dayToMonth('2026-03-01')).toBe('2026-03');
  });
});
