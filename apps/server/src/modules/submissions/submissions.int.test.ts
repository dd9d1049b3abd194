import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { siteMembers, siteMemberTokens } from '../../db/schema/visitors';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { parseCsv } from '../../test/csv-parse';
import { startTestApp, type TTestApp } from '../../test/harness';
import { generateVisits } from '../analytics/demo-visits';
import { writeEvents } from '../analytics/event-writer';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { seedDemoSubmissions } from './demo-submissions';
import { insertMember, insertSubmission } from './submission-fixtures';

// A site's lists of members, contacts and homepage forms with their CSV export (/site-member,
// /site-contact, /site-form): keyword, JST date range, paging, tenancy, view authority, member
// deletion, and the CSV's escaping (a cell starting with = + - or @ is quoted so a spreadsheet
// never runs it as a formula).

let t: TTestApp;
let hinodeSite: string;
let directSite: string;
let userToken: string;
let directToken: string;

/** An instant given as a JST wall-clock time. */
const jst = (local: string) => new Date(`${local}+09:00`);

const TRICKY = 'Tokyo, "Shibuya"\nFloor 3';

beforeAll(async () => {
  t = await startTestApp();
  const { db } = t.database;
  hinodeSite = (
    await insertSite(db, {
      accountId: t.fixtures.accounts.company.id,
      doc: siteDocument({ name: 'Hinode Autumn', languages: ['JP', 'EN'] }),
    })
  ).id;
  directSite = (await insertSite(db, { accountId: t.fixtures.accounts.direct.id })).id;

  // Members of Hinode's site over three JST days; the 00:30 one is the 2nd in Japan, the 1st in UTC.
  await insertMember(db, {
    siteId: hinodeSite,
    email: 'aiko@example.jp',
    createdAt: jst('2026-03-01T10:00:00'),
    data: [
      { title: 'お名前', value: '山田 愛子' },
      { title: 'ご住所', value: TRICKY },
    ],
    lastLoginAt: jst('2026-03-05T09:15:00'),
  });
  await insertMember(db, {
    siteId: hinodeSite,
    email: 'ben@example.com',
    lang: 'EN',
    status: 'PENDING',
    createdAt: jst('2026-03-02T00:30:00'),
    data: [
      { title: 'お名前', value: '=HYPERLINK("http://evil.example")' },
      { title: 'Newsletter', value: 'yes' },
    ],
  });
  await insertMember(db, {
    siteId: hinodeSite,
    email: 'chika@example.jp',
    createdAt: jst('2026-03-03T23:59:00'),
    data: [{ title: 'お名前', value: '佐藤 千佳' }],
  });
  await insertMember(db, { siteId: directSite, email: 'aiko@example.jp', data: [] });

  await insertSubmission(db, {
    siteId: hinodeSite,
    kind: 'CONTACT',
    email: 'buyer@shop.example',
    companyName: '株式会社みなと商店',
    createdAt: jst('2026-04-10T12:00:00'),
    data: [
      { title: '会社名', value: '株式会社みなと商店' },
      { title: 'お問い合わせ内容', value: '卸売の価格表をください' },
    ],
  });
  await insertSubmission(db, {
    siteId: hinodeSite,
    kind: 'CONTACT',
    email: 'formula@example.com',
    createdAt: jst('2026-04-11T12:00:00'),
    data: [
      { title: 'お問い合わせ内容', value: '+81 3 1234 5678' },
      { title: 'Memo', value: '-1' },
      { title: 'Handle', value: '@hinode' },
    ],
  });
  await insertSubmission(db, {
    siteId: hinodeSite,
    kind: 'HOMEPAGE',
    email: 'homepage@example.com',
    mode: 'catalogue',
    createdAt: jst('2026-04-12T08:00:00'),
    data: [{ title: 'ご要望', value: 'カタログ希望' }],
  });
  await insertSubmission(db, { siteId: directSite, kind: 'CONTACT', email: 'other@example.com' });

  userToken = (await t.login('user@example.com')).access_token;
  directToken = (await t.login('direct@example.com')).access_token;
});
afterAll(async () => t?.close());

const get = (url: string, token = userToken, lang = 'en') =>
  t.app.inject({ url, headers: { ...t.bearer(token), 'accept-language': lang } });

