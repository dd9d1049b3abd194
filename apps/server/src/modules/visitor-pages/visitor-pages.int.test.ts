import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/platform';
import { sites } from '../../db/schema/sites';
import { siteSubmissions } from '../../db/schema/visitors';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { insertSurvey } from '../surveys/survey-fixtures';

// The visitor pages over HTTP: every page in each of a site's four languages, on the platform's
// host and on a verified custom domain; posts from the page itself only; nothing of another site.

/** The test app's sites origin (its console is http://localhost:3000; see config.ts). */
const SITES_ORIGIN = 'http://127.0.0.1:3000';
const SITES_HOST = '127.0.0.1:3000';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const LANGS = ['JP', 'EN', 'KR', 'CN'] as const;
const MEMBER_PASSWORD = 'Member@2026pass';

async function fourLanguageSite(opts: { published?: boolean; domain?: string } = {}) {
  const doc: TSiteDocument = ZSiteDocument.parse({
    name: 'Four languages',
    numberVertical: 1,
    numberHorizontal: 2,
    languages: [...LANGS],
    content: Object.fromEntries(LANGS.map((l) => [l, emptyLanguageContent(1, 2)])),
  });
  const site = await insertSite(t.database.db, {
    accountId: t.fixtures.accounts.company.id,
    doc,
    published: opts.published ?? true,
  });
  if (opts.domain)
    await t.database.db
      .update(sites)
      .set({ customDomain: opts.domain, domainStatus: 'VERIFIED' })
      .where(eq(sites.id, site.id));
  return site;
}

const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: SITES_HOST, ...headers },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

