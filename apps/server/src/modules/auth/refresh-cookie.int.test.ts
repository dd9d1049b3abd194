import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';

// The console's session: the refresh token in an HttpOnly SameSite=Strict cookie (scoped to
// /api/auth over HTTP, `__Host-` over HTTPS), never in a body the page can read, and usable only
// from the console's own pages; the access token in the page's memory.

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
    expect(set).toMatch(
      /^swipe_refresh=[^;]+; Max-Age=2592000; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
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
    expect(setCookieOf(out)).toMatch(/^swipe_refresh=; Max-Age=0; Path=\/api\/auth;/);
    // A cookie of the whole site from before the auth path goes too.
    expect(setCookieOf(out)).toMatch(/\nswipe_refresh=; Max-Age=0; Path=\/;/);
    const after = await post('/api/auth/refresh-token', {}, { cookie: `swipe_refresh=${second}` });
    expect(after.statusCode).toBe(401);
  });

  it("refuses the cookie to another origin's page, and lets the console's own pages use it", async () => {
    const login = await post(
      '/api/auth/login',
      { login_id: 'master@example.com', password: DEMO_PASSWORD },
      COOKIE_CLIENT,
    );
    const token = cookieValue(setCookieOf(login), 'swipe_refresh')!;
    const cookie = `swipe_refresh=${token}`;
    // A published page on the sites origin (or any other site) sending the operator's cookie.
    const origins: Record<string, string>[] = [
      { origin: t.config.sitesUrl, 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: t.config.sitesUrl },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ];
    for (const from of origins) {
      const res = await post('/api/auth/refresh-token', {}, { cookie, 'accept-language': 'en', ...from });
      expect(res.statusCode, JSON.stringify(from)).toBe(403);
      expect(res.json().code).toBe('CROSS_ORIGIN');
      expect(setCookieOf(res)).toBe('');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const out = await post('/api/auth/logout', {}, { cookie, ...from });
      expect(out.statusCode, JSON.stringify(from)).toBe(403);
    }
    // The session survived every attempt: the console itself still refreshes with it.
    const own = await post(
      '/api/auth/refresh-token',
      {},
      { cookie, origin: new URL(t.config.publicUrl).origin, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.statusCode).toBe(200);
  });

  it('never lets another origin read an answer with credentials (no CORS)', async () => {
    for (const url of ['/api/auth/refresh-token', '/api/auth/user-info', '/api/site']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: t.config.sitesUrl,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-refresh-cookie',
        },
      });
      expect(preflight.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials'], url).toBeUndefined();
      const get = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://evil.example' } });
      expect(get.headers['access-control-allow-origin'], url).toBeUndefined();
    }
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
    t = await startTestApp({
      PUBLIC_URL: 'https://console.example.test',
      SITES_URL: 'https://sites.example.test',
    });
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
