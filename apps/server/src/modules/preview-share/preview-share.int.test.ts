import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../db/schema/plans';
import { mails } from '../../db/schema/platform';
import { sitePreviewSessions } from '../../db/schema/preview';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { lastPreviewCode, signInWithCode, tokenWithCode } from './preview-test-kit';

// Preview sharing: invite, mail, sign in (with the mailed code, and the password when set),
// revoke; the HTML preview shows the draft only to a live sign-in. The codes themselves:
// preview-codes.int.test.ts.

let t: TTestApp;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());

async function draftSite() {
  const doc = siteDocument({ name: 'Winter Preview' });
  doc.content.JP!.creatives[0]!.mainText = 'draft only text';
  return insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id, doc });
}

const formPost = (
  siteId: string,
  fields: Record<string, string>,
  opts: { ip?: string; cookie?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/site/${siteId}/preview/login`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: opts.ip ?? '10.8.0.1',
  });

const login = (siteId: string, body: object, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/preview/site/${siteId}/login`,
    payload: body,
    remoteAddress: ip,
  });

describe('preview sharing', () => {
  it('invites emails once each, mails them the link, and lists them', async () => {
    const site = await draftSite();
    const res = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['Ann@Example.com', 'bob@example.com', 'ann@example.com'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The preview has been shared.');
    expect(res.json().data.emails.map((e: { email: string }) => e.email)).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
    const again = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['bob@example.com'],
    });
    expect(again.json().data.emails).toHaveLength(2);
    const sent = await t.database.db.select().from(mails).where(eq(mails.to, 'bob@example.com'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(res.json().data.preview_url);
    expect(res.json().data.preview_url).toMatch(new RegExp(`^http://[\\w.:]+/site/${site.id}/preview$`));

    const status = await call('user@example.com', 'GET', `/api/preview/site/${site.id}/share/status`);
    expect(status.json().data).toEqual({
      is_private: true,
      has_password: false,
      sign_in: 'EMAIL',
      email_count: 2,
      has_draft: true,
    });
    // Bad emails are refused with the spec's message.
    const bad = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['nope'],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Invalid email address.');
  });

  it('signs in an invited email with its code and the password, with one message for every wrong code', async () => {
    const site = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['carol@example.com'],
    });
    const missing = await call(
      'user@example.com',
      'POST',
      `/api/preview/site/${site.id}/share/set-password`,
      {
        enabled: true,
      },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ field: 'password', message: 'Password is required.' });
    const set = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share/set-password`, {
      enabled: true,
      password: 'winter-2026',
    });
    expect(set.json().data.has_password).toBe(true);

    await t.app.inject({
      method: 'POST',
      url: `/api/preview/site/${site.id}/login/code`,
      payload: { email: 'carol@example.com' },
      remoteAddress: '10.9.0.9',
    });
    const { code } = (await lastPreviewCode(t, 'carol@example.com'))!;
    const wrong = [
      await login(site.id, { email: 'dave@example.com', code, password: 'winter-2026' }),
      await login(site.id, { email: 'carol@example.com', code: code === '000000' ? '000001' : '000000' }),
    ];
    for (const res of wrong) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(wrong[0]!.json().message);
    }
    const ok = await login(site.id, { email: 'CAROL@example.com', code, password: 'winter-2026' });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.token as string;
    // 256 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const draft = await t.app.inject({
      url: `/api/preview/site/${site.id}?lang=JP`,
      headers: { 'x-preview-token': token },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data.creatives[0].main_text).toBe('draft only text');
    expect((await t.app.inject({ url: `/api/preview/site/${site.id}` })).statusCode).toBe(401);
    // A token of one site opens no other.
    const other = await draftSite();
    expect(
      (await t.app.inject({ url: `/api/preview/site/${other.id}`, headers: { 'x-preview-token': token } }))
        .statusCode,
    ).toBe(401);

    // Changing the password ends the sign-ins.
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share/set-password`, {
      enabled: false,
    });
    expect(
      (await t.app.inject({ url: `/api/preview/site/${site.id}/seo`, headers: { 'x-preview-token': token } }))
        .statusCode,
    ).toBe(401);
  });

  it('limits sign-in attempts', async () => {
    const site = await draftSite();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push((await login(site.id, { email: 'x@example.com', code: '123456' }, '10.9.9.9')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('shows the draft page to a signed-in invitee only, and not after a revoke', async () => {
    const site = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['erin@example.com', 'frank@example.com'],
    });
    const page = `${base}/site/${site.id}/preview`;
    const form = await fetch(page);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain(`action="/site/${site.id}/preview/code"`);
    expect(formHtml).not.toContain('draft only text');

    const post = (fields: Record<string, string>) =>
      fetch(`${page}/${fields.code ? 'login' : 'code'}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    // An email alone is asked for its code; a code it was not mailed is refused.
    const asked = await post({ email: 'erin@example.com' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('name="code"');
    const { code } = (await lastPreviewCode(t, 'erin@example.com'))!;
    const refused = await post({ email: 'mallory@example.com', code });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('このコードは使用できません');

    const signedIn = await post({ email: 'erin@example.com', code });
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      new RegExp(`^previewToken=[\\w-]{43}; Path=/site/${site.id}/preview; HttpOnly; SameSite=Lax`),
    );
    const withCookie = { cookie: cookie.split(';')[0]! };
    expect(
      (
        await t.app.inject({
          url: `/api/preview/site/${site.id}`,
          headers: { 'x-preview-token': withCookie.cookie.split('=')[1]! },
        })
      ).statusCode,
    ).toBe(200);
    const draft = await fetch(`${page}/`, { headers: withCookie });
    expect(draft.headers.get('cache-control')).toBe('private, no-store');
    expect(await draft.text()).toContain('draft only text');

    const revoke = await call('user@example.com', 'PUT', `/api/preview/site/${site.id}/share/revoke`, {
      emails: ['erin@example.com'],
      resend_all: false,
    });
    expect(revoke.json().message).toBe('Access to the preview has been revoked.');
    expect(revoke.json().data.emails.map((e: { email: string }) => e.email)).toEqual(['frank@example.com']);
    const token = withCookie.cookie.split('=')[1]!;
    expect(
      (await t.app.inject({ url: `/api/preview/site/${site.id}`, headers: { 'x-preview-token': token } }))
        .statusCode,
    ).toBe(401);
    const after = await fetch(`${page}/`, { headers: withCookie });
    expect(await after.text()).not.toContain('draft only text');
    expect(after.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it("gives an invited email's preview the review comments' script, and nobody else's", async () => {
    const site = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['hana@example.com'],
    });
    const cookie = await signInWithCode(t, site.id, 'hana@example.com', { ip: '10.8.2.1' });
    const page = await t.app.inject({ url: `/site/${site.id}/preview/`, headers: { cookie } });
    const src = /<script src="(\/sites\/_runtime\/comments\.[0-9a-f]{8}\.js)" defer="">/.exec(page.body)?.[1];
    expect(src, page.body.slice(0, 300)).toBeDefined();
    // Served like the other runtime files, from the same origin (the page's CSP allows 'self').
    const script = await t.app.inject({ url: src! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    // The sign-in form and a preview without an email identity (open sharing) have none.
    expect((await t.app.inject({ url: `/site/${site.id}/preview/` })).body).not.toContain('comments.');
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: [],
      is_private: false,
    });
    const open = await t.app.inject({ url: `/site/${site.id}/preview/` });
    expect(open.body).toContain('draft only text');
    expect(open.body).not.toContain('/sites/_runtime/comments.');
    // Still signed in with her email, but sharing is open now: nobody is named, no comments.
    const hers = await t.app.inject({ url: `/site/${site.id}/preview/`, headers: { cookie } });
    expect(hers.body).toContain('draft only text');
    expect(hers.body).not.toContain('/sites/_runtime/comments.');
  });

  it('lets anyone with the link see the draft when sharing is not private', async () => {
    const site = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['grace@example.com'],
      is_private: false,
    });
    expect(await (await fetch(`${base}/site/${site.id}/preview`)).text()).toContain('draft only text');
  });

  it('asks only the password when sharing is open, and a new password or private sharing ends those sign-ins', async () => {
    const site = await draftSite();
    const open = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: [],
      is_private: false,
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().message).toBe('The sharing settings have been saved.');
    expect(open.json().data).toMatchObject({ is_private: false, sign_in: 'NONE', emails: [] });
    // Switching sharing alone mails nobody; an empty list without it is refused.
    const nothing = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: [],
    });
    expect(nothing.statusCode).toBe(400);

    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share/set-password`, {
      enabled: true,
      password: 'open-sesame',
    });
    const status = await call('user@example.com', 'GET', `/api/preview/site/${site.id}/share/status`);
    expect(status.json().data).toMatchObject({ is_private: false, has_password: true, sign_in: 'PASSWORD' });

    // The form asks for the password only, and the draft stays closed without it.
    const form = await t.app.inject({ url: `/site/${site.id}/preview` });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('name="password"');
    expect(form.body).not.toContain('name="email"');
    expect(form.body).not.toContain('draft only text');
    expect((await t.app.inject({ url: `/api/preview/site/${site.id}` })).statusCode).toBe(401);

    const wrong = await login(site.id, { password: 'nope' }, '10.9.1.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('パスワードが正しくありません。');
    const ok = await login(site.id, { password: 'open-sesame' }, '10.9.1.1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('プレビューを表示できるようになりました。');
    const token = ok.json().data.token as string;
    // 128 random bits and a signature bound to this site and this password.
    expect(token).toMatch(/^\d{10}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    // Authorization: Bearer works as well as X-Preview-Token.
    const seo = await t.app.inject({
      url: `/api/preview/site/${site.id}/seo`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(seo.statusCode, seo.body).toBe(200);
    const other = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${other.id}/share`, {
      emails: [],
      is_private: false,
    });
    await call('user@example.com', 'POST', `/api/preview/site/${other.id}/share/set-password`, {
      enabled: true,
      password: 'open-sesame',
    });
    const read = (siteId: string, tok: string) =>
      t.app.inject({ url: `/api/preview/site/${siteId}`, headers: { 'x-preview-token': tok } });
    expect((await read(other.id, token)).statusCode).toBe(401);
    // A forged signature does not pass.
    expect((await read(site.id, `${token.slice(0, -3)}AAA`)).statusCode).toBe(401);

    // The form signs in with the password alone.
    const posted = await formPost(site.id, { password: 'open-sesame' }, { ip: '10.8.1.1' });
    expect(posted.statusCode).toBe(303);
    const cookie = String(posted.headers['set-cookie']).split(';')[0]!;
    expect((await t.app.inject({ url: `/site/${site.id}/preview/`, headers: { cookie } })).body).toContain(
      'draft only text',
    );

    // A new password ends these sign-ins.
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share/set-password`, {
      enabled: true,
      password: 'open-sesame-2',
    });
    expect((await read(site.id, token)).statusCode).toBe(401);
    const fresh = (await login(site.id, { password: 'open-sesame-2' }, '10.9.1.2')).json().data.token;
    expect((await read(site.id, fresh)).statusCode).toBe(200);
    // So does making the sharing private again.
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: [],
      is_private: true,
    });
    expect((await read(site.id, fresh)).statusCode).toBe(401);
    // With no password, open sharing needs no sign-in at all.
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: [],
      is_private: false,
    });
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share/set-password`, {
      enabled: false,
    });
    expect((await t.app.inject({ url: `/api/preview/site/${site.id}/company` })).statusCode).toBe(200);
  });

  it('counts form and JSON sign-ins together per address and site, and answers the form in HTML', async () => {
    const site = await draftSite();
    const ip = '10.7.0.1';
    const tried = { email: 'x@example.com', code: '123456' };
    for (let i = 0; i < 5; i++) expect((await login(site.id, tried, ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await formPost(site.id, tried, { ip })).statusCode).toBe(401);
    const limited = await formPost(site.id, tried, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain('試行回数が多すぎます');
    expect((await login(site.id, tried, ip)).statusCode).toBe(429);
    // Another address, or the same address on another site, is not held back.
    expect((await login(site.id, tried, '10.7.0.2')).statusCode).toBe(401);
    const other = await draftSite();
    expect((await login(other.id, tried, ip)).statusCode).toBe(401);
  });

  it('signs out through the form (the session ends), escapes what it shows, and knows no unknown site', async () => {
    const site = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['henry@example.com'],
    });
    const cookie = await signInWithCode(t, site.id, 'Henry@Example.com');
    const token = cookie.split('=')[1]!;
    const sessions = () =>
      t.database.db.select().from(sitePreviewSessions).where(eq(sitePreviewSessions.siteId, site.id));
    expect(await sessions()).toHaveLength(1);

    const out = await t.app.inject({
      method: 'POST',
      url: `/site/${site.id}/preview/logout`,
      headers: { cookie },
    });
    expect(out.statusCode).toBe(303);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^previewToken=; Path=\/site\/[\w-]+\/preview; HttpOnly; SameSite=Lax; Max-Age=0/,
    );
    expect(await sessions()).toHaveLength(0);
    expect(
      (await t.app.inject({ url: `/api/preview/site/${site.id}`, headers: { 'x-preview-token': token } }))
        .statusCode,
    ).toBe(401);

    // What the visitor typed comes back escaped.
    const refused = await formPost(site.id, { email: '"><script>alert(1)</script>', code: '123456' });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('<script>');
    expect(refused.body).toContain('&quot;&gt;&lt;script&gt;');
    // An unknown site has no preview (not even a form).
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/site/${unknown}/preview` })).statusCode).toBe(404);
    expect((await login(unknown, { email: 'henry@example.com' }, '10.9.3.1')).statusCode).toBe(401);
  });

  it('closes the preview of a terminated account', async () => {
    const site = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['ivy@example.com'],
    });
    const token = await tokenWithCode(t, site.id, 'ivy@example.com', { ip: '10.9.4.1' });
    const read = () =>
      t.app.inject({ url: `/api/preview/site/${site.id}`, headers: { 'x-preview-token': token } });
    expect((await read()).statusCode).toBe(200);
    const account = t.fixtures.accounts.company.id;
    await t.database.db
      .update(contracts)
      .set({ status: 'TERMINATED' })
      .where(eq(contracts.accountId, account));
    try {
      expect((await read()).statusCode).toBe(401);
      expect((await login(site.id, { email: 'ivy@example.com' }, '10.9.4.1')).statusCode).toBe(401);
    } finally {
      await t.database.db.update(contracts).set({ status: 'ACTIVE' }).where(eq(contracts.accountId, account));
    }
  });
});
