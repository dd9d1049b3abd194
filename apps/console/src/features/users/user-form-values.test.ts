import type { TUserDetail } from '@swipe/contracts/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../app/catalogue';
import { zodErrors } from '../../app/forms';
import {
  createDefaults,
  followStartDate,
  toCreateBody,
  toUpdateBody,
  updateDefaults,
  updateSchema,
  ZCreateForm,
} from './user-form-values';

const PARENT = '0b7d8a3e-8f5d-4c1a-9d55-3b1f2c4e5a6b';
const NOW = new Date('2026-05-10T01:00:00Z');

// The console fetches the message catalogue on demand; these cases read its texts.
beforeAll(() => loadCatalogue());

describe('create-user form values', () => {
  it('prefills the contract from today (JST) to the 12-month minimum', () => {
    const v = createDefaults(PARENT, 'DIRECT_USER', 'en', NOW);
    expect(v.contractStartDate).toBe('2026-05-10');
    expect(v.contractEndDate).toBe('2027-05-09');
  });

  it('requires company, plan and contract for a kind that creates an account, in the UI language', () => {
    const v = { ...createDefaults(PARENT, 'USER', 'ja', NOW), email: 'x@example.com', contactName: 'X' };
    expect(zodErrors(ZCreateForm, v, 'en')).toEqual({
      companyName: 'This field is required.',
      planId: 'This field is required.',
    });
    expect(zodErrors(ZCreateForm, { ...v, companyName: 'A', planId: 'p' }, 'en')).toEqual({});
  });

  it('refuses an end date before the 12-month minimum', () => {
    const v = {
      ...createDefaults(PARENT, 'DIRECT_USER', 'en', NOW),
      companyName: 'A',
      email: 'a@example.com',
      contactName: 'A',
      planId: 'p',
      contractEndDate: '2027-05-08',
    };
    expect(zodErrors(ZCreateForm, v, 'en').contractEndDate).toBe(
      'Contracts run at least 12 months; the end date cannot be earlier.',
    );
  });

  it('sends no account or contract fields for an OEM admin, who joins the parent account', () => {
    const v = { ...createDefaults(PARENT, 'OEM_ADMIN', 'kr', NOW), email: 'a@example.com', contactName: 'A' };
    const body = toCreateBody(v);
    expect(body).not.toHaveProperty('planId');
    expect(body).not.toHaveProperty('companyName');
    expect(body).not.toHaveProperty('contractStartDate');
    expect(body).toMatchObject({ kind: 'OEM_ADMIN', language: 'kr', authority: 'EDIT' });
    expect(zodErrors(ZCreateForm, v, 'en')).toEqual({});
  });

  it('moves an end date left at the minimum with the start date, and keeps a chosen one', () => {
    const v = { contractStartDate: '2026-05-10', contractEndDate: '2027-05-09' };
    expect(followStartDate(v, '2026-06-01')).toBe('2027-05-31');
    expect(followStartDate({ ...v, contractEndDate: '2028-01-31' }, '2026-06-01')).toBe('2028-01-31');
    expect(followStartDate({ ...v, contractEndDate: '2027-06-30' }, '2026-09-01')).toBe('2027-08-31');
  });
});

describe('update-user form values', () => {
  const detail = {
    companyName: 'Hinode Foods Inc.',
    email: 'user@example.com',
    contactName: 'Ken',
    managerName: null,
    authority: 'EDIT',
    logoEnabled: false,
    ownsContract: true,
    contract: { startDate: '2026-01-01', endDate: '2026-12-31', licenseIssued: true },
  } as unknown as TUserDetail;

  it('sends the end date only when it changed, and refuses one below the minimum', () => {
    const v = updateDefaults(detail);
    expect(v.managerName).toBe('');
    expect(toUpdateBody(v, detail)).not.toHaveProperty('contractEndDate');
    expect(toUpdateBody({ ...v, contractEndDate: '2027-03-31' }, detail).contractEndDate).toBe('2027-03-31');
    expect(zodErrors(updateSchema(detail), { ...v, contractEndDate: '2026-11-30' }, 'en')).toHaveProperty(
      'contractEndDate',
    );
  });

  it('edits only the person of a user who works under another account contract', () => {
    const admin = { ...detail, ownsContract: false } as TUserDetail;
    expect(Object.keys(toUpdateBody(updateDefaults(admin), admin)).sort()).toEqual([
      'authority',
      'contactName',
      'email',
      'managerName',
    ]);
  });
});
