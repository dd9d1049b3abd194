import { describe, expect, it } from 'vitest';
import { minimumContractEnd, minimumTermBills } from './users';

// The minimum term: contracts run at least 12 months with no early cancellation. A contract ended
// early keeps its monthly bill through the month its minimum term ends in.

const contract = (startDate: string, endDate = '2030-12-31') => ({ startDate, endDate, planPrice: 30_000 });

describe('the minimum term', () => {
  it('ends 12 months after the start, the day before: a start on the 1st ends in the 12th month, one on the last day in the 13th', () => {
    expect(minimumContractEnd('2026-02-01')).toBe('2027-01-31');
    expect(minimumContractEnd('2026-01-31')).toBe('2027-01-30');
    expect(minimumContractEnd('2024-02-29')).toBe('2025-02-28');
  });

  it('bills every month after the one it ended in, through the month the term ends in', () => {
    // Started on 1 Feb 2026: the term ends on 31 Jan 2027.
    const month1 = minimumTermBills(contract('2026-02-01'), '2026-02-10');
    expect(month1.months).toHaveLength(11); // March 2026 .. January 2027
    expect(month1.months[0]).toBe('2026-03');
    expect(month1.months.at(-1)).toBe('2027-01');
    expect(month1).toMatchObject({ minimumEnd: '2027-01-31', total: 330_000, lastIssuedOn: '2027-02-01' });
    // Month 11 (December): January is left. Month 12 (January 2027) and after: nothing more.
    expect(minimumTermBills(contract('2026-02-01'), '2026-12-20').months).toEqual(['2027-01']);
    expect(minimumTermBills(contract('2026-02-01'), '2027-01-31')).toMatchObject({
      months: [],
      total: 0,
      lastIssuedOn: null,
    });
    expect(minimumTermBills(contract('2026-02-01'), '2027-03-05').months).toEqual([]);
  });

  it('a contract started on the last day of a month runs into a 13th calendar month', () => {
    // Started on 31 Jan 2026: the term ends on 30 Jan 2027, so January 2027 is billed too.
    const early = minimumTermBills(contract('2026-01-31'), '2026-01-31');
    expect(early.months[0]).toBe('2026-02');
    expect(early.months.at(-1)).toBe('2027-01');
    expect(early.months).toHaveLength(12);
    // Ended in its 12th month (January 2027 is the month of the term's end): nothing more.
    expect(minimumTermBills(contract('2026-01-31'), '2027-01-15').months).toEqual([]);
    // Ended in its 12th month counted from the start, December 2026: January 2027 is left.
    expect(minimumTermBills(contract('2026-01-31'), '2026-12-31').months).toEqual(['2027-01']);
  });

  it('never bills past the contract end, and bills a contract ended before it started from its first month', () => {
    expect(minimumTermBills(contract('2026-02-01', '2026-06-30'), '2026-03-01').months).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    const notStarted = minimumTermBills(contract('2026-05-01'), '2026-03-20');
    expect(notStarted.months[0]).toBe('2026-05');
    expect(notStarted.months).toHaveLength(12);
  });
});
