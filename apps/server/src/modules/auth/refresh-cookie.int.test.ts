import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';

// The console's session: the refresh token in an HttpOnly SameSite=Strict cookie (`__Host-`
// over HTTPS), never in a body the page can read; the access token in the page's memory.

const COOKIE_CLIENT = { 'x-refresh-cookie': '1' };

const setCookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : [raw]).filter(Boolean).join('\n') as string;
};
const cookieValue = (setCookie: string, name: string) =>
  new RegExp(`(?:^|\\n)${name.replace('$', '\\$')}=([^;]*)`).exec(setCookie)?.[1];

describe('refresh cookie over http', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('login puts the refresh token in the cookie and not in the body', async () => {
    const res = await post(
      '/api/auth/login',
      { login_id: 'user@example.com', password: DEMO_PASSWORD },
      COOKIE_CLIENT,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refresh_token).toBeUndefined();
    expect(res.json().data.access_token).toBeTruthy();
    const set = setCookieOf(res);
    expect(set).toMatch(/^swipe_refresh=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it('rotates through the cookie, refuses the rotated one, and signs out', async () => {
    const login = await post(
      '/api/auth/login',
      { login_id: 'direct@example.com', password: DEMO_PASSWORD },
      COOKIE_CLIENT,
    );
    const first = cookieValue(setCookieOf(login), 'swipe_refresh')!;
    // A cookie token is answered in the cookie only, even to a client that did not ask for it.
    const r1 = await post('/api/auth/refresh-token', {}, { cookie: `swipe_refresh=${first}` });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().data.refresh_token).toBeUndefined();
    expect(r1.json().data.user.email).toBe('direct@example.com');
    const second = cookieValue(setCookieOf(r1), 'swipe_refresh')!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    const out = await post('/api/auth/logout', {}, { cookie: `swipe_refresh=${second}` });
    expect(out.statusCode).toBe(200);
    expect(setCookieOf(out)).toMatch(/^swipe_refresh=; Max-Age=0;/);
    const after = await post('/api/auth/refresh-token', {}, { cookie: `swipe_refresh=${second}` });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 with a message when there is neither a body token nor a cookie', async () => {
    const res = await post('/api/auth/refresh-token', {}, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_MISSING');
    expect(res.json().message).not.toMatch(/^auth\./);
  });

  it('a client without the header keeps the token in the body (partners, scripts)', async () => {
    const s = await t.login('oem@example.com');
    expect(s.refresh_token).toBeTruthy();
    const r = await post('/api/auth/refresh-token', { refresh_token: s.refresh_token });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.refresh_token).toBeTruthy();
    expect(setCookieOf(r)).toBe('');
  });
});

describe('refresh cookie over https', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://console.example.test' });
  });
  afterAll(async () => t?.close());

  it('is named __Host- and Secure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login_id: 'user@example.com', password: DEMO_PASSWORD },
      headers: COOKIE_CLIENT,
    });
    const set = setCookieOf(res);
    expect(set).toMatch(
      /^__Host-swipe_refresh=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    const token = cookieValue(set, '__Host-swipe_refresh')!;
    // The unprefixed name is not read over HTTPS: a cookie planted by a sibling host cannot count.
    const planted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: {},
      headers: { cookie: `swipe_refresh=${token}` },
    });
    expect(planted.statusCode).toBe(401);
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: {},
      headers: { cookie: `__Host-swipe_refresh=${token}` },
    });
    expect(real.statusCode).toBe(200);
  });
});
