import { describe, expect, it } from 'vitest';
import { columnOfField, readBoolean, readDate, readHeader, toCreateBody } from './import-rows';

const PARENT = '00000000-0000-4000-8000-000000000001';
const planIds = new Map([
  ['standard', 'plan-standard'],
  ['premium_multi', 'plan-premium-multi'],
]);

describe('readHeader', () => {
  it('accepts snake_case keys and the labels of all four languages, in any order', () => {
    const columns = ['kind', 'email', 'contactName'];
    for (const header of [
      ['kind', 'email', 'contact_name'],
      ['Account type', 'Email', 'Contact person'],
      ['アカウント種別', 'メールアドレス', '担当者名'],
      ['账户类型', '电子邮件', '联系人'],
      ['계정 유형', '이메일', '담당자명'],
      [' KIND ', 'E-mail', 'CONTACT NAME'],
    ])
      expect(readHeader(header)).toEqual({ ok: true, columns });
  });

  it('ignores unknown columns but refuses a header without the required ones', () => {
    expect(readHeader(['memo', 'kind', 'email', 'contact_name'])).toEqual({
      ok: true,
      columns: [null, 'kind', 'email', 'contactName'],
    });
    expect(readHeader(['kind', 'email'])).toEqual({
      ok: false,
      messageKey: 'userImport.missingColumns',
      params: { columns: 'contact_name' },
    });
    expect(readHeader(['foo', 'bar'])).toMatchObject({ ok: false, messageKey: 'userImport.notCsv' });
    expect(readHeader(['email', 'メールアドレス', 'kind', 'contact_name'])).toMatchObject({
      ok: false,
      messageKey: 'userImport.duplicateColumn',
    });
  });
});

describe('cell readers', () => {
  it('reads dates as YYYY-MM-DD or the YYYY/M/D Excel writes, rejecting impossible ones', () => {
    expect(readDate('2026-04-01')).toBe('2026-04-01');
    expect(readDate('2026/4/1')).toBe('2026-04-01');
    expect(readDate('２０２６/０４/０１')).toBe('2026-04-01');
    expect(readDate('2026-02-30')).toBeNull();
    expect(readDate('01/04/2026')).toBeNull();
  });

  it('reads yes/no, 1/0 and true/false', () => {
    expect(['yes', 'Y', '1', 'TRUE'].map(readBoolean)).toEqual([true, true, true, true]);
    expect(['no', 'n', '0', 'False'].map(readBoolean)).toEqual([false, false, false, false]);
    expect(readBoolean('maybe')).toBeNull();
  });
});

describe('toCreateBody', () => {
  it('builds the create-user body of a row', () => {
    const { body, issues } = toCreateBody(
      {
        kind: 'user',
        companyName: '株式会社テスト',
        email: 'a@example.com',
        contactName: '山田',
        managerName: '',
        authority: 'VIEW',
        planCode: 'Premium_Multi',
        contractStart: '2026/4/1',
        contractEnd: '2027-03-31',
        licenseIssued: 'yes',
        logoEnabled: '0',
        language: 'en',
      },
      { parentAccountId: PARENT, planIds },
    );
    expect(issues).toEqual([]);
    expect(body).toEqual({
      parentAccountId: PARENT,
      kind: 'USER',
      companyName: '株式会社テスト',
      email: 'a@example.com',
      contactName: '山田',
      managerName: '',
      authority: 'VIEW',
      planId: 'plan-premium-multi',
      contractStartDate: '2026-04-01',
      contractEndDate: '2027-03-31',
      licenseIssued: true,
      logoEnabled: false,
      language: 'en',
    });
  });

  it('leaves empty optional cells to the schema defaults and names each unreadable cell', () => {
    const { body, issues } = toCreateBody(
      {
        kind: 'admin',
        email: 'x',
        contactName: 'x',
        authority: 'owner',
        planCode: 'gold',
        contractStart: '2026-13-01',
        licenseIssued: 'maybe',
        language: 'fr',
      },
      { parentAccountId: PARENT, planIds },
    );
    expect(body).not.toHaveProperty('authority');
    expect(body).not.toHaveProperty('language');
    expect(issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['kind', 'userImport.invalidKind'],
      ['authority', 'userImport.invalidAuthority'],
      ['plan_code', 'userImport.unknownPlan'],
      ['contract_start', 'userImport.invalidDate'],
      ['license_issued', 'userImport.invalidBoolean'],
      ['language', 'userImport.invalidLanguage'],
    ]);
  });
});

describe('columnOfField', () => {
  it('names the CSV column for a form field or a service error field', () => {
    expect(columnOfField('planId')).toBe('plan_code');
    expect(columnOfField('contractEndDate')).toBe('contract_end');
    expect(columnOfField('contract_start_date')).toBe('contract_start');
    expect(columnOfField('email')).toBe('email');
    expect(columnOfField('companyName')).toBe('company_name');
    expect(columnOfField('parentAccountId')).toBe('row');
  });
});
