import { BILL_STATUSES } from '@swipe/contracts/billing';
import { describe, expect, it } from 'vitest';
import { formatYen } from '../../app/format';
import {
  BILL_STATUS_COLORS,
  billStatusColor,
  canPayNow,
  feeLines,
  formatCardBrand,
  formatCardExpiry,
  formatMonth,
  groupCardNumber,
  isCardExpired,
  manualMovesOf,
  monthOfPicked,
  parseExpiry,
  pickedOfMonth,
  previousMonth,
  shapeExpiry,
} from './billing-format';

describe('bill statuses', () => {
  it('gives each of the six statuses its own colour', () => {
    const colors = BILL_STATUSES.map((s) => billStatusColor(s));
    expect(new Set(colors).size).toBe(BILL_STATUSES.length);
    expect(Object.keys(BILL_STATUS_COLORS).sort()).toEqual([...BILL_STATUSES].sort());
    expect(billStatusColor('PAID')).toBe('teal.9');
    expect(billStatusColor('FAILED')).toBe('red.9');
  });

  it('offers the manual moves the status allows', () => {
    expect(manualMovesOf('UNPAID')).toEqual(['MARK_PAID', 'FORCE_COMPLETE', 'VOID']);
    expect(manualMovesOf('FAILED')).toEqual(['MARK_PAID']);
    for (const s of ['PAID', 'PROCESSING', 'VOID', 'COMPLETED'] as const)
      expect(manualMovesOf(s)).toEqual([]);
  });

  it('lets the holder pay unpaid or failed card bills, and transfers past their due date', () => {
    const today = '2026-11-30';
    const card = { method: 'CARD', dueDate: '2026-12-31' } as const;
    const transfer = { method: 'BANK_TRANSFER', dueDate: '2026-11-30' } as const;
    expect(canPayNow({ ...card, status: 'UNPAID' }, today)).toBe(true);
    expect(canPayNow({ ...card, status: 'FAILED' }, today)).toBe(true);
    expect(canPayNow({ ...card, status: 'PAID' }, today)).toBe(false);
    expect(canPayNow({ ...transfer, status: 'UNPAID' }, today)).toBe(false);
    expect(canPayNow({ ...transfer, status: 'UNPAID' }, '2026-12-01')).toBe(true);
    expect(canPayNow({ ...transfer, status: 'PAID' }, '2026-12-01')).toBe(false);
  });
});

describe('money and months', () => {
  it('formats yen without decimals in every language', () => {
    expect(formatYen(110000, 'en')).toBe('¥110,000');
    expect(formatYen(110000, 'ja')).toBe('¥110,000');
    expect(formatYen(0, 'kr')).toBe('¥0');
  });

  it('lists the initial fee only when it was charged', () => {
    const bill = { planFee: 10000, pageViewFee: 500, licenseFee: 0, initialFee: 0 };
    expect(feeLines(bill).map((l) => l.kind)).toEqual(['planFee', 'pageViewFee', 'licenseFee']);
    expect(feeLines({ ...bill, initialFee: 100000 }).at(-1)).toEqual({ kind: 'initialFee', amount: 100000 });
  });

  it('names a month in the UI language', () => {
    expect(formatMonth('2026-03', 'en')).toBe('March 2026');
    expect(formatMonth('2026-03', 'ja')).toBe('2026年3月');
    expect(formatMonth('bad', 'en')).toBe('bad');
    expect(formatMonth(null, 'en')).toBe('');
  });

  it('finds the previous month across a year', () => {
    expect(previousMonth('2026-01-15')).toBe('2025-12');
    expect(previousMonth('2026-11-01')).toBe('2026-10');
  });

  it('converts between the month picker and the month filter', () => {
    expect(monthOfPicked('2026-04-01')).toBe('2026-04');
    expect(monthOfPicked(null)).toBeUndefined();
    expect(pickedOfMonth('2026-04')).toBe('2026-04-01');
    expect(pickedOfMonth(undefined)).toBeNull();
  });
});

describe('the test-mode card form', () => {
  it('groups the number and shapes the expiry as typed', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-42a')).toBe('4242 42');
    expect(shapeExpiry('1229')).toBe('12/29');
    expect(shapeExpiry('1')).toBe('1');
  });

  it('parses MM/YY and MM/YYYY, refusing impossible months', () => {
    expect(parseExpiry('04/29')).toEqual({ expMonth: 4, expYear: 2029 });
    expect(parseExpiry('4/2031')).toEqual({ expMonth: 4, expYear: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('0429')).toBeNull();
  });

  it('treats a card as valid through its expiry month', () => {
    const now = new Date('2026-05-20T03:00:00Z'); // May 2026
    expect(isCardExpired(5, 2026, now)).toBe(false);
    expect(isCardExpired(4, 2026, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
    // 00:30 on 1 May in Japan: an April card has expired, in any zone of the browser.
    expect(isCardExpired(4, 2026, new Date('2026-04-30T15:30:00Z'))).toBe(true);
  });

  it('shows expiry and brand', () => {
    expect(formatCardExpiry(4, 2029)).toBe('04/29');
    expect(formatCardBrand('visa')).toBe('Visa');
    expect(formatCardBrand('amex')).toBe('American Express');
    expect(formatCardBrand('test')).toBe('Test');
  });
});
