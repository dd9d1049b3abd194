import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_DEFAULT_DAYS,
  COMPARISON_MIN_VISITS,
  daysBetween,
  jstToday,
  periodChange,
  periodOf,
  ZAnalysisQuery,
} from './analytics';

describe('the analysis period', () => {
  it('defaults to the last 30 days, today (JST) included', () => {
    const p = periodOf({});
    expect(p.to).toBe(jstToday());
    expect(daysBetween(p.from, p.to)).toBe(ANALYSIS_DEFAULT_DAYS);
    expect(p.problem).toBeUndefined();
  });

  it('names what is wrong, as the server refuses it', () => {
    expect(periodOf({ from: '2026-02-30', to: '2026-03-01' }).problem).toBe('analytics.dateInvalid');
    expect(periodOf({ from: '2026-03-02', to: '2026-03-01' }).problem).toBe('analytics.rangeInvalid');
    expect(periodOf({ from: '2025-01-01', to: '2026-03-01' }).problem).toBe('analytics.rangeTooLong');
    expect(periodOf({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    const refused = ZAnalysisQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['analytics.rangeInvalid']);
    expect(ZAnalysisQuery.safeParse({ from: 'soon' }).error?.issues[0]?.message).toBe(
      'analytics.dateInvalid',
    );
  });
});

describe('the change against the previous period', () => {
  it('is a share of the value then, once that period had enough visits', () => {
    expect(periodChange(125, 100, COMPARISON_MIN_VISITS)).toBe(0.25);
    expect(periodChange(0.2, 0.25, 400)).toBeCloseTo(-0.2, 10);
    expect(periodChange(5, 0, 400)).toBeNull();
    expect(periodChange(null, 3, 400)).toBeNull();
  });

  it('is not given against a period of too few visits (the demo had 21 before its 30 days)', () => {
    // 3,579 visits against 21 read as +16,943 %.
    expect(periodChange(3579, 21, 21)).toBe('TOO_FEW_VISITS');
    expect(periodChange(3579, 99, COMPARISON_MIN_VISITS - 1)).toBe('TOO_FEW_VISITS');
    expect(periodChange(0, 0, 0)).toBe('TOO_FEW_VISITS');
  });
});
