import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/platform';
import { sitePreviewCodes, sitePreviewSessions } from '../../db/schema/preview';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { lastPreviewCode, previewForm, signInWithCode } from './preview-test-kit';

// Private sharing proves the address: an invited email is mailed a one-time code and link
// (15 minutes, 5 tries, once; a new request replaces them), and only giving one back (with the
// password when set) opens the preview. Asking answers the same for any email.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

let ipSeq = 0;
/** A fresh address per use, so the per-address limits of one test leave the others alone. */
const nextIp = () => `10.60.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function sharedSite(emails: string[], opts: { languages?: ('JP' | 'EN')[]; password?: string } = {}) {
  const doc = siteDocument({ name: 'Code Preview', languages: opts.languages });
  doc.content[doc.defaultLanguage]!.creatives[0]!.mainText = 'draft only text';
  const site = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id, doc });
  const shared = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, { emails });
  expect(shared.statusCode, shared.body).toBe(200);
  if (opts.password)
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share/set-password`, {
      enabled: true,
      password: opts.password,
    });
  return site;
}

const askCode = (siteId: string, email: string, ip = nextIp(), lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/preview/site/${siteId}/login/code`,
    payload: { email },
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });
const login = (siteId: string, body: object, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/preview/site/${siteId}/login`,
    payload: body,
    headers: { 'accept-language': 'en' },
    remoteAddress: ip,
  });
const readDraft = (siteId: string, token: string) =>
  t.app.inject({ url: `/api/preview/site/${siteId}`, headers: { 'x-preview-token': token } });