const emails = (res: Awaited<ReturnType<typeof get>>) =>
  (res.json().data as { email: string }[]).map((r) => r.email);

describe('member list', () => {
  it('lists the site’s members newest first, never the password hash', async () => {
    const res = await get(`/api/site-member/${hinodeSite}`);
    expect(res.statusCode).toBe(200);
    expect(emails(res)).toEqual(['chika@example.jp', 'ben@example.com', 'aiko@example.jp']);
    expect(res.json().meta).toEqual({ total: 3, page: 1, page_size: 20 });
    const aiko = res.json().data[2];
    expect(aiko).toMatchObject({ status: 'ACTIVE', lang: 'JP', last_login_at: expect.any(String) });
    expect(aiko.data).toEqual([
      { title: 'お名前', value: '山田 愛子' },
      { title: 'ご住所', value: TRICKY },
    ]);
    expect(res.body).not.toContain('password');
    expect(res.json().data[1]).toMatchObject({ status: 'PENDING', confirmed_at: null });
  });

  it('searches email and answers, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(emails(await get(`/api/site-member/${hinodeSite}?keyword=BEN@`))).toEqual(['ben@example.com']);
    expect(emails(await get(`/api/site-member/${hinodeSite}?keyword=${encodeURIComponent('佐藤')}`))).toEqual(
      ['chika@example.jp'],
    );
    expect(emails(await get(`/api/site-member/${hinodeSite}?keyword=shibuya`))).toEqual(['aiko@example.jp']);
    expect(emails(await get(`/api/site-member/${hinodeSite}?keyword=%25`))).toEqual([]);
    // Titles are not values: nobody answered "お名前" itself.
    expect(
      emails(await get(`/api/site-member/${hinodeSite}?keyword=${encodeURIComponent('お名前')}`)),
    ).toEqual([]);
  });

  it('filters by JST days, both ends included', async () => {
    expect(emails(await get(`/api/site-member/${hinodeSite}?from=2026-03-02&to=2026-03-02`))).toEqual([
      'ben@example.com',
    ]);
    expect(emails(await get(`/api/site-member/${hinodeSite}?to=2026-03-01`))).toEqual(['aiko@example.jp']);
    expect(emails(await get(`/api/site-member/${hinodeSite}?from=2026-03-03`))).toEqual(['chika@example.jp']);
    const bad = await get(`/api/site-member/${hinodeSite}?from=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/site-member/${hinodeSite}?to=2026-13-01`)).statusCode).toBe(400);
  });

  it('pages', async () => {
    const second = await get(`/api/site-member/${hinodeSite}?page=2&page_size=2`);
    expect(emails(second)).toEqual(['aiko@example.jp']);
    expect(second.json().meta).toEqual({ total: 3, page: 2, page_size: 2 });
    expect(emails(await get(`/api/site-member/${hinodeSite}?page=3&page_size=2`))).toEqual([]);
  });
});

describe('contact and homepage lists', () => {
  it('keeps the two kinds apart, searches company and answers, filters by day', async () => {
    const contacts = await get(`/api/site-contact/${hinodeSite}`);
    expect(contacts.statusCode).toBe(200);
    expect(emails(contacts)).toEqual(['formula@example.com', 'buyer@shop.example']);
    expect(contacts.json().data[1]).toMatchObject({
      kind: 'CONTACT',
      company_name: '株式会社みなと商店',
      lang: 'JP',
      mode: null,
    });
    expect(
      emails(await get(`/api/site-contact/${hinodeSite}?keyword=${encodeURIComponent('みなと')}`)),
    ).toEqual(['buyer@shop.example']);
    expect(
      emails(await get(`/api/site-contact/${hinodeSite}?keyword=${encodeURIComponent('価格表')}`)),
    ).toEqual(['buyer@shop.example']);
    expect(emails(await get(`/api/site-contact/${hinodeSite}?from=2026-04-11&to=2026-04-30`))).toEqual([
      'formula@example.com',
    ]);
    const forms = await get(`/api/site-form/${hinodeSite}`);
    expect(emails(forms)).toEqual(['homepage@example.com']);
    expect(forms.json().data[0]).toMatchObject({ kind: 'HOMEPAGE', mode: 'catalogue' });
  });
});

