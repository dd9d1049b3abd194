import { describe, expect, it } from 'vitest';
import { isRegistrationNumber, missingBillingSettings, ZBillingSettings } from './billing';

const complete = {
  issuerName: '株式会社スワイプLP',
  issuerAddress: '',
  registrationNumber: 'T9010401123456',
  licenseFee: 10_000,
  bankName: 'みずほ銀行',
  bankBranch: '渋谷中央支店',
  bankAccountType: 'ORDINARY',
  bankAccountNumber: '1234567',
  bankAccountHolder: 'カ）スワイプエルピー',
  notes: '',
  paymentTermDays: 30,
};

describe('billing settings', () => {
  it('a registration number is T and a 13-digit number whose first digit checks the other twelve', () => {
    // 日本税理士会連合会's, as the National Tax Agency publishes it, and the demo's.
    expect(isRegistrationNumber('T7010705000725')).toBe(true);
    expect(isRegistrationNumber('T9010401123456')).toBe(true);
    // One digit wrong, the check digit wrong, a leading 0, too short, no T, lower-case t.
    expect(isRegistrationNumber('T7010705000726')).toBe(false);
    expect(isRegistrationNumber('T8010705000725')).toBe(false);
    expect(isRegistrationNumber('T0000000000000')).toBe(false);
    expect(isRegistrationNumber('T701070500072')).toBe(false);
    expect(isRegistrationNumber('7010705000725')).toBe(false);
    expect(isRegistrationNumber('t7010705000725')).toBe(false);
    // The placeholder a fresh database starts with is not one.
    expect(ZBillingSettings.safeParse({ ...complete, registrationNumber: 'T0000000000000' }).success).toBe(
      false,
    );
  });

  it('names the required fields an invoice cannot be issued without', () => {
    expect(missingBillingSettings(complete)).toEqual([]);
    // A fresh database: placeholder issuer and number, no bank account.
    expect(
      missingBillingSettings({
        ...complete,
        issuerName: 'Swipe LP K.K.',
        registrationNumber: 'T0000000000000',
        bankName: '',
        bankBranch: '',
        bankAccountNumber: '',
        bankAccountHolder: '',
      }),
    ).toEqual(['registrationNumber', 'bankName', 'bankBranch', 'bankAccountNumber', 'bankAccountHolder']);
    expect(missingBillingSettings({ ...complete, bankAccountNumber: '123456' })).toEqual([
      'bankAccountNumber',
    ]);
    expect(missingBillingSettings({ ...complete, bankAccountType: 'FOREIGN' })).toEqual(['bankAccountType']);
    expect(missingBillingSettings({ ...complete, issuerName: '  ' })).toEqual(['issuerName']);
    // Optional fields never hold an invoice back, even when they are wrong.
    expect(missingBillingSettings({ ...complete, notes: 'x'.repeat(2000) })).toEqual([]);
  });
});
