import type { TSiteDocument } from '@swipe/contracts/sites';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/platform';
import { siteMembers, siteMemberTokens } from '../../db/schema/visitors';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { memberCookieName } from './members.service';

// Member registration, members-only content, the end-user calls and their 401s:
// register, the confirmation mail, confirm, sign in, the private reads and the HTML page for a
// member; a member of one site is nobody on another and nobody to the operator API; the answers
// tell nothing about which addresses are known.

let t: TTestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.listen();
});
afterAll(async () => t?.close());

const PASSWORD = 'Visit@2026ok';
let ipSeq = 0;
/** Each call from its own address unless one is given, so the per-address limits stay out of the way. */
const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** A published bilingual 1 x 2 site: A1 open, B1 members-only with a product. */
async function membersSite(edit?: (doc: TSiteDocument) => void) {
  const doc = siteDocument({ name: 'Members Club', rows: 1, columns: 2, languages: ['JP', 'EN'] });
  for (const lang of doc.languages) {
    const [open, locked] = doc.content[lang]!.creatives;
    open!.mainText = `${lang} open page`;
    locked!.membersOnlyLock = true;
    locked!.mainText = `${lang} SECRET OFFER`;
    locked!.products = [
      {
        productName: 'HIDDEN PRODUCT',
        image: null,
        price: 1280,
        description: 'Members only',
        linkButtonText: 'Buy',
        link: {
          kind: 'EXTERNAL',
          internalTarget: null,
          url: 'https://example.com/p',
          surveyId: null,
          page: null,
          popup: null,
          script: '',
        },
        linkButtonColor: '#2BAA50',
        linkTextColor: '#FFFFFF',
        coordinateX: 100,
        coordinateY: 300,
        textColor: '#000000',
        backgroundColor: '#FFFFFF',
      },
    ];
  }
  edit?.(doc);
  return insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id, doc, published: true });
}

type TSite = Awaited<ReturnType<typeof membersSite>>;

const post = (url: string, payload: object, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'accept-language': 'en', ...opts.headers },
    remoteAddress: opts.ip ?? nextIp(),
  });

const register = (siteId: string, email: string, password = PASSWORD, extra: object = {}) =>
  post(`/api/end-user/site/${siteId}/register`, {
    data: { email, password, confirm_password: password },
    lang: 'EN',
    ...extra,
  });

const login = (siteId: string, email: string, password = PASSWORD, ip?: string) =>
  post(`/api/end-user/site/${siteId}/login`, { email, password }, { ip });

const confirm = (siteId: string, token: string) =>
  post(`/api/end-user/site/${siteId}/register/confirm`, { token });

const read = (path: string, token?: string | null, header: 'bearer' | 'x' = 'bearer') =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: {
      'accept-language': 'en',
      ...(token ? (header === 'bearer' ? t.bearer(token) : { 'x-end-user-token': token }) : {}),
    },
    remoteAddress: nextIp(),
  });

const mailsTo = (to: string) =>
  t.database.db.select().from(mails).where(eq(mails.to, to)).orderBy(desc(mails.createdAt));

