import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/accounts';
import { plans } from '../../db/schema/plans';
import { mails } from '../../db/schema/platform';
import { loadUserWithAccount, toCaller } from '../../platform/caller';
import { startTestApp, type TTestApp } from '../../test/harness';
import { createManagedUsers, validateNewUsers } from './users.service';
import { signedInCaller, type TSignedInCall } from './users-test-kit';

// Contract dates lie in the future whenever the tests run (an end date must not be past).
const Y = new Date().getUTCFullYear() + 1;

// POST /api/users and the service functions CSV import builds on: who may create which kind
// under which parent, the checks and their messages, the first password and its mail.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

let n = 0;
const newEmail = () => `new-${++n}@example.com`;

const create = (caller: string, body: Record<string, unknown>, lang = 'en') =>
  call(caller, 'POST', '/api/users', body, lang);

const body = (parent: string, kind: string, over: Record<string, unknown> = {}) => ({
  parent_account_id: parent,
  kind,
  company_name: 'New Company',
  email: newEmail(),
  contact_name: 'New Person',
  plan_id: t.fixtures.plans.light!.id,
  contract_start_date: `${Y}-01-01`,
  contract_end_date: `${Y}-12-31`,
  language: 'en',
  ...over,
});

const callerOf = async (email: string) => toCaller((await loadUserWithAccount(t.database.db, { email }))!);

describe('who may create which kind where', () => {
  it('follows creatableKinds, answers 403 for other kinds and 404 outside the subtree', async () => {
    const { platform, oem, company, direct } = t.fixtures.accounts;
    const cases: [string, string, string, number][] = [
      ['master@example.com', platform.id, 'OEM_MASTER', 201],
      ['master@example.com', platform.id, 'DIRECT_USER', 201],
      ['master@example.com', platform.id, 'USER', 403],
      ['master@example.com', platform.id, 'OEM_ADMIN', 403],
      ['master@example.com', oem.id, 'OEM_ADMIN', 201],
      ['master@example.com', oem.id, 'USER', 201],
      ['master@example.com', oem.id, 'OEM_MASTER', 403],
      ['master@example.com', company.id, 'USER', 403],
      ['oem@example.com', oem.id, 'OEM_ADMIN', 201],
      ['oem@example.com', oem.id, 'USER', 201],
      ['oem@example.com', oem.id, 'DIRECT_USER', 403],
      ['oem@example.com', platform.id, 'OEM_MASTER', 404],
      ['oem@example.com', direct.id, 'USER', 404],
      ['oem@example.com', crypto.randomUUID(), 'USER', 404],
      ['oem-admin@example.com', oem.id, 'USER', 201],
      ['oem-admin@example.com', oem.id, 'OEM_ADMIN', 403],
      ['oem-admin@example.com', company.id, 'USER', 403],
      ['sub@example.com', oem.id, 'USER', 403],
      ['user@example.com', company.id, 'USER', 403],
      ['direct@example.com', direct.id, 'USER', 403],
    ];
    const got = [];
    for (const [caller, parent, kind] of cases)
      got.push([caller, parent, kind, (await create(caller, body(parent, kind))).statusCode]);
    expect(got).toEqual(cases);
  });

  it('creates a company account with its contract, or an OEM admin inside the OEM account', async () => {
    const { oem } = t.fixtures.accounts;
    const res = await create('oem@example.com', body(oem.id, 'USER', { company_name: 'Fuji Bakery' }));
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(res.json().message).toBe('The user has been created. A first password was sent by email.');
    expect(d).toMatchObject({
      kind: 'USER',
      company_name: 'Fuji Bakery',
      account_type: 'COMPANY',
      parent_account_id: oem.id,
      owns_contract: true,
      editable: true,
      allowed_actions: ['SUSPEND', 'TERMINATE'],
    });
    expect(d.contract).toMatchObject({
      status: 'ACTIVE',
      plan_code: 'light',
      start_date: `${Y}-01-01`,
      end_date: `${Y}-12-31`,
    });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, d.account_id));
    expect(account!.path).toBe(`${oem.path}${d.account_id}/`);
    expect(account!.depth).toBe(oem.depth + 1);

    const admin = await create(
      'oem@example.com',
      body(oem.id, 'OEM_ADMIN', { company_name: '', plan_id: undefined }),
    );
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json().data).toMatchObject({ kind: 'OEM_ADMIN', account_id: oem.id, owns_contract: false });
  });
});

