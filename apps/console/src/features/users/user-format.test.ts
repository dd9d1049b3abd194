import { describe, expect, it } from 'vitest';
import { actionsForStatus, firstOfNextMonthJst } from './user-format';

describe('contract rules of the user pages', () => {
  it('puts a plan change on the first day of next month, JST', () => {
    expect(firstOfNextMonthJst(new Date('2026-11-15T03:00:00Z'))).toBe('2026-12-01');
    // 2026-11-30 16:00 UTC is already December 1st in Tokyo.
    expect(firstOfNextMonthJst(new Date('2026-11-30T16:00:00Z'))).toBe('2027-01-01');
    expect(firstOfNextMonthJst(new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
  });

  it('offers the contract transitions per status (suspend, resume, terminate)', () => {
    expect(actionsForStatus('ACTIVE')).toEqual(['SUSPEND', 'TERMINATE']);
    expect(actionsForStatus('SUSPENDED')).toEqual(['RESUME', 'TERMINATE']);
    expect(actionsForStatus('TERMINATED')).toEqual([]);
    expect(actionsForStatus(undefined)).toEqual([]);
  });
});