const mailsTo = async (email: string) => {
  await t.runJobs();
  return t.database.db.select().from(mails).where(eq(mails.to, email));
};
/** Another 6-digit code than `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('private preview codes', () => {
  it('mails a code and a link to an invited email only, and answers any email the same', async () => {
    const site = await sharedSite(['ann@example.com']);
    const invited = await askCode(site.id, 'Ann@Example.com');
    const stranger = await askCode(site.id, 'mallory@example.com');
    expect(invited.statusCode, invited.body).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toBe(invited.body);
    expect(invited.json()).toEqual({
      data: { code_digits: 6, expires_in_minutes: 15 },
      message:
        'If this email address is invited, we have sent it a 6-digit code and a sign-in link. They work once, for 15 minutes.',
    });
    expect(await mailsTo('mallory@example.com')).toHaveLength(0);
    const mail = (await lastPreviewCode(t, 'ann@example.com'))!;
    expect(mail.code).toMatch(/^\d{6}$/);
    // The draft's default language (JP), the code in the subject, the link to the preview's address.
    expect(mail.language).toBe('ja');
    expect(mail.subject).toBe(`「Code Preview」のプレビュー用コード: ${mail.code}`);
    // On the preview's own address (the sites origin when there is one).
    const state = await call('user@example.com', 'GET', `/api/preview/site/${site.id}/share`);
    expect(mail.link.startsWith(`${state.json().data.preview_url}/link?t=`)).toBe(true);
    // Kept hashed: neither the digits nor the link's token are in the table.
    const [row] = await t.database.db
      .select()
      .from(sitePreviewCodes)
      .where(eq(sitePreviewCodes.siteId, site.id));
    expect(JSON.stringify(row)).not.toContain(mail.code);
    expect(JSON.stringify(row)).not.toContain(mail.link.split('t=')[1]);

    // The preview page answers the same page too (the email aside), and mails only the invited.
    const page = await previewForm(t, site.id, 'code', { email: 'ann@example.com' }, { ip: nextIp() });
    const strangerPage = await previewForm(
      t,
      site.id,
      'code',
      { email: 'eve@example.com' },
      { ip: nextIp() },
    );
    expect(page.statusCode).toBe(200);
    expect(strangerPage.statusCode).toBe(200);
    expect(strangerPage.body.replace('eve@example.com', 'X').replaceAll('eve@example.com', 'X')).toBe(
      page.body.replaceAll('ann@example.com', 'X'),
    );
    expect(page.body).toContain('autocomplete="one-time-code"');
    expect(await mailsTo('eve@example.com')).toHaveLength(0);

    // An email alone no longer opens the preview, on the page or through the JSON call.
    const alone = await login(site.id, { email: 'ann@example.com' });
    expect(alone.statusCode).toBe(401);
    expect(alone.json().errors).toEqual([
      { field: 'code', message: 'Enter the 6-digit code from the mail.' },
    ]);
    const form = await previewForm(t, site.id, 'login', { email: 'ann@example.com' }, { ip: nextIp() });
    expect(form.statusCode).toBe(400);
    expect(form.headers['set-cookie']).toBeUndefined();

    // The code opens it, for the JSON reads and the page alike.
    const { code } = (await lastPreviewCode(t, 'ann@example.com'))!;
    const ok = await login(site.id, { email: 'ann@example.com', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await readDraft(site.id, ok.json().data.token)).statusCode).toBe(200);
  });

  it('mails in the draft default language (an English draft, an English mail)', async () => {
    const site = await sharedSite(['eng@example.com'], { languages: ['EN', 'JP'] });
    await askCode(site.id, 'eng@example.com', nextIp(), 'ja');
    const mail = (await lastPreviewCode(t, 'eng@example.com'))!;
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe(`${mail.code} is your code for the preview of "Code Preview"`);
  });

  it('locks a code after 5 wrong tries, even for the right code then', async () => {
    const site = await sharedSite(['bob@example.com']);
    await askCode(site.id, 'bob@example.com');
    const { code } = (await lastPreviewCode(t, 'bob@example.com'))!;
    for (let i = 0; i < 5; i++) {
      const wrong = await login(site.id, { email: 'bob@example.com', code: otherThan(code) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().errors[0].field).toBe('code');
    }
    const locked = await login(site.id, { email: 'bob@example.com', code });
    expect(locked.statusCode).toBe(401);
    // The same message as a wrong code (and as any code of an email that is not invited).
    const stranger = await login(site.id, { email: 'nobody@example.com', code });
    expect(locked.json()).toEqual(stranger.json());
    // A new code works.
    await askCode(site.id, 'bob@example.com');
    const fresh = (await lastPreviewCode(t, 'bob@example.com'))!.code;
    expect((await login(site.id, { email: 'bob@example.com', code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const site = await sharedSite(['cat@example.com']);
    await askCode(site.id, 'cat@example.com');
    const { code, link } = (await lastPreviewCode(t, 'cat@example.com'))!;
    await t.database.db
      .update(sitePreviewCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sitePreviewCodes.siteId, site.id));
    expect((await login(site.id, { email: 'cat@example.com', code })).statusCode).toBe(401);
    const linkPage = await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(linkPage.statusCode).toBe(410);
    expect(linkPage.body).toContain('name="email"');
  });

  it('uses a code once', async () => {
    const site = await sharedSite(['dan@example.com']);
    await askCode(site.id, 'dan@example.com');
    const { code } = (await lastPreviewCode(t, 'dan@example.com'))!;
    expect((await login(site.id, { email: 'dan@example.com', code })).statusCode).toBe(200);
    const again = await login(site.id, { email: 'dan@example.com', code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(
      'This code does not work. Check the latest mail or ask for a new code: a code works once, for 15 minutes, and stops after 5 wrong tries.',
    );
  });

  it('replaces the last code (and link) with a new request', async () => {
    const site = await sharedSite(['eve@example.com']);
    await askCode(site.id, 'eve@example.com');
    const first = (await lastPreviewCode(t, 'eve@example.com'))!;
    await askCode(site.id, 'eve@example.com');
    const second = (await lastPreviewCode(t, 'eve@example.com'))!;
    expect(second.link).not.toBe(first.link);
    expect(
      await t.database.db.select().from(sitePreviewCodes).where(eq(sitePreviewCodes.siteId, site.id)),
    ).toHaveLength(1);
    if (first.code !== second.code)
      expect((await login(site.id, { email: 'eve@example.com', code: first.code })).statusCode).toBe(401);
    const firstLink = new URL(first.link);
    expect((await t.app.inject({ url: firstLink.pathname + firstLink.search })).statusCode).toBe(410);
    expect((await login(site.id, { email: 'eve@example.com', code: second.code })).statusCode).toBe(200);
  });

  it("signs in once with the mail's link, through a page that asks for a press", async () => {
    const site = await sharedSite(['fay@example.com']);
    await askCode(site.id, 'fay@example.com');
    const { link } = (await lastPreviewCode(t, 'fay@example.com'))!;
    const url = new URL(link);
    const token = url.searchParams.get('t')!;
    // Opening the link uses nothing (a mail scanner may open it first).
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ url: url.pathname + url.search });
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain(`<input type="hidden" name="link" value="${token}">`);
      expect(page.body).not.toContain('name="email"');
    }
    const used = await previewForm(t, site.id, 'login', { link: token }, { ip: nextIp() });
    expect(used.statusCode, used.body).toBe(303);
    const cookie = String(used.headers['set-cookie']).split(';')[0]!;
    expect((await t.app.inject({ url: `/site/${site.id}/preview/`, headers: { cookie } })).body).toContain(
      'draft only text',
    );
    // Used: a second press and the page itself say so, and ask for the email again.
    const again = await previewForm(t, site.id, 'login', { link: token }, { ip: nextIp() });
    expect(again.statusCode).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('このログイン用リンクは使用できません');
    expect(again.body).toContain(`action="/site/${site.id}/preview/code"`);
    expect((await t.app.inject({ url: url.pathname + url.search })).statusCode).toBe(410);
    // Signed in already, the link leads to the preview.
    const signedIn = await t.app.inject({ url: url.pathname + url.search, headers: { cookie } });
    expect(signedIn.statusCode).toBe(303);
  });

  it('still asks for the password when one is set (with the code or the link)', async () => {
    const site = await sharedSite(['gus@example.com'], { password: 'winter-2026' });
    await askCode(site.id, 'gus@example.com');
    const { code, link } = (await lastPreviewCode(t, 'gus@example.com'))!;
    const missing = await login(site.id, { email: 'gus@example.com', code });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'The password is wrong.' }]);
    // The page shows the message under the password, and keeps the code step.
    const form = await previewForm(
      t,
      site.id,
      'login',
      { email: 'gus@example.com', code, password: 'nope' },
      { ip: nextIp() },
    );
    expect(form.statusCode).toBe(401);
    expect(form.body).toMatch(/name="password"[^>]*aria-invalid="true"[^>]*><p class="fe" id="p-er">/);
    expect(form.body).toContain('name="code"');
    // The right password without the right code opens nothing either.
    expect(
      (await login(site.id, { email: 'gus@example.com', code: otherThan(code), password: 'winter-2026' }))
        .statusCode,
    ).toBe(401);
    // The link's page asks for it as well.
    const url = new URL(link);
    const page = await t.app.inject({ url: url.pathname + url.search });
    expect(page.body).toContain('name="password"');
    const token = url.searchParams.get('t')!;
    expect((await previewForm(t, site.id, 'login', { link: token }, { ip: nextIp() })).statusCode).toBe(401);
    // Both right: in (that was the code's fifth try).
    const ok = await login(site.id, { email: 'gus@example.com', code, password: 'winter-2026' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('ends the sign-in of a revoked email and lets it sign in no more', async () => {
    const site = await sharedSite(['hal@example.com', 'ida@example.com']);
    const cookie = await signInWithCode(t, site.id, 'hal@example.com');
    const token = cookie.split('=')[1]!;
    expect((await readDraft(site.id, token)).statusCode).toBe(200);
    // A code asked for before the revoke, and the link beside it.
    await askCode(site.id, 'hal@example.com');
    const { code, link } = (await lastPreviewCode(t, 'hal@example.com'))!;
    const mailsBefore = (await mailsTo('hal@example.com')).length;
    const revoked = await call('user@example.com', 'PUT', `/api/preview/site/${site.id}/share/revoke`, {
      emails: ['hal@example.com'],
      resend_all: false,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await readDraft(site.id, token)).statusCode).toBe(401);
    expect((await login(site.id, { email: 'hal@example.com', code })).statusCode).toBe(401);
    const url = new URL(link);
    expect((await t.app.inject({ url: url.pathname + url.search })).statusCode).toBe(410);
    // Asking again answers as for anyone, and mails nothing.
    expect((await askCode(site.id, 'hal@example.com')).statusCode).toBe(200);
    expect(await mailsTo('hal@example.com')).toHaveLength(mailsBefore);
    const sessions = await t.database.db
      .select()
      .from(sitePreviewSessions)
      .where(eq(sitePreviewSessions.siteId, site.id));
    expect(sessions).toHaveLength(0);
  });

  it('limits the codes per email and per address, invited or not', async () => {
    const site = await sharedSite(['jo@example.com']);
    for (const email of ['jo@example.com', 'stranger@example.com']) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await askCode(site.id, email)).statusCode);
      expect(codes, email).toEqual([200, 200, 200, 200, 200, 429]);
    }
    const codeMails = (await mailsTo('jo@example.com')).filter((m) => m.text.includes('/preview/link?t='));
    expect(codeMails).toHaveLength(5);
    // Per address (RATE_LIMIT_LOGIN_PER_MINUTE, 10), whatever the emails.
    const ip = nextIp();
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i++) fromOne.push((await askCode(site.id, `x${i}@example.com`, ip)).statusCode);
    expect(fromOne.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(fromOne[10]).toBe(429);
    // The page says so above its form.
    const page = await previewForm(t, site.id, 'code', { email: 'x99@example.com' }, { ip });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('<div class="er" role="alert">');
  });

  it('keeps open sharing as it was: no code, no mail', async () => {
    const site = await sharedSite(['kim@example.com']);
    await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
      emails: [],
      is_private: false,
    });
    expect((await askCode(site.id, 'kim@example.com')).statusCode).toBe(200);
    expect(await lastPreviewCode(t, 'kim@example.com')).toBeUndefined();
    expect((await t.app.inject({ url: `/site/${site.id}/preview/` })).body).toContain('draft only text');
  });
});