describe('visitor pages', () => {
  it('answers every page in each of the site languages, privately, in that language', async () => {
    const site = await fourLanguageSite();
    const headings: Record<string, string> = {
      '': '会員登録',
      '/en': 'Register',
      '/ko': '회원가입',
      '/zh': '注册会员',
    };
    for (const [segment, lang] of [
      ['', 'ja'],
      ['/en', 'en'],
      ['/ko', 'ko'],
      ['/zh', 'zh'],
    ] as const) {
      for (const page of [
        'register',
        'register-success',
        'login',
        'contact',
        'forms',
        'contact-success',
        'form-success',
      ]) {
        const res = await t.app.inject({ url: `/sites/${site.id}${segment}/${page}` });
        expect(res.statusCode, `${segment}/${page}`).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['content-security-policy']).toContain("form-action 'self'");
        expect(res.body).toContain(`<html lang="${lang}"`);
      }
      const register = await t.app.inject({ url: `/sites/${site.id}${segment}/register` });
      expect(register.body).toContain(`<h1>${headings[segment]}</h1>`);
      // Every language's form posts to its own address.
      expect(register.body).toContain(`action="/sites/${site.id}${segment}/register"`);
    }
  });

  it('answers the not-found page for an unknown page, language or unpublished site', async () => {
    const site = await fourLanguageSite();
    const draft = await fourLanguageSite({ published: false });
    for (const url of [
      `/sites/${site.id}/nope`,
      `/sites/${site.id}/en/nope`,
      `/sites/${site.id}/fr/contact`,
      `/sites/${draft.id}/contact`,
      '/sites/no-such-site/register',
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('takes posts from the page itself only, and stores nothing from another site', async () => {
    const site = await fourLanguageSite();
    const form = { email: 'aiko@example.com', company_name: 'Aiko Co.', request_key: 'cross-site-0001' };
    const evil = await post(`/sites/${site.id}/en/contact`, form, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    const crossSite = await post(`/sites/${site.id}/en/contact`, form, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const stored = () =>
      t.database.db.select().from(siteSubmissions).where(eq(siteSubmissions.siteId, site.id));
    expect(await stored()).toHaveLength(0);

    const ok = await post(`/sites/${site.id}/en/contact`, form, {
      origin: SITES_ORIGIN,
      'sec-fetch-site': 'same-origin',
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/sites/${site.id}/en/contact-success`);
    // The same page sent twice (its request key) is one submission.
    await post(`/sites/${site.id}/en/contact`, form);
    expect(await stored()).toHaveLength(1);
  });

  it('shows a survey on its own site only', async () => {
    const site = await fourLanguageSite();
    const other = await fourLanguageSite();
    const surveyId = crypto.randomUUID();
    await insertSurvey(t.database.db, { id: surveyId, siteId: site.id, name: 'Mine' });
    expect((await t.app.inject({ url: `/sites/${site.id}/en/survey?id=${surveyId}` })).statusCode).toBe(200);
    const elsewhere = await t.app.inject({ url: `/sites/${other.id}/en/survey?id=${surveyId}` });
    expect(elsewhere.statusCode).toBe(404);
    const answer = await post(`/sites/${other.id}/en/survey?id=${surveyId}`, { email: 'x@example.com' });
    expect(answer.statusCode).toBe(404);
  });

  it('serves and takes the pages on a verified custom domain, with addresses of that domain', async () => {
    const site = await fourLanguageSite({ domain: 'lp.four.example' });
    await t.ctx.siteChanged(t.database.db, { siteId: site.id });
    const onDomain = (url: string) => t.app.inject({ url, headers: { host: 'lp.four.example' } });
    const register = await onDomain('/register');
    expect(register.statusCode).toBe(200);
    expect(register.body).toContain('action="/register"');
    const contact = await onDomain('/ko/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('<html lang="ko"');
    expect(contact.body).toContain('action="/ko/contact"');
    const sent = await post(
      '/ko/contact',
      { email: 'min@example.com', company_name: 'Min Co.' },
      { host: 'lp.four.example', origin: 'http://lp.four.example' },
    );
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/ko/contact-success');
    // The platform's own host has no such page.
    expect((await t.app.inject({ method: 'GET', url: '/register' })).body).not.toContain(
      'action="/register"',
    );
  });
});

describe('visitor addresses with and without a trailing slash', () => {
  /** Registers and confirms a member of the site through the API; answers nothing. */
  async function activeMember(siteId: string, email: string) {
    const register = await t.app.inject({
      method: 'POST',
      url: `/api/end-user/site/${siteId}/register`,
      payload: { data: { email, password: MEMBER_PASSWORD, confirm_password: MEMBER_PASSWORD }, lang: 'EN' },
      remoteAddress: `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(register.statusCode, register.body).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(mails)
      .where(eq(mails.to, email))
      .orderBy(desc(mails.createdAt));
    const token = /register-confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/end-user/site/${siteId}/register/confirm`,
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  const get = (url: string, cookie = '') =>
    t.app.inject({ url, headers: { host: SITES_HOST, ...(cookie ? { cookie } : {}) } });

  /** Follows redirects (at most 3) and answers the final status and address. */
  async function follow(url: string, cookie = '') {
    let res = await get(url, cookie);
    let at = url;
    for (let i = 0; i < 3 && res.statusCode >= 300 && res.statusCode < 400; i++) {
      at = new URL(String(res.headers.location), SITES_ORIGIN).pathname;
      res = await get(at, cookie);
    }
    return { status: res.statusCode, at };
  }

  it('answers every visitor page in all four languages with and without the slash, and signs in and out to a page that exists', async () => {
    const site = await fourLanguageSite();
    const email = `walker-${site.id.slice(0, 8)}@example.com`;
    await activeMember(site.id, email);
    for (const segment of ['', '/en', '/ko', '/zh']) {
      const root = `/sites/${site.id}${segment}`;
      for (const page of ['', '/register', '/login', '/contact', '/forms']) {
        const plain = await follow(`${root}${page}`);
        expect(plain.status, `${root}${page}`).toBe(200);
        const slashed = await follow(`${root}${page}/`);
        expect(slashed.status, `${root}${page}/`).toBe(200);
        // One form: the slashed address sends to the plain one (the site's own root keeps its slash).
        if (page || segment) expect(slashed.at, `${root}${page}/`).toBe(`${root}${page}`);
      }
      const signIn = await post(
        `${root}/login`,
        { email, password: MEMBER_PASSWORD },
        { origin: SITES_ORIGIN },
      );
      expect(signIn.statusCode, signIn.body).toBe(303);
      const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
      const landing = String(signIn.headers.location).split('#')[0]!;
      expect((await follow(landing, cookie)).status, landing).toBe(200);
      const signOut = await post(`${root}/logout`, {}, { origin: SITES_ORIGIN, cookie });
      expect(signOut.statusCode).toBe(303);
      const after = String(signOut.headers.location);
      expect((await follow(after)).status, after).toBe(200);
    }
  });
});