describe('tenancy and authority', () => {
  it('answers 404 to another tenant for every list, export and delete', async () => {
    const [member] = await t.database.db.select().from(siteMembers).where(eq(siteMembers.siteId, hinodeSite));
    for (const path of ['site-member', 'site-contact', 'site-form']) {
      expect((await get(`/api/${path}/${hinodeSite}`, directToken)).statusCode).toBe(404);
      expect((await get(`/api/${path}/${hinodeSite}/export-csv`, directToken)).statusCode).toBe(404);
      expect((await get(`/api/${path}/${directSite}`)).statusCode).toBe(404);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/site-member/${hinodeSite}/${member!.id}`,
      headers: t.bearer(directToken),
    });
    expect(del.statusCode).toBe(404);
    // The direct customer sees its own site's rows, not Hinode's.
    expect(emails(await get(`/api/site-contact/${directSite}`, directToken))).toEqual(['other@example.com']);
    expect((await get('/api/site-member/not-a-uuid')).statusCode).toBe(404);
  });

  it('shows the OEM master above the company its site', async () => {
    const oem = (await t.login('oem@example.com')).access_token;
    const res = await get(`/api/site-member/${hinodeSite}`, oem);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(3);
  });

  it('lets a view-only sub-admin read and export but not delete', async () => {
    const sub = (await t.login('sub@example.com')).access_token;
    expect((await get(`/api/site-member/${hinodeSite}`, sub)).statusCode).toBe(200);
    expect((await get(`/api/site-contact/${hinodeSite}/export-csv`, sub)).statusCode).toBe(200);
    const [member] = await t.database.db.select().from(siteMembers).where(eq(siteMembers.siteId, hinodeSite));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/site-member/${hinodeSite}/${member!.id}`,
      headers: t.bearer(sub),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await t.database.db.select().from(siteMembers).where(eq(siteMembers.id, member!.id))).toHaveLength(
      1,
    );
  });
});

