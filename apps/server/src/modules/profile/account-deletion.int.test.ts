import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profilePictures, users } from '../../db/schema/accounts';
import { contracts } from '../../db/schema/plans';
import { auditLog } from '../../db/schema/platform';
import { createAccount, createContract, createUser } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';
import { TINY_PNG } from '../../test/images';

let t: TTestApp;
let fuji: Awaited<ReturnType<typeof seedFuji>>;
// The accounts the contract-end hook (sites unpublished) was run for.
const ended: string[][] = [];
beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      modules: [
        {
          name: 'test-contract-end',
          contractEndEffects: [
            async (_db, accountIds) => {
              ended.push([...accountIds].sort());
            },
          ],
        },
      ],
    },
  );
  fuji = await seedFuji();
});
afterAll(async () => t?.close());

const del = (token: string, payload?: object) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: { ...t.bearer(token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
const summary = (token: string) => t.app.inject({ url: '/api/account/deletion', headers: t.bearer(token) });

/** A second OEM tree of its own (OEM master, its sub-admin, a company with a user), to delete. */
async function seedFuji() {
  const db = t.ctx.db;
  const { platform } = t.fixtures.accounts;
  const oem = await createAccount(db, { type: 'OEM', name: 'Fuji Partners', parentId: platform.id });
  const oemContract = await createContract(db, {
    accountId: oem.id,
    planId: t.fixtures.plans.pro!.id,
    startDate: '2026-01-01',
  });
  const master = await createUser(db, {
    accountId: oem.id,
    email: 'fuji@example.com',
    name: 'Fuji Master',
    role: 'OEM_MASTER',
  });
  const sub = await createUser(db, {
    accountId: oem.id,
    email: 'fuji-sub@example.com',
    name: 'Fuji Sub',
    role: 'SUB_ADMIN',
    parentUserId: master.id,
  });
  const company = await createAccount(db, { type: 'COMPANY', name: 'Momiji Bakery', parentId: oem.id });
  const companyContract = await createContract(db, {
    accountId: company.id,
    planId: t.fixtures.plans.light!.id,
  });
  const user = await createUser(db, {
    accountId: company.id,
    email: 'momiji@example.com',
    name: 'Momiji Owner',
    role: 'USER',
  });
  return { oem, company, master, sub, user, contracts: [oemContract, companyContract] };
}

describe('GET /api/account/deletion', () => {
  it('tells what would go: the account, its contract, the accounts below and the people', async () => {
    const asUser = await summary((await t.login('user@example.com')).access_token);
    expect(asUser.statusCode).toBe(200);
    expect(asUser.json().data).toMatchObject({
      account_name: 'Hinode Foods Inc.',
      account_type: 'COMPANY',
      contract: { plan_name: 'Standard', status: 'ACTIVE' },
      accounts_below: 0,
      users: 2,
    });
    const asOem = await summary((await t.login('fuji@example.com')).access_token);
    // The OEM master and its sub-admin, and the user of the company below.
    expect(asOem.json().data).toMatchObject({
      account_name: 'Fuji Partners',
      account_type: 'OEM',
      contract: { plan_name: 'Pro', start_date: '2026-01-01', end_date: '2026-12-31' },
      accounts_below: 1,
      users: 3,
    });
  });
});

describe('DELETE /api/account', () => {
  it('is refused by the guard to roles that own no account to delete, and to view authority', async () => {
    const body = { password: 'Demo@2026pass', confirmation: 'Sakura Agency (OEM)' };
    for (const email of ['sub@example.com', 'oem-admin@example.com', 'master@example.com']) {
      const res = await del((await t.login(email)).access_token, body);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [oem] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, t.fixtures.accounts.oem.id));
    expect(oem?.deletedAt).toBeNull();
  });

  it('answers field errors for a wrong password and a wrong account name, and changes nothing', async () => {
    const { access_token: token } = await t.login('user@example.com');
    const wrongPassword = await del(token, { password: 'Wrong@2026pass', confirmation: 'Hinode Foods Inc.' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual([
      { field: 'password', message: 'The password is incorrect.' },
    ]);

    const wrongName = await del(token, { password: 'Demo@2026pass', confirmation: 'hinode foods' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().errors).toEqual([
      {
        field: 'confirmation',
        message: 'The account name does not match. Please enter it exactly as shown.',
      },
    ]);

    const missing = await del(token, {});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['confirmation', 'password']);
    expect((await summary(token)).statusCode).toBe(200);
    expect(ended).toEqual([]);
  });

  it('deletes the account and all below it: sessions end, sign-in is refused, data erased, contract terminated, emails reusable, audit kept', async () => {
    const k = fuji;
    const masterSession = await t.login('fuji@example.com');
    const subSession = await t.login('fuji-sub@example.com');
    const userSession = await t.login('momiji@example.com');
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/picture',
      headers: { ...t.bearer(userSession.access_token), 'content-type': 'image/png' },
      payload: TINY_PNG,
    });
    expect(upload.statusCode).toBe(200);

    const res = await del(masterSession.access_token, {
      password: 'Demo@2026pass',
      confirmation: '  Fuji Partners ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: null,
      message: 'Your account has been deleted. Thank you for using our service.',
    });

    // Everyone in the tree is signed out and can no longer sign in.
    for (const session of [masterSession, subSession, userSession]) {
      const me = await t.app.inject({ url: '/api/auth/user-info', headers: t.bearer(session.access_token) });
      expect(me.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refresh.statusCode).toBe(401);
    }
    for (const email of ['fuji@example.com', 'fuji-sub@example.com', 'momiji@example.com']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login_id: email, password: 'Demo@2026pass' },
      });
      expect(login.statusCode, email).toBe(401);
    }

    // Their data is erased, not just hidden.
    const ids = [k.master.id, k.sub.id, k.user.id];
    const rows = await t.ctx.db.select().from(users).where(inArray(users.id, ids));
    for (const row of rows) {
      expect(row.deletedAt).not.toBeNull();
      expect(row.name).toBe('');
      expect(row.passwordHash).toBe('');
      expect(row.email).toMatch(/@deleted\.invalid$/);
    }
    expect(await t.ctx.db.select().from(profilePictures).where(inArray(profilePictures.userId, ids))).toEqual(
      [],
    );
    const accountRows = await t.ctx.db
      .select()
      .from(accounts)
      .where(inArray(accounts.id, [k.oem.id, k.company.id]));
    expect(accountRows.every((a) => a.deletedAt !== null)).toBe(true);

    // Terminated now, but the end date stays: fees remain due until then.
    const contractRows = await t.ctx.db
      .select()
      .from(contracts)
      .where(inArray(contracts.accountId, [k.oem.id, k.company.id]));
    expect(contractRows).toHaveLength(2);
    for (const c of contractRows) {
      expect(c.status).toBe('TERMINATED');
      expect(c.terminatedAt).not.toBeNull();
      expect(c.endDate).toBe(k.contracts.find((o) => o.id === c.id)!.endDate);
    }

    // The contract-end effects (sites unpublished) ran once, for the whole tree.
    expect(ended).toEqual([[k.oem.id, k.company.id].sort()]);

    // The platform no longer sees the account; the emails can be used again.
    const master = await t.login('master@example.com');
    const seen = await t.app.inject({
      url: `/api/accounts/${k.oem.id}`,
      headers: t.bearer(master.access_token),
    });
    expect(seen.statusCode).toBe(404);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: t.bearer((await t.login('oem@example.com')).access_token),
      payload: { name: 'Reused', email: 'fuji@example.com', admin_role_label: 'VIEWER', authority: 'VIEW' },
    });
    expect(reuse.statusCode).toBe(201);

    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'account.deleted'));
    expect(entry).toMatchObject({ actorUserId: k.master.id, accountId: k.oem.id, targetId: k.oem.id });
    expect(entry?.details).toMatchObject({ accountName: 'Fuji Partners', usersErased: 3 });
    expect((entry?.details.accountIds as string[]).sort()).toEqual([k.oem.id, k.company.id].sort());

    // The other tenants are untouched.
    expect((await t.login('oem@example.com')).user.email).toBe('oem@example.com');
    expect((await t.login('direct@example.com')).user.email).toBe('direct@example.com');
  });
});
