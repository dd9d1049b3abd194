import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { contracts } from '../../db/schema/plans';
import { hashPassword } from '../../platform/password-hash';
import type { TTestApp } from '../../test/harness';
import { startContractsTestApp, type TSignedInCall } from './users-test-kit';

// What an ended, terminated or suspended contract freezes, and how far a sub-admin's authority
// reaches: the rules that sit between the contract machine and the guard.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  ({ t, call } = await startContractsTestApp());
});
afterAll(async () => t?.close());

const Y = new Date().getUTCFullYear() + 1;
let n = 0;
const companyBody = (parentAccountId: string, over: Record<string, unknown> = {}) => ({
  parent_account_id: parentAccountId,
  kind: 'USER',
  company_name: `Closed Test ${++n}`,
  email: `closed-${n}@example.com`,
  contact_name: 'Someone',
  plan_id: t.fixtures.plans.light!.id,
  contract_start_date: `${Y}-01-01`,
  contract_end_date: `${Y}-12-31`,
  ...over,
});

describe('contract dates', () => {
  it('refuses an end date in the past before any other date rule', async () => {
    const res = await call(
      'master@example.com',
      'POST',
      '/api/users',
      companyBody(t.fixtures.accounts.oem.id, {
        contract_start_date: '2020-01-01',
        contract_end_date: '2020-12-31',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'contract_end_date', message: 'The contract end date must be today or later.' },
    ]);
  });
});

describe('a terminated OEM', () => {
  it('freezes the companies below it: no edits, no contract actions, no new users', async () => {
    // A fresh OEM with one company, so the seeded tree stays intact for the other tests.
    const oem = await call('master@example.com', 'POST', '/api/users', {
      ...companyBody(t.fixtures.accounts.platform.id),
      kind: 'OEM_MASTER',
      plan_id: t.fixtures.plans.pro!.id,
    });
    expect(oem.statusCode, oem.body).toBe(201);
    const oemAccountId = oem.json().data.account_id as string;
    const company = await call('master@example.com', 'POST', '/api/users', companyBody(oemAccountId));
    expect(company.statusCode, company.body).toBe(201);
    const companyUserId = company.json().data.id as string;

    const terminate = await call(
      'master@example.com',
      'POST',
      `/api/users/${oem.json().data.id}/contract/terminate`,
    );
    expect(terminate.statusCode, terminate.body).toBe(200);

    const detail = await call('master@example.com', 'GET', `/api/users/${companyUserId}`);
    expect(detail.json().data).toMatchObject({ editable: false, allowed_actions: [] });
    expect(detail.json().data.contract.status).toBe('ACTIVE');

    const before = await t.ctx.db.select().from(users).where(eq(users.id, companyUserId));
    const update = await call('master@example.com', 'PUT', `/api/users/${companyUserId}`, {
      email: company.json().data.email,
      contact_name: 'Changed',
      authority: 'EDIT',
    });
    expect(update.statusCode).toBe(409);
    expect(update.json().code).toBe('CONTRACT_TERMINATED');
    const after = await t.ctx.db.select().from(users).where(eq(users.id, companyUserId));
    expect(after[0]!.name).toBe(before[0]!.name);

    for (const action of ['suspend', 'terminate']) {
      const res = await call('master@example.com', 'POST', `/api/users/${companyUserId}/contract/${action}`);
      expect(res.statusCode, action).toBe(409);
    }
    const plan = await call('master@example.com', 'PUT', `/api/users/${companyUserId}/contract/plan`, {
      plan_id: t.fixtures.plans.standard!.id,
    });
    expect(plan.statusCode).toBe(409);

    const under = await call('master@example.com', 'POST', '/api/users', companyBody(oemAccountId));
    expect(under.statusCode).toBe(400);
    expect(under.json().errors).toContainEqual({
      field: 'parent_account_id',
      message: "The parent account's contract has ended or been terminated; no users can be added under it.",
    });
  });
});

