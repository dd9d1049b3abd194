import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/auth';
import { contracts } from '../../db/schema/plans';
import { mails } from '../../db/schema/platform';
import type { TTestApp } from '../../test/harness';
import { startContractsTestApp, type TSignedInCall } from './users-test-kit';

// Contract dates lie in the future whenever the tests run (an end date must not be past).
const Y = new Date().getUTCFullYear() + 1;

// The contract status machine: suspend, resume, terminate, and what each does to access.

let t: TTestApp;
let call: TSignedInCall;
let ended: string[][];
beforeAll(async () => {
  ({ t, call, ended } = await startContractsTestApp());
});
afterAll(async () => t?.close());

let n = 0;
/** A fresh company under the OEM, created by the master; returns the new user's id and email. */
async function newCustomer() {
  const email = `customer-${++n}@example.com`;
  const res = await call('master@example.com', 'POST', '/api/users', {
    parent_account_id: t.fixtures.accounts.oem.id,
    kind: 'USER',
    company_name: `Customer ${n}`,
    email,
    contact_name: 'Customer',
    plan_id: t.fixtures.plans.light!.id,
    contract_start_date: `${Y}-01-01`,
    contract_end_date: `${Y}-12-31`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as string, accountId: res.json().data.account_id as string, email };
}

const act = (caller: string, id: string, action: string) =>
  call(caller, 'POST', `/api/users/${id}/contract/${action}`);

describe('contract transitions', () => {
  it('allows every legal transition and answers the new detail with a message', async () => {
    const c = await newCustomer();
    const suspend = await act('oem@example.com', c.id, 'suspend');
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(suspend.json().message).toBe(
      'The contract has been suspended. Its users can still sign in but cannot edit anything.',
    );
    expect(suspend.json().data.contract.status).toBe('SUSPENDED');
    expect(suspend.json().data.allowed_actions).toEqual(['RESUME', 'TERMINATE']);
    const resume = await act('oem@example.com', c.id, 'resume');
    expect(resume.json()).toMatchObject({
      message: 'The contract has been resumed.',
      data: { contract: { status: 'ACTIVE' } },
    });
    const terminate = await act('oem@example.com', c.id, 'terminate');
    expect(terminate.json().data).toMatchObject({
      contract: { status: 'TERMINATED' },
      editable: false,
      allowed_actions: [],
    });

    const d = await newCustomer();
    await act('master@example.com', d.id, 'suspend');
    expect((await act('master@example.com', d.id, 'terminate')).json().data.contract.status).toBe(
      'TERMINATED',
    );
  });

  it('refuses every illegal transition with 409 CONTRACT_TRANSITION_INVALID', async () => {
    const c = await newCustomer();
    const expectInvalid = async (action: string, message: string) => {
      const res = await act('master@example.com', c.id, action);
      expect(res.statusCode, `${action}`).toBe(409);
      expect(res.json()).toEqual({ code: 'CONTRACT_TRANSITION_INVALID', message });
    };
    await expectInvalid('resume', 'Only a suspended contract can be resumed.');
    await act('master@example.com', c.id, 'suspend');
    await expectInvalid('suspend', 'Only an active contract can be suspended.');
    await act('master@example.com', c.id, 'terminate');
    await expectInvalid('suspend', 'Only an active contract can be suspended.');
    await expectInvalid('resume', 'Only a suspended contract can be resumed.');
    await expectInvalid('terminate', 'Only an active or suspended contract can be terminated.');
    const inactive = t.fixtures.users.tsubameUser.id;
    for (const action of ['suspend', 'resume', 'terminate'])
      expect((await act('master@example.com', inactive, action)).json().code).toBe(
        'CONTRACT_TRANSITION_INVALID',
      );
  });

  it('acts only on users that hold their contract and whom the caller manages', async () => {
    const admin = await act('master@example.com', t.fixtures.users.oemAdmin.id, 'suspend');
    expect(admin.statusCode).toBe(409);
    expect(admin.json().code).toBe('CONFLICT');
    expect((await act('oem-admin@example.com', t.fixtures.users.oemMaster.id, 'suspend')).statusCode).toBe(
      403,
    );
    expect((await act('oem@example.com', t.fixtures.users.directUser.id, 'suspend')).statusCode).toBe(404);
  });
});

describe('a view-only sub-admin', () => {
  it('gets 403 on every write', async () => {
    const { user } = t.fixtures.users;
    const writes: [string, string, object?][] = [
      [
        'POST',
        '/api/users',
        {
          parent_account_id: t.fixtures.accounts.oem.id,
          kind: 'OEM_ADMIN',
          email: 'x@example.com',
          contact_name: 'X',
        },
      ],
      ['PUT', `/api/users/${user.id}`, { email: 'user@example.com', contact_name: 'X', authority: 'EDIT' }],
      ['POST', `/api/users/${user.id}/contract/suspend`],
      ['POST', `/api/users/${user.id}/contract/resume`],
      ['POST', `/api/users/${user.id}/contract/terminate`],
      ['PUT', `/api/users/${user.id}/contract/plan`, { plan_id: t.fixtures.plans.premium!.id }],
      ['DELETE', `/api/users/${user.id}/contract/plan`],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call('sub@example.com', method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await call('sub@example.com', 'GET', `/api/users/${user.id}`)).statusCode).toBe(200);
  });
});

describe('a suspended contract', () => {
  it('leaves its subtree reading only, and the accounts above it untouched', async () => {
    const { oemMaster, oemAdmin, user } = t.fixtures.users;
    expect((await act('master@example.com', oemMaster.id, 'suspend')).statusCode).toBe(200);
    // Users of the suspended OEM and of the companies below it still sign in and read.
    await t.login('oem@example.com');
    await t.login('user@example.com');
    expect((await call('oem@example.com', 'GET', '/api/users')).statusCode).toBe(200);
    expect((await call('oem@example.com', 'GET', `/api/users/${user.id}`)).json().data.editable).toBe(false);
    const write = await call('oem@example.com', 'PUT', `/api/users/${oemAdmin.id}`, {
      email: 'oem-admin@example.com',
      contact_name: 'Taro Suzuki',
      authority: 'EDIT',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      code: 'CONTRACT_SUSPENDED',
      message: 'Your contract is suspended; you can view but not edit. Please contact the administrator.',
    });
    expect((await act('oem-admin@example.com', user.id, 'suspend')).json().code).toBe('CONTRACT_SUSPENDED');
    // The master above is unaffected and can still edit and resume.
    const masterWrite = await call('master@example.com', 'PUT', `/api/users/${oemAdmin.id}`, {
      email: 'oem-admin@example.com',
      contact_name: 'Taro Suzuki',
      authority: 'EDIT',
    });
    expect(masterWrite.statusCode).toBe(200);
    expect((await act('master@example.com', oemMaster.id, 'resume')).statusCode).toBe(200);
    expect(
      (
        await call('oem@example.com', 'PUT', `/api/users/${oemAdmin.id}`, {
          email: 'oem-admin@example.com',
          contact_name: 'Taro Suzuki',
          authority: 'EDIT',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('a terminated contract', () => {
  it('takes access away, ends sessions, runs the contract-end effects and freezes the user', async () => {
    const c = await newCustomer();
    const [mail] = await t.database.db.select().from(mails).where(eq(mails.to, c.email));
    const password = /初期パスワード: (\S+)/.exec(mail!.text)![1]!;
    const session = await t.login(c.email, password);
    ended.length = 0;

    const res = await act('oem@example.com', c.id, 'terminate');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The contract has been terminated. Its users can no longer sign in.');
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.accountId, c.accountId));
    expect(row!.terminatedAt).toBeInstanceOf(Date);
    expect(ended).toEqual([[c.accountId]]);

    const tokensLeft = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, c.id));
    expect(tokensLeft.length).toBeGreaterThan(0);
    expect(tokensLeft.every((r) => r.revokedAt)).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login_id: c.email, password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCESS_DISABLED');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const access = await t.app.inject({
      url: '/api/auth/user-info',
      headers: t.bearer(session.access_token),
    });
    expect(access.json().code).toBe('ACCESS_DISABLED');

    const put = await call('oem@example.com', 'PUT', `/api/users/${c.id}`, {
      email: c.email,
      contact_name: 'Changed',
      authority: 'EDIT',
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({
      code: 'CONTRACT_TERMINATED',
      message: 'The contract has ended or been terminated; this user can no longer be edited.',
    });
    const plan = await call('oem@example.com', 'PUT', `/api/users/${c.id}/contract/plan`, {
      plan_id: t.fixtures.plans.premium!.id,
    });
    expect(plan.json().code).toBe('CONTRACT_TERMINATED');
    // Still listed and readable by the operators above it.
    expect((await call('oem@example.com', 'GET', `/api/users/${c.id}`)).statusCode).toBe(200);
  });
});