describe('member deletion', () => {
  it('deletes the member and ends its sessions; a member of another site is 404', async () => {
    const { db } = t.database;
    const member = await insertMember(db, { siteId: hinodeSite, email: 'leaving@example.jp' });
    const other = await insertMember(db, { siteId: hinodeSite, email: 'staying@example.jp' });
    const session = async (memberId: string) =>
      db.insert(siteMemberTokens).values({
        memberId,
        siteId: hinodeSite,
        kind: 'SESSION',
        tokenHash: hashToken(newOpaqueToken()),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    await session(member.id);
    await session(member.id);
    await session(other.id);
    const directMember = (await db.select().from(siteMembers).where(eq(siteMembers.siteId, directSite)))[0]!;

    // Hinode's site id with a member of the direct customer's site: not found, nothing deleted.
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/site-member/${hinodeSite}/${directMember.id}`,
      headers: t.bearer(userToken),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await db.select().from(siteMembers).where(eq(siteMembers.id, directMember.id))).toHaveLength(1);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/site-member/${hinodeSite}/${member.id}`,
      headers: { ...t.bearer(userToken), 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('会員を削除しました。');
    expect(await db.select().from(siteMembers).where(eq(siteMembers.id, member.id))).toHaveLength(0);
    expect(
      await db.select().from(siteMemberTokens).where(eq(siteMemberTokens.memberId, member.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(siteMemberTokens).where(eq(siteMemberTokens.memberId, other.id)),
    ).toHaveLength(1);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(entry?.action).toBe('members.deleted');

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/site-member/${hinodeSite}/${member.id}`,
      headers: t.bearer(userToken),
    });
    expect(again.statusCode).toBe(404);
    await db.delete(siteMembers).where(eq(siteMembers.id, other.id));
  });
});

describe('CSV export', () => {
  it('exports the members with a BOM, CRLF, quoting and escaped formulas, headers in Japanese', async () => {
    const res = await get(`/api/site-member/${hinodeSite}/export-csv`, userToken, 'ja');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="site-members-\d{8}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    // Every line break outside a quoted cell is CRLF.
    expect(text.replace(/"[^"]*(?:""[^"]*)*"/g, '').match(/(?<!\r)\n/g)).toBeNull();
    // The tricky address is one quoted cell, quotes doubled, its newline kept.
    expect(text).toContain('"Tokyo, ""Shibuya""\nFloor 3"');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      '登録日時（日本時間）',
      'メールアドレス',
      '言語',
      'ステータス',
      '本登録日時（日本時間）',
      '最終ログイン（日本時間）',
      'お名前',
      'ご住所',
      'Newsletter',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      '2026/03/03 23:59',
      'chika@example.jp',
      '日本語',
      '本登録',
      '2026/03/03 23:59',
      '',
      '佐藤 千佳',
      '',
      '',
    ]);
    // A formula is neutralised by a leading quote.
    expect(rows[2]).toEqual([
      '2026/03/02 00:30',
      'ben@example.com',
      '英語',
      '仮登録',
      '',
      '',
      `'=HYPERLINK("http://evil.example")`,
      '',
      'yes',
    ]);
    expect(rows[3]).toEqual([
      '2026/03/01 10:00',
      'aiko@example.jp',
      '日本語',
      '本登録',
      '2026/03/01 10:00',
      '2026/03/05 09:15',
      '山田 愛子',
      TRICKY,
      '',
    ]);
  });

  it('exports contacts with the same filters, formulas escaped, headers in English by default', async () => {
    const res = await get(`/api/site-contact/${hinodeSite}/export-csv?keyword=formula`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="site-contacts-\d{8}\.csv"/);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'Received at (JST)',
      'Email',
      'Company name',
      'Language',
      'お問い合わせ内容',
      'Memo',
      'Handle',
    ]);
    expect(rows.slice(1)).toEqual([
      ['2026/04/11 12:00', 'formula@example.com', '', 'Japanese', "'+81 3 1234 5678", "'-1", "'@hinode"],
    ]);
    const all = parseCsv(
      (await get(`/api/site-contact/${hinodeSite}/export-csv`, userToken, 'ja')).body.slice(1),
    );
    expect(all).toHaveLength(3);
    expect(all[2]).toContain('株式会社みなと商店');
    expect(all[2]).toContain('卸売の価格表をください');
  });

  it('exports homepage forms with their mode', async () => {
    const res = await get(`/api/site-form/${hinodeSite}/export-csv?from=2026-04-01`);
    expect(res.headers['content-disposition']).toMatch(/filename="site-forms-\d{8}\.csv"/);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows).toEqual([
      ['Received at (JST)', 'Email', 'Company name', 'Language', 'Mode', 'ご要望'],
      ['2026/04/12 08:00', 'homepage@example.com', '', 'Japanese', 'catalogue', 'カタログ希望'],
    ]);
    // An empty result still has its header row.
    const none = await get(`/api/site-form/${hinodeSite}/export-csv?to=2020-01-01`);
    expect(parseCsv(none.rawPayload.toString('utf8').slice(1))).toEqual([
      ['Received at (JST)', 'Email', 'Company name', 'Language'],
    ]);
  });
});

describe('demo data', () => {
  it("gives the demo site a member, contact or homepage form for each of its visits' conversions", async () => {
    const site = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    const now = Date.now();
    const visits = generateVisits({
      siteId: site.id,
      pages: ['A1', 'B1', 'A2', 'B2'],
      columns: 2,
      languages: ['JP', 'EN'],
      count: 600,
      from: now - 7 * 86_400_000,
      to: now - 60_000,
      seed: 3,
    });
    await writeEvents(t.database.db, visits, t.database.embedded);
    const converted = (kind: string) => visits.filter((r) => r.type === 'CONV' && r.target === kind);
    expect(converted('CONTACT').length).toBeGreaterThan(2);
    await seedDemoSubmissions(t.database.db, site.id);
    const total = async (path: string) =>
      (await get(`/api/${path}/${site.id}?page_size=100`)).json().meta.total;
    // And one registration waiting for its confirmation.
    expect(await total('site-member')).toBe(converted('MEMBER').length + 1);
    expect(await total('site-contact')).toBe(converted('CONTACT').length);
    expect(await total('site-form')).toBe(converted('FORM').length);
    const contacts = (await get(`/api/site-contact/${site.id}?page_size=100`)).json().data;
    expect(contacts.map((c: { created_at: string }) => Date.parse(c.created_at)).sort()).toEqual(
      converted('CONTACT')
        .map((r) => r.occurredAt.getTime())
        .sort(),
    );
  });
});
