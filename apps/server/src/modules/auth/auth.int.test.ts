import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/platform';
import { createUser } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const resetLinkFor = async (email: string) => {
  await t.runJobs();
  const rows = await t.ctx.db.select().from(mails).where(eq(mails.to, email));
  const last = rows.sort((a, b) => +b.createdAt - +a.createdAt)[0];
  return last ? /token=([\w-]+)/.exec(last.text)?.[1] : undefined;
};

describe('login', () => {
  it('signs each seeded role in and returns its prefix', async () => {
    const cases = [
      ['master@example.com', 'MASTER', 'master'],
      ['direct@example.com', 'MASTER_USER', 'master-user'],
      ['oem@example.com', 'OEM_MASTER', 'admin'],
      ['oem-admin@example.com', 'OEM_ADMIN', 'admin'],
      ['user@example.com', 'USER', 'admin-user'],
      ['sub@example.com', 'SUB_ADMIN', 'admin'],
    ] as const;
    for (const [email, role, prefix] of cases) {
      const data = await t.login(email);
      expect(data.user).toMatchObject({ email, role, route_prefix: prefix, must_change_password: false });
      expect(data.access_token.split('.')).toHaveLength(3);
    }
  });

  it('refuses a wrong password with the spec message in the asked language (default ja)', async () => {
    const en = await post(
      '/api/auth/login',
      { login_id: 'master@example.com', password: 'nope' },
      { 'accept-language': 'en' },
    );
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual({
      message: 'The login ID or password is incorrect. Please check and try logging in again.',
      code: 'INVALID_CREDENTIALS',
    });
    const ja = await post('/api/auth/login', { login_id: 'nobody@example.com', password: 'nope' });
    expect(ja.statusCode).toBe(401);
    expect(ja.json().message).toContain('ログインID');
  });

  it('validates the body with field errors in snake_case', async () => {
    const res = await post('/api/auth/login', { login_id: '' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'login_id', message: 'This field is required.' },
        { field: 'password', message: 'This field is required.' },
      ]),
    );
  });
});

