import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/accounts';
import { startTestApp, type TTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from './users-test-kit';

// GET /api/users/:id (editable, allowed actions) and PUT /api/users/:id, with the history they write.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const detail = async (caller: string, id: string) =>
  (await call(caller, 'GET', `/api/users/${id}`)).json().data;

describe('what a caller may do to a user', () => {
  it('lets callers edit users below them or of lower rank in their own account only', async () => {
    const { oemMaster, oemAdmin, user, directUser } = t.fixtures.users;
    expect(await detail('master@example.com', directUser.id)).toMatchObject({
      editable: true,
      allowed_actions: ['SUSPEND', 'TERMINATE'],
    });
    expect(await detail('oem@example.com', oemAdmin.id)).toMatchObject({
      editable: true,
      allowed_actions: [],
    });
    expect(await detail('oem-admin@example.com', oemMaster.id)).toMatchObject({
      editable: false,
      allowed_actions: [],
    });
    expect(await detail('oem-admin@example.com', user.id)).toMatchObject({ editable: true });
    expect(await detail('sub@example.com', user.id)).toMatchObject({ editable: false, allowed_actions: [] });
    const suspended = await detail('master@example.com', t.fixtures.users.kaedeUser.id);
    expect(suspended.allowed_actions).toEqual(['RESUME', 'TERMINATE']);
    // An ended contract is read-only, like a terminated one.
    expect(await detail('master@example.com', t.fixtures.users.tsubameUser.id)).toMatchObject({
      editable: false,
      allowed_actions: [],
    });
  });

  it('refuses writes to users the caller may only see', async () => {
    const res = await call('oem-admin@example.com', 'PUT', `/api/users/${t.fixtures.users.oemMaster.id}`, {
      email: 'oem@example.com',
      contact_name: 'Renamed',
      authority: 'EDIT',
    });
    expect(res.statusCode).toBe(403);
    const sub = await call('sub@example.com', 'PUT', `/api/users/${t.fixtures.users.user.id}`, {
      email: 'user@example.com',
      contact_name: 'Renamed',
      authority: 'EDIT',
    });
    expect(sub.statusCode).toBe(403);
  });
});

describe('updating a user', () => {
  it('changes user, account and contract fields and records who changed what', async () => {
    const { user, directUser } = t.fixtures.users;
    const res = await call('oem@example.com', 'PUT', `/api/users/${user.id}`, {
      company_name: 'Hinode Foods Holdings',
      email: 'ken@example.com',
      contact_name: 'Ken Watanabe',
      manager_name: 'Sato',
      authority: 'VIEW',
      license_issued: true,
      logo_enabled: true,
      contract_end_date: '2099-12-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The user information has been updated.');
    expect(res.json().data).toMatchObject({
      company_name: 'Hinode Foods Holdings',
      email: 'ken@example.com',
      manager_name: 'Sato',
      authority: 'VIEW',
      logo_enabled: true,
    });
    expect(res.json().data.contract).toMatchObject({ license_issued: true, end_date: '2099-12-31' });
    expect((await t.login('ken@example.com')).user.email).toBe('ken@example.com');

    const history = await call('oem@example.com', 'GET', `/api/users/${user.id}/history`);
    const entries = history.json().data as {
      action: string;
      executor_email: string;
      changes: { field: string; from: string; to: string }[];
    }[];
    expect(entries.map((e) => e.action)).toEqual(['USER_UPDATED', 'USER_UPDATED']);
    expect(entries.every((e) => e.executor_email === 'oem@example.com')).toBe(true);
    const fields = entries.flatMap((e) => e.changes.map((c) => c.field)).sort();
    expect(fields).toEqual(
      [
        'authority',
        'companyName',
        'contractEndDate',
        'email',
        'licenseIssued',
        'logoEnabled',
        'managerName',
      ].sort(),
    );
    expect(entries.flatMap((e) => e.changes)).toContainEqual({
      field: 'email',
      from: 'user@example.com',
      to: 'ken@example.com',
    });
    // The direct account's history is not part of it.
    expect(
      (await call('master@example.com', 'GET', `/api/users/${directUser.id}/history`)).json().meta.total,
    ).toBe(0);
  });

  it('refuses a taken email with 409 on the email field', async () => {
    const res = await call(
      'master@example.com',
      'PUT',
      `/api/users/${t.fixtures.users.directUser.id}`,
      {
        email: 'OEM@example.com',
        contact_name: 'Mika Kobayashi',
        authority: 'EDIT',
      },
      'ja',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'このメールアドレスは既に登録されています。' },
    ]);
  });

  it('keeps the contract at least 12 months from its start', async () => {
    const id = t.fixtures.users.directUser.id;
    const start = (await detail('master@example.com', id)).contract.start_date as string;
    const tooEarly = new Date(`${start}T00:00:00Z`);
    tooEarly.setUTCMonth(tooEarly.getUTCMonth() + 6);
    const res = await call('master@example.com', 'PUT', `/api/users/${id}`, {
      email: 'direct@example.com',
      contact_name: 'Mika Kobayashi',
      authority: 'EDIT',
      contract_end_date: tooEarly.toISOString().slice(0, 10),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'contract_end_date',
        message: 'Contracts run at least 12 months; the end date cannot be earlier.',
      },
    ]);
  });

  it('leaves the OEM account alone when an OEM admin is edited', async () => {
    const { oemAdmin } = t.fixtures.users;
    const res = await call('oem@example.com', 'PUT', `/api/users/${oemAdmin.id}`, {
      company_name: 'Hijacked',
      email: 'oem-admin@example.com',
      contact_name: 'Taro Suzuki Jr.',
      authority: 'EDIT',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.contact_name).toBe('Taro Suzuki Jr.');
    const [oem] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, t.fixtures.accounts.oem.id));
    expect(oem!.name).toBe('Sakura Agency (OEM)');
  });

  it('validates the body and answers 404 for unknown ids', async () => {
    const bad = await call('master@example.com', 'PUT', `/api/users/${t.fixtures.users.directUser.id}`, {
      email: 'not-an-email',
      contact_name: '',
      authority: 'EDIT',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email address.' },
        { field: 'contact_name', message: 'This field is required.' },
      ]),
    );
    const missing = await call('master@example.com', 'PUT', `/api/users/${crypto.randomUUID()}`, {
      email: 'x@example.com',
      contact_name: 'X',
      authority: 'EDIT',
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await call('master@example.com', 'GET', `/api/users/${t.fixtures.users.sub.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('master@example.com', 'GET', `/api/users/${t.fixtures.users.master.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('the contract edit history', () => {
  it('names platform staff to an OEM without giving away their email', async () => {
    const { kaedeUser } = t.fixtures.users;
    const res = await call('master@example.com', 'PUT', `/api/users/${kaedeUser.id}`, {
      email: kaedeUser.email,
      contact_name: 'Ren Yamamoto-Sato',
      authority: 'EDIT',
    });
    expect(res.statusCode, res.body).toBe(200);
    type TEntry = { executor_name: string | null; executor_email: string | null };
    const asMaster = (await call('master@example.com', 'GET', `/api/users/${kaedeUser.id}/history`)).json()
      .data as TEntry[];
    expect(asMaster[0]).toMatchObject({
      executor_name: 'Master Operator',
      executor_email: 'master@example.com',
    });
    const asOem = (await call('oem@example.com', 'GET', `/api/users/${kaedeUser.id}/history`)).json()
      .data as TEntry[];
    expect(asOem[0]).toMatchObject({ executor_name: 'Master Operator', executor_email: null });
  });
});
