import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { auditLog, mails } from '../../db/schema/platform';
import { startTestApp, type TTestApp } from '../../test/harness';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const tokenOf = async (email: string, password?: string) => (await t.login(email, password)).access_token;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...t.bearer(token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

/** The first password mailed to `email` (the welcome mail, in the principal's language: ja). */
const mailedPassword = async (email: string) => {
  await t.runJobs();
  const rows = await t.ctx.db.select().from(mails).where(eq(mails.to, email));
  const last = rows.sort((a, b) => +b.createdAt - +a.createdAt)[0];
  return last ? /初期パスワード: (\S+)/.exec(last.text)?.[1] : undefined;
};

const auditOf = (action: string, targetId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

const newAdmin = (email: string, authority: 'EDIT' | 'VIEW' = 'VIEW') => ({
  name: 'Rin Mori',
  email,
  admin_role_label: authority === 'EDIT' ? 'EDITOR' : 'VIEWER',
  authority,
});

describe('GET /api/admins', () => {
  it('lists the principal first, then its sub-admins, for the principal and its sub-admins alike', async () => {
    const asOem = await call('GET', '/api/admins', await tokenOf('oem@example.com'));
    expect(asOem.statusCode).toBe(200);
    const rows = asOem.json().data as Record<string, unknown>[];
    expect(rows.map((r) => [r.email, r.is_principal, r.is_self])).toEqual([
      ['oem@example.com', true, true],
      ['sub@example.com', false, false],
    ]);
    expect(rows[1]).toMatchObject({ authority: 'VIEW', admin_role_label: 'VIEWER', name: 'Yuki Tanaka' });
    expect(asOem.json().meta).toEqual({ total: 2, page: 1, page_size: 2 });

    const asSub = await call('GET', '/api/admins', await tokenOf('sub@example.com'));
    expect(asSub.statusCode).toBe(200);
    expect(asSub.json().data.map((r: { email: string; is_self: boolean }) => [r.email, r.is_self])).toEqual([
      ['oem@example.com', false],
      ['sub@example.com', true],
    ]);
  });

  it('shows each principal only its own sub-admins', async () => {
    const direct = await call('GET', '/api/admins', await tokenOf('direct@example.com'));
    expect(direct.json().data.map((r: { email: string }) => r.email)).toEqual([
      'direct@example.com',
      'sub-direct@example.com',
    ]);
    // Same account as oem@, but sub@ hangs under oem@, not under oem-admin@.
    const oemAdmin = await call('GET', '/api/admins', await tokenOf('oem-admin@example.com'));
    expect(oemAdmin.json().data.map((r: { email: string }) => r.email)).toEqual(['oem-admin@example.com']);
  });
});

describe('view authority', () => {
  it('refuses every write of a view-only sub-admin with 403, in the guard', async () => {
    const token = await tokenOf('sub@example.com');
    const { sub } = t.fixtures.users;
    const attempts = [
      await call('POST', '/api/admins', token, newAdmin('view-try@example.com')),
      await call('PUT', `/api/admins/${sub.id}`, token, newAdmin('sub@example.com')),
      await call('DELETE', `/api/admins/${sub.id}`, token),
      // The guard answers before any lookup: even an unknown id gets 403, not 404.
      await call('DELETE', `/api/admins/${crypto.randomUUID()}`, token),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'view-try@example.com'));
    expect(row).toBeUndefined();
  });
});

describe('POST /api/admins', () => {
  it('creates a sub-admin of the principal, mails a first password and makes it change it', async () => {
    const res = await call('POST', '/api/admins', await tokenOf('oem@example.com'), {
      ...newAdmin('  New.Admin@Example.com '),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'The admin has been added. The first password was sent to new.admin@example.com.',
    );
    const created = res.json().data;
    expect(created).toMatchObject({
      email: 'new.admin@example.com',
      authority: 'VIEW',
      admin_role_label: 'VIEWER',
      is_principal: false,
      must_change_password: true,
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({
      role: 'SUB_ADMIN',
      parentUserId: t.fixtures.users.oemMaster.id,
      accountId: t.fixtures.accounts.oem.id,
      mustChangePassword: true,
    });

    const password = await mailedPassword('new.admin@example.com');
    expect(password).toBeTruthy();
    const session = await t.login('new.admin@example.com', password);
    expect(session.user).toMatchObject({
      role: 'SUB_ADMIN',
      acting_role: 'OEM_MASTER',
      route_prefix: 'admin',
      must_change_password: true,
    });
    // Nothing but the password change until the first password is replaced.
    const blocked = await call('GET', '/api/admins', session.access_token);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const [entry] = await auditOf('admins.created', created.id);
    expect(entry).toMatchObject({
      actorUserId: t.fixtures.users.oemMaster.id,
      accountId: t.fixtures.accounts.oem.id,
    });
  });

  it('files a sub-admin created by an editing sub-admin under their common principal', async () => {
    const res = await call(
      'POST',
      '/api/admins',
      await tokenOf('sub-direct@example.com'),
      newAdmin('direct-helper@example.com'),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, res.json().data.id));
    expect(row?.parentUserId).toBe(t.fixtures.users.directUser.id);
    expect(row?.accountId).toBe(t.fixtures.accounts.direct.id);
  });

  it('answers 409 with a field error for an email already in use, in any case', async () => {
    const res = await call(
      'POST',
      '/api/admins',
      await tokenOf('oem@example.com'),
      newAdmin('USER@example.com'),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [{ field: 'email', message: 'This email address is already in use.' }],
    });
  });

  it('validates name length, email and the enumerations', async () => {
    const res = await call('POST', '/api/admins', await tokenOf('oem@example.com'), {
      name: 'x'.repeat(51),
      email: 'not-an-email',
      admin_role_label: 'BOSS',
      authority: 'ALL',
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['admin_role_label', 'authority', 'email', 'name']);
    expect(res.json().errors.find((e: { field: string }) => e.field === 'name').message).toBe(
      'Please enter at most 50 characters.',
    );
  });
});

describe('PUT /api/admins/:id', () => {
  it('lets the principal upgrade a view-only sub-admin, who may then write at once', async () => {
    const { sub } = t.fixtures.users;
    const subToken = await tokenOf('sub@example.com');
    const res = await call('PUT', `/api/admins/${sub.id}`, await tokenOf('oem@example.com'), {
      name: 'Yuki Tanaka',
      email: 'sub@example.com',
      admin_role_label: 'EDITOR',
      authority: 'EDIT',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ authority: 'EDIT', admin_role_label: 'EDITOR' });
    // The guard re-reads the user on every request: the same token now writes.
    const write = await call('POST', '/api/admins', subToken, newAdmin('by-sub@example.com'));
    expect(write.statusCode).toBe(201);

    const [entry] = await auditOf('admins.updated', sub.id);
    expect(entry?.details).toEqual({
      changes: {
        authority: { from: 'VIEW', to: 'EDIT' },
        adminRoleLabel: { from: 'VIEWER', to: 'EDITOR' },
      },
    });
  });

  it('refuses changing one’s own authority or label, but allows one’s own name', async () => {
    const { directSub } = t.fixtures.users;
    const token = await tokenOf('sub-direct@example.com');
    const own = { name: 'Sora Ito', email: 'sub-direct@example.com', admin_role_label: 'EDITOR' };
    const lower = await call('PUT', `/api/admins/${directSub.id}`, token, { ...own, authority: 'VIEW' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors).toEqual([
      { field: 'authority', message: 'You cannot change your own authority or admin role.' },
    ]);
    const relabel = await call('PUT', `/api/admins/${directSub.id}`, token, {
      ...own,
      admin_role_label: 'MAIN_CONTACT',
      authority: 'EDIT',
    });
    expect(relabel.statusCode).toBe(400);
    const rename = await call('PUT', `/api/admins/${directSub.id}`, token, {
      ...own,
      name: 'Sora Ito-Kato',
      authority: 'EDIT',
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toMatchObject({ name: 'Sora Ito-Kato', is_self: true, authority: 'EDIT' });
  });

  it('answers 404 for the principal itself, another principal’s sub-admin and another tenant’s', async () => {
    const body = newAdmin('someone@example.com');
    const oem = await tokenOf('oem@example.com');
    const { oemMaster, directSub, sub } = t.fixtures.users;
    expect((await call('PUT', `/api/admins/${oemMaster.id}`, oem, body)).statusCode).toBe(404);
    expect((await call('PUT', `/api/admins/${directSub.id}`, oem, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admins/${directSub.id}`, oem)).statusCode).toBe(404);
    const oemAdmin = await tokenOf('oem-admin@example.com');
    expect((await call('PUT', `/api/admins/${sub.id}`, oemAdmin, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admins/${sub.id}`, oemAdmin)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, directSub.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('refuses an email another user already has', async () => {
    const { sub } = t.fixtures.users;
    const res = await call('PUT', `/api/admins/${sub.id}`, await tokenOf('oem@example.com'), {
      ...newAdmin('oem-admin@example.com', 'EDIT'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('email');
  });
});

describe('DELETE /api/admins/:id', () => {
  it('signs the sub-admin out, refuses its sign-in, frees its email and keeps the audit', async () => {
    const oem = await tokenOf('oem@example.com');
    const created = (
      await call('POST', '/api/admins', oem, newAdmin('short-lived@example.com', 'EDIT'))
    ).json().data;
    const password = await mailedPassword('short-lived@example.com');
    const session = await t.login('short-lived@example.com', password);

    const res = await call('DELETE', `/api/admins/${created.id}`, oem);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The admin has been deleted.');

    // Its access token names a deleted user; its refresh token was revoked.
    expect((await call('GET', '/api/auth/user-info', session.access_token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(t.login('short-lived@example.com', password)).rejects.toThrow(/401/);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.email).not.toContain('short-lived');
    const list = await call('GET', '/api/admins', oem);
    expect(list.json().data.map((r: { id: string }) => r.id)).not.toContain(created.id);

    // The email can be given to someone new.
    const again = await call('POST', '/api/admins', oem, newAdmin('short-lived@example.com'));
    expect(again.statusCode).toBe(201);

    const [entry] = await auditOf('admins.deleted', created.id);
    expect(entry?.details).toMatchObject({ email: 'short-lived@example.com' });
  });

  it('refuses deleting oneself', async () => {
    const { directSub } = t.fixtures.users;
    const res = await call('DELETE', `/api/admins/${directSub.id}`, await tokenOf('sub-direct@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot delete yourself.');
  });
});