describe('an ended (inactive) contract', () => {
  it('is read-only for the operator too', async () => {
    const tsubame = t.fixtures.users.tsubameUser;
    const detail = await call('master@example.com', 'GET', `/api/users/${tsubame.id}`);
    expect(detail.json().data).toMatchObject({ editable: false, allowed_actions: [] });
    const update = await call('master@example.com', 'PUT', `/api/users/${tsubame.id}`, {
      email: tsubame.email,
      contact_name: 'Changed',
      authority: 'EDIT',
    });
    expect(update.statusCode).toBe(409);
    const plan = await call('master@example.com', 'PUT', `/api/users/${tsubame.id}/contract/plan`, {
      plan_id: t.fixtures.plans.standard!.id,
    });
    expect(plan.statusCode).toBe(409);
  });
});

describe('a suspended contract', () => {
  it('takes no plan change until it is resumed', async () => {
    const kaede = t.fixtures.users.kaedeUser;
    const res = await call('master@example.com', 'PUT', `/api/users/${kaede.id}/contract/plan`, {
      plan_id: t.fixtures.plans.standard!.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A plan change can only be scheduled for an active contract.');
    const [row] = await t.ctx.db
      .select()
      .from(contracts)
      .where(eq(contracts.accountId, t.fixtures.accounts.kaede.id));
    expect(row!.pendingPlanId).toBeNull();
  });
});

describe('sub-admins', () => {
  it('never have more authority than the person they assist', async () => {
    // sub-direct@ has edit authority; its principal direct@ is made view-only by the master.
    const direct = t.fixtures.users.directUser;
    const before = await call('sub-direct@example.com', 'POST', '/api/admins', {
      name: 'Allowed',
      email: 'allowed-before@example.com',
      admin_role_label: 'EDITOR',
      authority: 'EDIT',
    });
    expect(before.statusCode, before.body).toBe(201);

    await t.ctx.db.update(users).set({ authority: 'VIEW' }).where(eq(users.id, direct.id));
    try {
      const after = await call('sub-direct@example.com', 'POST', '/api/admins', {
        name: 'Refused',
        email: 'refused-after@example.com',
        admin_role_label: 'EDITOR',
        authority: 'EDIT',
      });
      expect(after.statusCode).toBe(403);
      const [created] = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, 'refused-after@example.com'));
      expect(created).toBeUndefined();
      const info = await call('sub-direct@example.com', 'GET', '/api/auth/user-info');
      expect(info.json().data.authority).toBe('VIEW');
    } finally {
      await t.ctx.db.update(users).set({ authority: 'EDIT' }).where(eq(users.id, direct.id));
    }
  });

  it('may not delete the account they assist, even with edit authority', async () => {
    const summary = await call('sub-direct@example.com', 'GET', '/api/account/deletion');
    expect(summary.statusCode).toBe(403);
    const res = await call('sub-direct@example.com', 'DELETE', '/api/account', {
      password: 'Demo@2026pass',
      confirmation: t.fixtures.accounts.direct.name,
    });
    expect(res.statusCode).toBe(403);
    const [principal] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, t.fixtures.users.directUser.id));
    expect(principal!.deletedAt).toBeNull();
  });

  it('lose access once the person they assist is deleted', async () => {
    const created = await call(
      'oem@example.com',
      'POST',
      '/api/users',
      companyBody(t.fixtures.accounts.oem.id),
    );
    expect(created.statusCode, created.body).toBe(201);
    const principalId = created.json().data.id as string;
    const [principal] = await t.ctx.db.select().from(users).where(eq(users.id, principalId));
    const password = 'Orphan@2026pass';
    await t.ctx.db.insert(users).values({
      accountId: principal!.accountId,
      parentUserId: principalId,
      email: 'orphan-sub@example.com',
      name: 'Orphan',
      role: 'SUB_ADMIN',
      authority: 'EDIT',
      passwordHash: await hashPassword(password),
    });
    const { access_token } = await t.login('orphan-sub@example.com', password);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user-info',
      headers: t.bearer(access_token),
    });
    expect(ok.statusCode).toBe(200);

    await t.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, principalId));
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user-info',
      headers: t.bearer(access_token),
    });
    expect(gone.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login_id: 'orphan-sub@example.com', password },
    });
    expect(login.statusCode).toBe(401);
  });
});
