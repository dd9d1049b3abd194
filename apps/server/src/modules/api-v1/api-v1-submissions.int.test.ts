import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { insertMember, insertSubmission } from '../submissions/submission-fixtures';
import { API_V1_IP_LIMIT } from './api-v1-limits';

// The read API's visitor lists (/api/v1/sites/:id/members|contacts|forms): the same lists as the
// operator routes (submissions.int.test.ts proves their filters in depth), read with an API key,
// for the sites of the key owner's subtree only; another account's site is a 404.

let t: TTestApp;
let hinodeSite: string;
let directSite: string;
let hinodeKey: string;
let oemKey: string;
let directKey: string;

/** An instant given as a JST wall-clock time. */
const jst = (local: string) => new Date(`${local}+09:00`);

/** Issues an API key for the account of `email` and enables the API in key mode. */
async function enableKey(email: string) {
  const headers = t.bearer((await t.login(email)).access_token);
  const issued = await t.app.inject({ method: 'POST', url: '/api/api-settings/key', headers });
  expect(issued.statusCode, issued.body).toBe(201);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/api-settings',
    headers,
    payload: { enabled: true, method: 'API_KEY' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return issued.json().data.key as string;
}

beforeAll(async () => {
  t = await startTestApp();
  const { db } = t.database;
  hinodeSite = (
    await insertSite(db, {
      accountId: t.fixtures.accounts.company.id,
      doc: siteDocument({ name: 'Hinode Autumn' }),
    })
  ).id;
  directSite = (await insertSite(db, { accountId: t.fixtures.accounts.direct.id })).id;

  await insertMember(db, {
    siteId: hinodeSite,
    email: 'aiko@example.jp',
    createdAt: jst('2026-03-01T10:00:00'),
    data: [{ title: 'お名前', value: '山田 愛子' }],
    lastLoginAt: jst('2026-03-05T09:15:00'),
  });
  await insertMember(db, {
    siteId: hinodeSite,
    email: 'ben@example.com',
    lang: 'EN',
    status: 'PENDING',
    createdAt: jst('2026-03-02T00:30:00'),
  });
  await insertMember(db, {
    siteId: hinodeSite,
    email: 'chika@example.jp',
    createdAt: jst('2026-03-03T23:59:00'),
    data: [{ title: 'お名前', value: '佐藤 千佳' }],
  });
  await insertMember(db, { siteId: directSite, email: 'aozora-member@example.com' });

  await insertSubmission(db, {
    siteId: hinodeSite,
    kind: 'CONTACT',
    email: 'buyer@shop.example',
    companyName: '株式会社みなと商店',
    createdAt: jst('2026-04-10T12:00:00'),
    data: [{ title: 'お問い合わせ内容', value: '卸売の価格表をください' }],
  });
  await insertSubmission(db, {
    siteId: hinodeSite,
    kind: 'CONTACT',
    email: 'second@example.com',
    createdAt: jst('2026-04-11T12:00:00'),
  });
  await insertSubmission(db, {
    siteId: hinodeSite,
    kind: 'HOMEPAGE',
    email: 'homepage@example.com',
    mode: 'catalogue',
    createdAt: jst('2026-04-12T08:00:00'),
    data: [{ title: 'ご要望', value: 'カタログ希望' }],
  });
  await insertSubmission(db, { siteId: directSite, kind: 'CONTACT', email: 'aozora-contact@example.com' });

  hinodeKey = await enableKey('user@example.com');
  oemKey = await enableKey('oem@example.com');
  directKey = await enableKey('direct@example.com');
});
afterAll(async () => t?.close());

const v1 = (path: string, headers: Record<string, string>) =>
  t.app.inject({
    url: `/api/v1${path}`,
    headers: { 'accept-language': 'en', ...headers },
    remoteAddress: '192.0.2.10',
  });
const asHinode = (path: string) => v1(path, { 'x-api-key': hinodeKey });
const emails = (res: Awaited<ReturnType<typeof v1>>) =>
  (res.json().data as { email: string }[]).map((r) => r.email);

describe('members', () => {
  it("lists the site's members newest first in the operator list's shape, never the password hash", async () => {
    const res = await asHinode(`/sites/${hinodeSite}/members`);
    expect(res.statusCode, res.body).toBe(200);
    expect(emails(res)).toEqual(['chika@example.jp', 'ben@example.com', 'aiko@example.jp']);
    expect(res.json().meta).toEqual({ total: 3, page: 1, page_size: 20 });
    expect(res.json().data[2]).toEqual({
      id: expect.any(String),
      email: 'aiko@example.jp',
      status: 'ACTIVE',
      lang: 'JP',
      data: [{ title: 'お名前', value: '山田 愛子' }],
      created_at: jst('2026-03-01T10:00:00').toISOString(),
      confirmed_at: jst('2026-03-01T10:00:00').toISOString(),
      last_login_at: jst('2026-03-05T09:15:00').toISOString(),
    });
    expect(res.json().data[1]).toMatchObject({ status: 'PENDING', lang: 'EN', confirmed_at: null });
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('fixture:no-password');
    expect(res.headers['x-ratelimit-limit']).toBe('120');
  });

  it('searches, filters by JST day and pages like the operator list', async () => {
    expect(emails(await asHinode(`/sites/${hinodeSite}/members?keyword=BEN@`))).toEqual(['ben@example.com']);
    expect(
      emails(await asHinode(`/sites/${hinodeSite}/members?keyword=${encodeURIComponent('佐藤')}`)),
    ).toEqual(['chika@example.jp']);
    expect(emails(await asHinode(`/sites/${hinodeSite}/members?from=2026-03-02&to=2026-03-02`))).toEqual([
      'ben@example.com',
    ]);
    const second = await asHinode(`/sites/${hinodeSite}/members?page=2&page_size=2`);
    expect(emails(second)).toEqual(['aiko@example.jp']);
    expect(second.json().meta).toEqual({ total: 3, page: 2, page_size: 2 });
    expect(emails(await asHinode(`/sites/${hinodeSite}/members?page=3&page_size=2`))).toEqual([]);
    expect((await asHinode(`/sites/${hinodeSite}/members?page_size=500`)).statusCode).toBe(400);
    expect((await asHinode(`/sites/${hinodeSite}/members?from=2026-02-30`)).statusCode).toBe(400);
  });
});

describe('contacts and homepage forms', () => {
  it('lists each kind apart, with keyword and paging', async () => {
    const contacts = await asHinode(`/sites/${hinodeSite}/contacts`);
    expect(contacts.statusCode, contacts.body).toBe(200);
    expect(emails(contacts)).toEqual(['second@example.com', 'buyer@shop.example']);
    expect(contacts.json().meta).toEqual({ total: 2, page: 1, page_size: 20 });
    expect(contacts.json().data[1]).toEqual({
      id: expect.any(String),
      kind: 'CONTACT',
      lang: 'JP',
      email: 'buyer@shop.example',
      company_name: '株式会社みなと商店',
      data: [{ title: 'お問い合わせ内容', value: '卸売の価格表をください' }],
      mode: null,
      created_at: jst('2026-04-10T12:00:00').toISOString(),
    });
    expect(
      emails(await asHinode(`/sites/${hinodeSite}/contacts?keyword=${encodeURIComponent('価格表')}`)),
    ).toEqual(['buyer@shop.example']);
    const page2 = await asHinode(`/sites/${hinodeSite}/contacts?page=2&page_size=1`);
    expect(emails(page2)).toEqual(['buyer@shop.example']);
    expect(page2.json().meta).toEqual({ total: 2, page: 2, page_size: 1 });

    const forms = await asHinode(`/sites/${hinodeSite}/forms`);
    expect(forms.statusCode, forms.body).toBe(200);
    expect(emails(forms)).toEqual(['homepage@example.com']);
    expect(forms.json().data[0]).toMatchObject({ kind: 'HOMEPAGE', mode: 'catalogue' });
    expect(
      emails(await asHinode(`/sites/${hinodeSite}/forms?keyword=${encodeURIComponent('カタログ')}`)),
    ).toEqual(['homepage@example.com']);
    expect(emails(await asHinode(`/sites/${hinodeSite}/forms?keyword=nobody`))).toEqual([]);
  });
});

describe('tenancy and credentials', () => {
  const LISTS = ['members', 'contacts', 'forms'];

  it("answers 404 for a site of another account, and each key reads its own subtree's sites", async () => {
    for (const list of LISTS) {
      const foreign = await asHinode(`/sites/${directSite}/${list}`);
      expect(foreign.statusCode, `${list}: ${foreign.body}`).toBe(404);
      expect(foreign.body).not.toContain('aozora-');
      expect((await v1(`/sites/${hinodeSite}/${list}`, { 'x-api-key': directKey })).statusCode).toBe(404);
      expect((await asHinode(`/sites/${crypto.randomUUID()}/${list}`)).statusCode).toBe(404);
      expect((await asHinode(`/sites/not-a-uuid/${list}`)).statusCode).toBe(404);
      // The OEM above Hinode reads its company's site too; the direct account its own.
      expect((await v1(`/sites/${hinodeSite}/${list}`, { 'x-api-key': oemKey })).statusCode).toBe(200);
      expect((await v1(`/sites/${directSite}/${list}`, { 'x-api-key': directKey })).statusCode).toBe(200);
    }
    expect(emails(await v1(`/sites/${directSite}/members`, { 'x-api-key': directKey }))).toEqual([
      'aozora-member@example.com',
    ]);
    expect(emails(await v1(`/sites/${directSite}/contacts`, { 'x-api-key': directKey }))).toEqual([
      'aozora-contact@example.com',
    ]);
  });

  it('refuses missing credentials and operator tokens with a 401', async () => {
    const operator = t.bearer((await t.login('user@example.com')).access_token);
    for (const list of LISTS) {
      for (const [why, headers] of [
        ['no credentials', {}],
        ['operator JWT', operator],
        ['wrong key', { 'x-api-key': `${hinodeKey}x` }],
      ] as const) {
        const res = await v1(`/sites/${hinodeSite}/${list}`, headers);
        expect(res.statusCode, `${list} ${why}: ${res.body}`).toBe(401);
        expect(res.json().code).toBe('API_UNAUTHENTICATED');
        expect(res.headers['www-authenticate']).toMatch(/Bearer realm=.*Basic realm=/);
      }
    }
  });

  it('guards the lists like the other read-API routes and documents them', async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.method === 'GET');
    for (const list of LISTS) {
      const route = routes.find((r) => r.url === `/api/v1/sites/:id/${list}`);
      expect(route?.guard, list).toEqual({ apiClient: true, rateLimit: API_V1_IP_LIMIT });
    }
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const list of LISTS) {
      const op = doc.paths[`/api/v1/sites/{id}/${list}`]?.get;
      expect(op, list).toBeTruthy();
      expect(op.tags).toEqual(['api-v1']);
      expect(op.summary).toMatch(/^Read API: /);
      expect(op.security).toEqual([
        { apiKey: [] },
        { apiKeyBearer: [] },
        { apiBasic: [] },
        { apiClientIp: [] },
      ]);
    }
  });
});
