import { describe, expect, it } from 'vitest';
import { ANALYSIS_DEFAULT_DAYS, daysBetween, jstToday, periodOf, ZAnalysisQuery } from './analytics';

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