describe('tokens', () => {
  it('answers user-info with a bearer token and 401 without', async () => {
    const { access_token } = await t.login('oem@example.com');
    const ok = await t.app.inject({ url: '/api/auth/user-info', headers: t.bearer(access_token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      email: 'oem@example.com',
      route_prefix: 'admin',
      authority: 'EDIT',
    });
    expect((await t.app.inject({ url: '/api/auth/user-info' })).statusCode).toBe(401);
    const forged = `${access_token.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ url: '/api/auth/user-info', headers: t.bearer(forged) })).statusCode).toBe(
      401,
    );
  });

  it('tells the console which contract state the user works under', async () => {
    const statusOf = async (email: string) => (await t.login(email)).user.contract_status as string | null;
    expect(await statusOf('master@example.com')).toBeNull();
    expect(await statusOf('user@example.com')).toBe('ACTIVE');
    expect(await statusOf('oem-admin@example.com')).toBe('ACTIVE');
    expect(await statusOf('kaede@example.com')).toBe('SUSPENDED');
    expect(await statusOf('tsubame@example.com')).toBe('INACTIVE');
  });

  it('tells the console which features the plan grants', async () => {
    const flagsOf = async (email: string) =>
      (await t.login(email)).user.plan_flags as Record<string, boolean>;
    // Hinode Foods is on Standard: forms and popups, no analytics, no multiple languages.
    expect(await flagsOf('user@example.com')).toMatchObject({
      setting_form_contact: true,
      setting_popup_cta: true,
      analytics_effect: false,
      multi_language: false,
    });
    // An OEM admin works under the OEM's Pro Multilingual contract; the platform has everything.
    expect(await flagsOf('oem-admin@example.com')).toMatchObject({
      analytics_effect: true,
      multi_language: true,
    });
    expect(Object.values(await flagsOf('master@example.com')).every(Boolean)).toBe(true);
  });

  it('refuses tokens signed with another algorithm (alg none)', async () => {
    const { access_token } = await t.login('oem@example.com');
    const [, payload] = access_token.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await t.app.inject({ url: '/api/auth/user-info', headers: t.bearer(none) })).statusCode).toBe(
      401,
    );
  });

  it('rotates refresh tokens and revokes the family when a rotated one is reused', async () => {
    const first = await t.login('user@example.com');
    const r1 = await post('/api/auth/refresh-token', { refresh_token: first.refresh_token });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const reuse = await post('/api/auth/refresh-token', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    // The whole family is gone: even the newest token no longer works.
    const after = await post('/api/auth/refresh-token', { refresh_token: second.refresh_token });
    expect(after.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const s = await t.login('direct@example.com');
    const out = await post('/api/auth/logout', { refresh_token: s.refresh_token }, t.bearer(s.access_token));
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toBeNull();
    expect((await post('/api/auth/refresh-token', { refresh_token: s.refresh_token })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails and mails only the known one', async () => {
    const known = await post(
      '/api/auth/forgot-password',
      { email: 'oem-admin@example.com' },
      { 'accept-language': 'en' },
    );
    const unknown = await post(
      '/api/auth/forgot-password',
      { email: 'ghost@example.com' },
      { 'accept-language': 'en' },
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await resetLinkFor('oem-admin@example.com')).toBeTruthy();
    expect(await resetLinkFor('ghost@example.com')).toBeUndefined();
  });

  it('tells the requester the reset link was sent, in each of the four languages', async () => {
    const expected = {
      en: 'If this email address is registered, a password reset link has been sent to it.',
      ja: 'このメールアドレスが登録されている場合、パスワード再設定用のリンクを送信しました。',
      cn: '如果该电子邮件地址已注册，我们已向其发送密码重置链接。',
      kr: '등록된 이메일 주소인 경우 비밀번호 재설정 링크를 보냈습니다.',
    };
    for (const [lang, message] of Object.entries(expected)) {
      // Its own address: the route allows five requests a minute per address.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'ghost@example.com' },
        headers: { 'accept-language': lang },
        remoteAddress: '192.0.2.41',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null, message });
    }
  });

  it('says "Token is missing." without a token and refuses a bad one', async () => {
    const missing = await post(
      '/api/auth/reset-password',
      { password: 'Aa1@aaaa', password_confirmation: 'Aa1@aaaa' },
      { 'accept-language': 'en' },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Token is missing.');
    const bad = await post('/api/auth/verify-token', { token: 'not-a-token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('TOKEN_INVALID');
  });

  it('resets once with a valid token; password rules and confirmation apply', async () => {
    await post('/api/auth/forgot-password', { email: 'user@example.com' });
    const token = (await resetLinkFor('user@example.com'))!;
    expect((await post('/api/auth/verify-token', { token })).json().data).toEqual({
      email: 'user@example.com',
    });

    const mismatch = await post(
      '/api/auth/reset-password',
      { token, password: 'New@2026pass', password_confirmation: 'New@2026pasz' },
      { 'accept-language': 'en' },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toContainEqual({
      field: 'password_confirmation',
      message: 'Passwords do not match. Please try again.',
    });

    const weak = await post('/api/auth/reset-password', {
      token,
      password: 'weakpass',
      password_confirmation: 'weakpass',
    });
    expect(weak.statusCode).toBe(400);

    const ok = await post('/api/auth/reset-password', {
      token,
      password: 'New@2026pass',
      password_confirmation: 'New@2026pass',
    });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', {
      token,
      password: 'New@2026pass',
      password_confirmation: 'New@2026pass',
    });
    expect(again.statusCode).toBe(400);

    await expect(t.login('user@example.com')).rejects.toThrow();
    expect((await t.login('user@example.com', 'New@2026pass')).user.email).toBe('user@example.com');
  });

  it('sends the mail through the job queue in the recipient language', async () => {
    await post('/api/auth/forgot-password', { email: 'sub@example.com' });
    // Two jobs: the reset request, then the mail it queues.
    expect(await t.runJobs()).toBe(2);
    const [mail] = await t.ctx.db.select().from(mails).where(eq(mails.to, 'sub@example.com'));
    expect(mail?.status).toBe('sent');
    expect(mail?.subject).toBe('パスワード再設定のご案内');
  });
});

describe('first-time password change', () => {
  it('blocks everything but the change until the first password is replaced', async () => {
    await createUser(t.ctx.db, {
      accountId: t.fixtures.accounts.company.id,
      email: 'newbie@example.com',
      name: 'Newbie',
      role: 'USER',
      password: 'First@2026pass',
      mustChangePassword: true,
    });
    const s = await t.login('newbie@example.com', 'First@2026pass');
    expect(s.user.must_change_password).toBe(true);
    const blocked = await t.app.inject({
      url: `/api/accounts/${t.fixtures.accounts.company.id}`,
      headers: t.bearer(s.access_token),
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(
      (await t.app.inject({ url: '/api/auth/user-info', headers: t.bearer(s.access_token) })).statusCode,
    ).toBe(200);

    const changed = await post(
      '/api/auth/first-time-change-password',
      {
        current_password: 'First@2026pass',
        password: 'Mine@2026pass',
        password_confirmation: 'Mine@2026pass',
      },
      t.bearer(s.access_token),
    );
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().data;
    expect(fresh.user.must_change_password).toBe(false);
    const open = await t.app.inject({
      url: `/api/accounts/${t.fixtures.accounts.company.id}`,
      headers: t.bearer(fresh.access_token),
    });
    expect(open.statusCode).toBe(200);
    // The old session is signed out.
    expect((await post('/api/auth/refresh-token', { refresh_token: s.refresh_token })).statusCode).toBe(401);
  });

  it('refuses a wrong current password', async () => {
    const s = await t.login('oem@example.com');
    const res = await post(
      '/api/auth/change-password',
      {
        current_password: 'Wrong@2026pass',
        password: 'Next@2026pass',
        password_confirmation: 'Next@2026pass',
      },
      { ...t.bearer(s.access_token), 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'current_password',
      message: 'The current password is incorrect.',
    });
  });
});

describe('rate limits', () => {
  it('answers 429 after too many logins from one address, without locking the account', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login_id: 'oem-admin@example.com', password: 'bad' },
        remoteAddress: '192.0.2.7',
      });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await attempt()).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another address still signs the same account in.
    expect((await t.login('oem-admin@example.com')).user.email).toBe('oem-admin@example.com');
  });
});

describe('client address', () => {
  it('ignores a spoofed X-Forwarded-For when counting sign-in attempts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login_id: 'nobody@example.com', password: 'bad' },
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
  });
});