/** The confirmation token of the latest mail to `to`. */
async function lastToken(to: string) {
  const [mail] = await mailsTo(to);
  const token = /register-confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${to}`);
  return token;
}

/** Registers, confirms and signs in; answers the member token. */
async function member(site: TSite, email: string) {
  expect((await register(site.id, email)).statusCode).toBe(200);
  expect((await confirm(site.id, await lastToken(email))).statusCode).toBe(200);
  const res = await login(site.id, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

describe('member registration and sign-in', () => {
  it('registers, mails the link in the site language, confirms once, signs in and opens members-only pages', async () => {
    const site = await membersSite();
    const res = await register(site.id, 'Ann@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'We have sent a confirmation mail. Open the link in it to complete your registration.',
    );
    const [row] = await t.database.db.select().from(siteMembers).where(eq(siteMembers.siteId, site.id));
    expect(row).toMatchObject({ email: 'ann@example.com', status: 'PENDING', lang: 'EN' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const [mail] = await mailsTo('ann@example.com');
    expect(mail!.language).toBe('en');
    expect(mail!.subject).toContain('Members Club');
    expect(mail!.text).toContain(`${t.config.sitesUrl}/sites/${site.id}/en/register-confirm?token=`);
    await t.runJobs();
    expect((await mailsTo('ann@example.com'))[0]!.status).toBe('sent');

    // Not confirmed yet: no sign-in.
    expect((await login(site.id, 'ann@example.com')).statusCode).toBe(401);

    const token = await lastToken('ann@example.com');
    const ok = await confirm(site.id, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Your registration is complete. You can now sign in.');
    const again = await confirm(site.id, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This confirmation link is invalid or has expired. Please ask for a new confirmation mail.',
    );
    const [active] = await t.database.db.select().from(siteMembers).where(eq(siteMembers.siteId, site.id));
    expect(active!.status).toBe('ACTIVE');
    expect(active!.confirmedAt).not.toBeNull();

    const signIn = await login(site.id, 'ANN@example.com ');
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.headers['cache-control']).toBe('private, no-store');
    const session = signIn.json();
    expect(session.message).toBe('You are signed in.');
    expect(session.data.email).toBe('ann@example.com');
    expect(new Date(session.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const memberToken = session.data.token as string;
    // Stored hashed only.
    const tokens = await t.database.db
      .select()
      .from(siteMemberTokens)
      .where(eq(siteMemberTokens.siteId, site.id));
    expect(tokens.some((r) => r.tokenHash === memberToken)).toBe(false);

    const page = await read(`/api/end-user/site/${site.id}/page/B1/private?lang=EN`, memberToken);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.json().data).toMatchObject({ locked: false, coordinate: 'B1', lang: 'EN' });
    expect(page.json().data.creative.main_text).toBe('EN SECRET OFFER');
    // The same with X-End-User-Token.
    const byHeader = await read(`/api/end-user/site/${site.id}/page/B1/private`, memberToken, 'x');
    expect(byHeader.json().data.creative.main_text).toBe('JP SECRET OFFER');
    const products = await read(`/api/end-user/site/${site.id}/page/B1/product/private`, memberToken);
    expect(products.statusCode).toBe(200);
    expect(products.headers['cache-control']).toBe('private, no-store');
    expect(products.json().data.products[0].product_name).toBe('HIDDEN PRODUCT');
    const buttons = await read(`/api/end-user/site/${site.id}/button/private`, memberToken);
    expect(buttons.statusCode).toBe(200);
    expect(buttons.headers['cache-control']).toBe('private, no-store');
    expect(buttons.json().data.time_limit).toBeDefined();

    // The public reads keep the lock.
    const pub = await read(`/api/end-user/site/${site.id}/page/B1/public?lang=EN`);
    expect(pub.json().data).toEqual({ locked: true, coordinate: 'B1', lang: 'EN' });
    expect(pub.body).not.toContain('SECRET');
    const pubProducts = await read(`/api/end-user/site/${site.id}/page/B1/product/public`);
    expect(pubProducts.body).not.toContain('HIDDEN PRODUCT');

    // Without a token, or a made-up one: 401, not kept by any cache.
    for (const path of ['page/B1/private', 'page/B1/product/private', 'button/private'])
      for (const tok of [null, 'x'.repeat(43)]) {
        const r = await read(`/api/end-user/site/${site.id}/${path}`, tok);
        expect(r.statusCode, path).toBe(401);
        expect(r.headers['cache-control'], path).toBe('private, no-store');
        expect(r.body).not.toContain('SECRET');
      }

    // Sign-out ends the token at once.
    const out = await post(`/api/end-user/site/${site.id}/logout`, {}, { headers: t.bearer(memberToken) });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('You have signed out.');
    expect((await read(`/api/end-user/site/${site.id}/page/B1/private`, memberToken)).statusCode).toBe(401);
  });

  it("scopes a member token to its site: 401 on another site's private reads and on the operator API", async () => {
    const siteA = await membersSite();
    const siteB = await membersSite();
    const token = await member(siteA, 'bob@example.com');
    for (const path of ['page/B1/private', 'page/B1/product/private', 'button/private']) {
      expect((await read(`/api/end-user/site/${siteA.id}/${path}`, token)).statusCode, path).toBe(200);
      const other = await read(`/api/end-user/site/${siteB.id}/${path}`, token);
      expect(other.statusCode, path).toBe(401);
      expect(other.headers['cache-control']).toBe('private, no-store');
    }
    const operator = await read('/api/auth/user-info', token);
    expect(operator.statusCode).toBe(401);
    expect(operator.body).not.toContain('bob@example.com');
    // The same email and password are nobody on site B.
    expect((await login(siteB.id, 'bob@example.com')).statusCode).toBe(401);
    // An operator's access token is no member token either.
    const { access_token } = await t.login('user@example.com');
    expect((await read(`/api/end-user/site/${siteA.id}/page/B1/private`, access_token)).statusCode).toBe(401);
  });

  it('answers registration, resend and sign-in alike whatever the address is', async () => {
    const site = await membersSite();
    const active = 'carol@example.com';
    await member(site, active);

    // A new address, the same again (pending) and an active member: the same answer.
    const fresh = await register(site.id, 'dan@example.com');
    const pendingAgain = await register(site.id, 'dan@example.com', 'Other@2026ok');
    const activeAgain = await register(site.id, active, 'Other@2026ok');
    for (const r of [fresh, pendingAgain, activeAgain]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(fresh.body);
    }
    // The pending registration took the new password; only the newest link works.
    const danMails = await mailsTo('dan@example.com');
    expect(danMails).toHaveLength(2);
    const oldToken = /token=([A-Za-z0-9_-]+)/.exec(danMails[1]!.text)![1]!;
    const newToken = /token=([A-Za-z0-9_-]+)/.exec(danMails[0]!.text)![1]!;
    expect((await confirm(site.id, oldToken)).statusCode).toBe(400);
    expect((await confirm(site.id, newToken)).statusCode).toBe(200);
    expect((await login(site.id, 'dan@example.com', 'Other@2026ok')).statusCode).toBe(200);

    // The active member was told, not changed: the old password still works, the new one not.
    const [told] = await mailsTo(active);
    expect(told!.subject).toContain('Members Club');
    expect(told!.text).toContain('already registered');
    expect(told!.text).toContain(`${t.config.sitesUrl}/sites/${site.id}/en/login`);
    expect(told!.text).not.toContain('register-confirm');
    expect((await login(site.id, active)).statusCode).toBe(200);
    expect((await login(site.id, active, 'Other@2026ok')).statusCode).toBe(401);

    // Resend: unknown, active and pending addresses all answer alike; only the pending one is mailed.
    await register(site.id, 'erin@example.com');
    const before = (await mailsTo('erin@example.com')).length;
    const resend = (email: string) =>
      post(`/api/end-user/site/${site.id}/resend-register-email`, { email, lang: 'JP' });
    const unknown = await resend('nobody@example.com');
    const activeResend = await resend(active);
    const pendingResend = await resend('erin@example.com');
    for (const r of [unknown, activeResend, pendingResend]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(unknown.body);
    }
    // The lookup and the mail are a job's (the answer takes as long whatever the address).
    expect(await mailsTo('erin@example.com')).toHaveLength(before);
    await t.runJobs();
    expect(unknown.json().message).toBe(
      'If this address is waiting for confirmation, we have sent the confirmation mail again.',
    );
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
    const erin = await mailsTo('erin@example.com');
    expect(erin).toHaveLength(before + 1);
    expect(erin[0]!.language).toBe('ja');
    expect(erin[0]!.text).toContain(`/sites/${site.id}/register-confirm?token=`);

    // Sign-in: unknown, pending with the right password, wrong password: one answer.
    const unknownLogin = await login(site.id, 'nobody@example.com');
    const pendingLogin = await login(site.id, 'erin@example.com');
    const wrongLogin = await login(site.id, active, 'Wrong@2026ok');
    for (const r of [unknownLogin, pendingLogin, wrongLogin]) {
      expect(r.statusCode).toBe(401);
      expect(r.body).toBe(unknownLogin.body);
    }
    expect(unknownLogin.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'The login ID or password is incorrect. Please check and try logging in again.',
    });
  });

  it("refuses wrong answers field by field with the spec's messages", async () => {
    const site = await membersSite((doc) => {
      doc.content.JP!.forms.MEMBERSHIP_SETTING.push({
        id: '33333333-3333-4333-8333-333333333333',
        typeInput: 'TEXT_BOX',
        title: 'Nickname',
        isRequired: true,
        placeholder: '',
        options: [],
        builtIn: null,
      });
    });
    const bad = async (data: Record<string, string>) => {
      const res = await post(`/api/end-user/site/${site.id}/register`, { data });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      return Object.fromEntries(
        (res.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
      );
    };
    expect(
      await bad({ email: 'not-an-email', password: PASSWORD, confirm_password: PASSWORD, f3: 'Nick' }),
    ).toEqual({
      email: 'Invalid email address.',
    });
    expect(
      await bad({ email: 'x@example.com', password: 'short', confirm_password: 'short', f3: 'Nick' }),
    ).toEqual({
      password: 'Password must be 8 to 20 characters.',
    });
    expect(
      await bad({
        email: 'x@example.com',
        password: 'alllowercase1',
        confirm_password: 'alllowercase1',
        f3: 'Nick',
      }),
    ).toEqual({
      password:
        'Password must contain a lowercase letter, an uppercase letter, a digit and a special character (@ # $ % ^ & * ( ) _ + | { } < > : ; [ ] - = , . ?).',
    });
    expect(
      await bad({ email: 'x@example.com', password: PASSWORD, confirm_password: 'Visit@2026no', f3: 'Nick' }),
    ).toEqual({
      confirmPassword: 'Passwords do not match. Please try again.',
    });
    expect(await bad({ email: '', password: PASSWORD, confirm_password: PASSWORD })).toEqual({
      email: 'This field is required.',
      f3: 'This field is required.',
    });
    // Nothing was registered, nothing mailed.
    expect(
      await t.database.db.select().from(siteMembers).where(eq(siteMembers.siteId, site.id)),
    ).toHaveLength(0);
    expect(await mailsTo('x@example.com')).toHaveLength(0);

    const good = await post(`/api/end-user/site/${site.id}/register`, {
      data: { email: 'x@example.com', password: PASSWORD, confirm_password: PASSWORD, f3: 'Nick' },
    });
    expect(good.statusCode, good.body).toBe(200);
    const [row] = await t.database.db.select().from(siteMembers).where(eq(siteMembers.siteId, site.id));
    expect(row!.data).toEqual([{ title: 'Nickname', value: 'Nick' }]);
    expect(row!.lang).toBe('JP');
  });

  it('requires the agreement when the company asks for it', async () => {
    const site = await membersSite((doc) => {
      for (const lang of doc.languages) {
        doc.content[lang]!.company.agreementRequired = true;
        doc.content[lang]!.company.termsOfService = 'Terms';
      }
    });
    const refused = await register(site.id, 'fay@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'agree', message: 'Please agree to the terms of use and the privacy policy.' },
    ]);
    expect((await register(site.id, 'fay@example.com', PASSWORD, { agree: true })).statusCode).toBe(200);
  });

  it('takes a confirmation link once, before it expires, on its own site only', async () => {
    const site = await membersSite();
    const other = await membersSite();
    await register(site.id, 'gus@example.com');
    const token = await lastToken('gus@example.com');
    expect((await confirm(other.id, token)).statusCode).toBe(400);
    expect((await confirm(site.id, 'made-up-token-made-up-token')).statusCode).toBe(400);
    await t.database.db
      .update(siteMemberTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(siteMemberTokens.siteId, site.id), eq(siteMemberTokens.kind, 'CONFIRM')));
    expect((await confirm(site.id, token)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(siteMembers).where(eq(siteMembers.siteId, site.id));
    expect(row!.status).toBe('PENDING');
    // A new link (resend) works.
    await post(`/api/end-user/site/${site.id}/resend-register-email`, { email: 'gus@example.com' });
    await t.runJobs();
    expect((await confirm(site.id, await lastToken('gus@example.com'))).statusCode).toBe(200);
  });

  it('limits sign-in attempts per address and site (429), other addresses unaffected', async () => {
    const site = await membersSite();
    const ip = '10.66.6.6';
    const limit = t.config.loginRateLimitPerMinute;
    for (let i = 0; i < limit; i++)
      expect((await login(site.id, 'nobody@example.com', PASSWORD, ip)).statusCode).toBe(401);
    const limited = await login(site.id, 'nobody@example.com', PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait a moment and try again.');
    expect((await login(site.id, 'nobody@example.com', PASSWORD, '10.66.6.7')).statusCode).toBe(401);
    const otherSite = await membersSite();
    expect((await login(otherSite.id, 'nobody@example.com', PASSWORD, ip)).statusCode).toBe(401);
  });

  it('404s for a site that is not live', async () => {
    const draft = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    expect((await register(draft.id, 'hal@example.com')).statusCode).toBe(404);
    expect((await login(draft.id, 'hal@example.com')).statusCode).toBe(404);
  });
});

describe('the HTML page of a member', () => {
  const page = (path: string, cookie?: string) =>
    fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

  it('opens members-only pages for a signed-in member of the site, never from or into the cache', async () => {
    const site = await membersSite();
    const other = await membersSite();
    const token = await member(site, 'ivy@example.com');
    const path = `/sites/${site.id}/en`;

    // The public page first, so it is cached; the second answer comes from the cache.
    for (let i = 0; i < 2; i++) {
      const pub = await page(path);
      expect(pub.status).toBe(200);
      expect(pub.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const html = await pub.text();
      expect(html).toContain('EN open page');
      expect(html).not.toContain('SECRET OFFER');
      expect(html).not.toContain('HIDDEN PRODUCT');
    }

    const cookie = `lang=en; ${memberCookieName(site.id)}=${token}; other=1`;
    const mine = await page(path, cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('etag')).toBeNull();
    const html = await mine.text();
    expect(html).toContain('EN SECRET OFFER');
    expect(html).toContain('HIDDEN PRODUCT');
    expect(html).toContain('data-mode="MEMBER"');
    expect(html).toContain('data-ev-url="/api/end-user/events"');

    // The member's page did not replace the cached public one.
    const after = await page(path);
    expect(after.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await after.text()).not.toContain('SECRET OFFER');

    // A made-up or signed-out cookie, or this site's cookie on another site: the lock.
    for (const [p, c] of [
      [path, `${memberCookieName(site.id)}=${'x'.repeat(43)}`],
      [`/sites/${other.id}/en`, `${memberCookieName(site.id)}=${token}`],
      [`/sites/${other.id}/en`, `${memberCookieName(other.id)}=${token}`],
    ] as const) {
      const res = await page(p, c);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('SECRET OFFER');
    }
    await post(`/api/end-user/site/${site.id}/logout`, {}, { headers: { 'x-end-user-token': token } });
    const signedOut = await page(path, cookie);
    expect(await signedOut.text()).not.toContain('SECRET OFFER');
    // A 401 clears the token that stopped working, so the next visit is served from cache.
    expect(signedOut.headers.get('set-cookie')).toMatch(
      new RegExp(`^${memberCookieName(site.id)}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax$`),
    );
    // Another site's cookie is left alone.
    const elsewhere = await page(`/sites/${other.id}/en`, `${memberCookieName(site.id)}=${token}`);
    expect(elsewhere.headers.get('set-cookie')).toBeNull();
  });
});
