import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness';

// Input no route can store or mean: a clear 400 naming the field, never a 500 and never
// silently ignored, on every kind of route (sign-in, a visitor's form, a list, an admin write).

let t: TTestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.login('master@example.com')).access_token;
});
afterAll(async () => t?.close());

const en = { 'accept-language': 'en' };

describe('input no route can take', () => {
  it('answers 400 for a NUL character in a JSON body, a query string or a form post', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: en,
      payload: { login_id: 'master@example.com\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The input contains a character that cannot be used. Please remove it.',
      errors: [{ field: 'login_id' }],
    });

    const search = await t.app.inject({
      url: '/api/users?keyword=a%00b',
      headers: { ...en, ...t.bearer(token) },
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual([{ field: 'keyword', message: expect.any(String) }]);

    // A visitor's contact form, posted from the published page as a plain HTML form: refused
    // before the site is even looked up.
    const form = await t.app.inject({
      method: 'POST',
      url: `/sites/${randomUUID()}/en/contact`,
      headers: { ...en, 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:3000' }, // the sites origin
      payload: 'email=a%00@example.com&company_name=x',
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain('The input contains a character that cannot be used.');
  });

  it('answers 400 for JSON nested 100,000 levels deep', async () => {
    const deep = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...en, 'content-type': 'application/json' },
      payload: `{"login_id":"a@example.com","password":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The input is nested too deeply.');
  });

  it('answers 400 for a query parameter written as an object or an array, instead of ignoring it', async () => {
    for (const query of ['status[$ne]=x', 'page[]=1']) {
      const res = await t.app.inject({ url: `/api/users?${query}`, headers: { ...en, ...t.bearer(token) } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('This parameter takes a single value.');
    }
    // The same list with ordinary parameters still answers.
    expect((await t.app.inject({ url: '/api/users?page=1', headers: t.bearer(token) })).statusCode).toBe(200);
  });
});