describe('first password', () => {
  it('mails a first password in the new user language after commit and asks for a change at first sign-in', async () => {
    const email = newEmail();
    const res = await create(
      'master@example.com',
      body(t.fixtures.accounts.oem.id, 'USER', { email, language: 'ja' }),
    );
    expect(res.statusCode).toBe(201);
    const [mail] = await t.database.db.select().from(mails).where(eq(mails.to, email));
    expect(mail!.language).toBe('ja');
    expect(mail!.subject).toBe('アカウント発行のお知らせ');
    const password = /初期パスワード: (\S+)/.exec(mail!.text)![1]!;
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/[0-9]/);
    const session = await t.login(email, password);
    expect(session.user.must_change_password).toBe(true);
    const blocked = await t.app.inject({
      url: `/api/accounts/${res.json().data.account_id}`,
      headers: t.bearer(session.access_token),
    });
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});

describe('create validation', () => {
  it('names the missing fields in the caller language', async () => {
    const parent = t.fixtures.accounts.oem.id;
    const en = await create(
      'oem@example.com',
      body(parent, 'USER', { company_name: '', plan_id: undefined }),
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'company_name', message: 'This field is required.' },
        { field: 'plan_id', message: 'This field is required.' },
      ]),
    );
    const ja = await create('oem@example.com', body(parent, 'USER', { company_name: '' }), 'ja');
    expect(ja.json().errors).toEqual([{ field: 'company_name', message: 'この項目は必須です。' }]);
    const short = await create('oem@example.com', body(parent, 'USER', { contract_end_date: `${Y}-06-30` }));
    expect(short.json().errors).toEqual([
      {
        field: 'contract_end_date',
        message: 'Contracts run at least 12 months; the end date cannot be earlier.',
      },
    ]);
    const badDate = await create(
      'oem@example.com',
      body(parent, 'USER', { contract_start_date: `${Y}-02-30` }),
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].field).toBe('contract_start_date');
  });

  it('refuses a taken email (any case) with 409 and a field error', async () => {
    const parent = t.fixtures.accounts.oem.id;
    const en = await create('oem@example.com', body(parent, 'USER', { email: 'USER@example.com' }));
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [{ field: 'email', message: 'This email address is already registered.' }],
    });
    const ja = await create('oem@example.com', body(parent, 'USER', { email: 'user@example.com' }), 'ja');
    expect(ja.json().errors).toEqual([
      { field: 'email', message: 'このメールアドレスは既に登録されています。' },
    ]);
  });

  it('refuses unknown, retired and superseded plans', async () => {
    const parent = t.fixtures.accounts.oem.id;
    const { plans: p } = t.fixtures;
    await t.database.db.update(plans).set({ retiredAt: new Date() }).where(eq(plans.id, p.light_multi!.id));
    await t.database.db.update(plans).set({ isCurrent: false }).where(eq(plans.id, p.standard_multi!.id));
    for (const planId of ['nope', crypto.randomUUID(), p.light_multi!.id, p.standard_multi!.id]) {
      const res = await create('oem@example.com', body(parent, 'USER', { plan_id: planId }));
      expect(res.statusCode, planId).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'plan_id', message: 'This plan does not exist or is no longer offered.' },
      ]);
    }
  });
});

describe('service functions for CSV import', () => {
  const input = (over: Record<string, unknown> = {}) => ({
    parentAccountId: t.fixtures.accounts.oem.id,
    kind: 'USER' as const,
    companyName: 'Batch Co',
    email: newEmail(),
    contactName: 'Batch Person',
    managerName: '',
    authority: 'EDIT' as const,
    planId: t.fixtures.plans.standard!.id,
    contractStartDate: `${Y}-04-01`,
    contractEndDate: `${Y + 1}-03-31`,
    licenseIssued: false,
    logoEnabled: false,
    language: 'ja' as const,
    ...over,
  });

  it('reports per input what the database would refuse, without writing', async () => {
    const caller = await callerOf('oem@example.com');
    const problems = await validateNewUsers(t.ctx, {
      caller,
      inputs: [
        input({ email: 'twice@example.com' }),
        input({ email: 'Twice@example.com' }),
        input({ email: 'oem-admin@example.com' }),
        input({ parentAccountId: t.fixtures.accounts.direct.id }),
        input({ kind: 'DIRECT_USER' }),
        input({ planId: 'nope' }),
        input(),
      ],
    });
    expect(problems).toEqual([
      [],
      [{ field: 'email', message: 'users.emailDuplicated' }],
      [{ field: 'email', message: 'users.emailTaken' }],
      [{ field: 'parentAccountId', message: 'users.parentNotFound' }],
      [{ field: 'kind', message: 'users.kindNotAllowed' }],
      [{ field: 'planId', message: 'users.planUnavailable' }],
      [],
    ]);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'twice@example.com'));
    expect(row).toBeUndefined();
  });

  it('creates a batch in one transaction with imported history, or nothing at all', async () => {
    const caller = await callerOf('oem@example.com');
    const ok = [input(), input()];
    const created = await createManagedUsers(t.ctx, { caller, inputs: ok, action: 'USER_IMPORTED' });
    expect(created.map((c) => c.email)).toEqual(ok.map((i) => i.email));
    const history = await t.app.inject({
      url: `/api/users/${created[0]!.id}/history`,
      headers: t.bearer((await t.login('oem@example.com')).access_token),
    });
    expect(history.json().data[0]).toMatchObject({
      action: 'USER_IMPORTED',
      executor_email: 'oem@example.com',
    });
    for (const i of ok)
      expect(await t.database.db.select().from(mails).where(eq(mails.to, i.email))).toHaveLength(1);

    // The second row fails inside the transaction (a date the database rejects): the first is rolled back.
    const first = input();
    await expect(
      createManagedUsers(t.ctx, {
        caller,
        inputs: [first, input({ contractStartDate: `${Y}-13-45` })],
        action: 'USER_IMPORTED',
      }),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(users).where(eq(users.email, first.email))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.name, 'Batch Co'), eq(accounts.parentId, t.fixtures.accounts.oem.id))),
    ).toHaveLength(2);
    expect(await t.database.db.select().from(mails).where(eq(mails.to, first.email))).toEqual([]);
  });
});
