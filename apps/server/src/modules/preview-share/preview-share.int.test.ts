import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/platform';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// SPEC 4 preview sharing: invite, mail, sign in (with the password when set), revoke; the HTML
// preview shows the draft only to a live sign-in.

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
    expect(sent[0]!.text).toContain(`http://localhost:3000/site/${site.id}/preview`);

    const status = await call('user@example.com', 'GET', `/api/preview/site/${site.id}/share/status`);
    expect(status.json().data).toEqual({
      is_private: true,
      has_password: false,
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

  it('signs in an invited email with the password, with one message for every wrong answer', async () => {
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

    const wrong = [
      await login(site.id, { email: 'carol@example.com', password: 'nope' }),
      await login(site.id, { email: 'dave@example.com', password: 'winter-2026' }),
      await login(site.id, { email: 'carol@example.com' }),
    ];
    for (const res of wrong) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(wrong[0]!.json().message);
    }
    const ok = await login(site.id, { email: 'CAROL@example.com', password: 'winter-2026' });
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
      codes.push((await login(site.id, { email: 'x@example.com' }, '10.9.9.9')).statusCode);
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
    expect(formHtml).toContain(`action="/site/${site.id}/preview/login"`);
    expect(formHtml).not.toContain('draft only text');

    const post = (email: string) =>
      fetch(`${page}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': email },
        body: new URLSearchParams({ email }).toString(),
      });
    const refused = await post('mallory@example.com');
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('招待されていないメールアドレス');

    const signedIn = await post('erin@example.com');
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      new RegExp(`^previewToken=[\\w-]{43}; Path=/site/${site.id}/preview; HttpOnly; SameSite=Lax`),
    );
    const withCookie = { cookie: cookie.split(';')[0]! };
    const draft = await fetch(`${page}/`, { headers: withCookie });
    expect(draft.headers.get('cache-control')).toBe('private, no-store');
    expect(await draft.text()).toContain('draft only text');

    const revoke = await call('user@example.com', 'PUT', `/api/preview/site/${site.id}/share/revoke`, {
      emails: ['erin@example.com'],
      resend_all: false,
    });
    expect(revoke.json().message).toBe('Access to the preview has been revoked.');
    expect(revoke.json().data.emails.map((e: { email: string }) => e.email)).toEqual(['frank@example.com']);
    const after = await fetch(`${page}/`, { headers: withCookie });
    expect(await after.text()).not.toContain('draft only text');
    expect(after.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it('lets anyone with the link see the draft when sharing is not private', async () => {
    const site = await draftSite();
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: ['grace@example.com'],
      is_private: false,
    });
    expect(await (await fetch(`${base}/site/${site.id}/preview`)).text()).toContain('draft only text');
  });
});
