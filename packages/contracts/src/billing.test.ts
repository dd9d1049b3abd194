import { describe, expect, it } from 'vitest';
import {
  addMonths,
  BILL_STATUSES,
  BILL_TRANSITIONS,
  canMove,
  consumptionTax,
  monthsBetween,
  pageViewFee,
  summaryRangeProblems,
} from './billing';

describe('billing rules', () => {
  it('charges page views per started 1,000 beyond the limit, nothing up to it', () => {
    expect(pageViewFee(50_000, 50_000, 800)).toBe(0);
    expect(pageViewFee(50_001, 50_000, 800)).toBe(800);
    expect(pageViewFee(51_000, 50_000, 800)).toBe(800);
    expect(pageViewFee(51_001, 50_000, 800)).toBe(1_600);
    expect(pageViewFee(10, 50_000, 800)).toBe(0);
  });

  it('rounds the 10 % tax down to the yen', () => {
    expect(consumptionTax(110_005)).toBe(11_000);
    expect(consumptionTax(110_009)).toBe(11_000);
    expect(consumptionTax(9)).toBe(0);
  });

  it('allows exactly the moves of the payment statuses (force-completing only from unpaid)', () => {
    const allowed = BILL_STATUSES.flatMap((s) =>
      (Object.keys(BILL_TRANSITIONS) as (keyof typeof BILL_TRANSITIONS)[])
        .filter((m) => canMove(s, m))
        .map((m) => `${s}:${m}->${BILL_TRANSITIONS[m].to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'UNPAID:CHARGE->PROCESSING',
        'UNPAID:MARK_PAID->PAID',
        'UNPAID:FORCE_COMPLETE->COMPLETED',
        'UNPAID:VOID->VOID',
        'PROCESSING:SUCCEED->PAID',
        'PROCESSING:FAIL->FAILED',
        'FAILED:RETRY->PROCESSING',
        'FAILED:MARK_PAID->PAID',
      ].sort(),
    );
  });

  it("checks the dashboard's months: no future month, none over a year ago, start before end", () => {
    const now = Date.parse('2026-11-25T03:00:00Z');
    expect(summaryRangeProblems({ from: '2025-11', to: '2026-11' }, now)).toEqual([]);
    expect(summaryRangeProblems({ from: '2025-10', to: '2026-12' }, now).map((p) => p.messageKey)).toEqual([
      'billing.monthTooOld',
      'billing.futureMonth',
    ]);
    expect(summaryRangeProblems({ from: '2026-09', to: '2026-08' }, now)[0]?.messageKey).toBe(
      'billing.monthRangeInvalid',
    );
    // 00:30 on 1 December in Japan is still 30 November in UTC: December is the current month.
    expect(
      summaryRangeProblems({ from: '2026-12', to: '2026-12' }, Date.parse('2026-11-30T15:30:00Z')),
    ).toEqual([]);
    expect(monthsBetween('2026-11', addMonths('2026-11', 2))).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});
