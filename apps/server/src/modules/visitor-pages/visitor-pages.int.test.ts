import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/sites';
import { siteSubmissions } from '../../db/schema/visitors';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { insertSurvey } from '../surveys/survey-fixtures';

// The visitor pages over HTTP: every page in each of a site's four languages, on the platform's
// host and on a verified custom domain; posts from the page itself only; nothing of another site.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const LANGS = ['JP', 'EN', 'KR', 'CN'] as const;

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
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000', ...headers },
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
      origin: 'http://localhost:3000',
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
