import fs from 'node:fs';
import path from 'node:path';
import type { TMessageKey } from '@swipe/contracts/messages';
import { USER_IMPORT_MAX_BYTES } from '@swipe/contracts/user-import';
import { count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/accounts';
import { contracts, plans } from '../../db/schema/plans';
import { auditLog, mails } from '../../db/schema/platform';
import { startTestApp, type TTestApp } from '../../test/harness';

// Contract dates lie in the future whenever the tests run (an end date must not be past).
const Y = new Date().getUTCFullYear() + 1;

const SJIS_FIXTURE = path.join(import.meta.dirname, 'fixtures/users-50-shift-jis.csv');
// 株式会社 and 桜 in Shift_JIS: bytes no UTF-8 decoder accepts.
const SJIS_KABUSHIKIGAISHA = [0x8a, 0x94, 0x8e, 0xae, 0x89, 0xef, 0x8e, 0xd0];
const SJIS_SAKURA = [0x8d, 0xf7];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const HEADER =
  'kind,company_name,email,contact_name,manager_name,authority,plan_code,contract_start,contract_end,license_issued,logo_enabled,language';
const row = (
  email: string,
  over: Partial<Record<'kind' | 'company' | 'plan' | 'start' | 'end', string>> = {},
) =>
  [
    over.kind ?? 'direct_user',
    over.company ?? `Company of ${email}`,
    email,
    'Contact Person',
    '',
    'edit',
    over.plan ?? 'standard',
    over.start ?? `${Y}-04-01`,
    over.end ?? `${Y + 1}/3/31`,
    'no',
    'yes',
    'en',
  ].join(',');
const csv = (...lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;

let t: TTestApp;
let master: string;
let oem: string;
let oemAdmin: string;
let sub: string;
let plainUser: string;
let ip = 0;

beforeAll(async () => {
  t = await startTestApp();
  const token = async (email: string) => (await t.login(email)).access_token;
  master = await token('master@example.com');
  oem = await token('oem@example.com');
  oemAdmin = await token('oem-admin@example.com');
  sub = await token('sub@example.com');
  plainUser = await token('user@example.com');
});
afterAll(() => t.close());

function post(
  url: string,
  token: string,
  body: string | Buffer,
  opts: { lang?: string; type?: string; query?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    query: opts.query,
    headers: {
      ...t.bearer(token),
      'content-type': opts.type ?? 'text/csv',
      'accept-language': opts.lang ?? 'en',
    },
    payload: body,
    // Each call from its own address: the import's rate limit is tested on its own below.
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
}
const preview = (token: string, body: string | Buffer, opts?: Parameters<typeof post>[3]) =>
  post('/api/users/import/preview', token, body, opts);
const importCsv = (token: string, body: string | Buffer, opts?: Parameters<typeof post>[3]) =>
  post('/api/users/import', token, body, opts);

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
const usersByEmail = (emails: string[]) =>
  t.database.db.select().from(users).where(inArray(users.email, emails));

describe('GET /api/users/import/template', () => {
  it('is a UTF-8 CSV with BOM and CRLF, headed in the request language, with one example row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/template',
      headers: { ...t.bearer(master), 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[0]!.split(',').slice(0, 4)).toEqual([
      'アカウント種別',
      '会社名',
      'メールアドレス',
      '担当者名',
    ]);
    // At the platform a master creates direct users (or OEM masters).
    expect(lines[1]!.startsWith('direct_user,株式会社サンプル,new.user@example.com,')).toBe(true);

    const en = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/template',
      headers: { ...t.bearer(oem), 'accept-language': 'en' },
    });
    const enLines = en.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(enLines[0]!.split(',')[0]).toBe('Account type');
    // Under an OEM the example is a company user.
    expect(enLines[1]!.split(',')[0]).toBe('user');
  });

  it('round-trips: the example row imports cleanly once its email is changed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/template',
      headers: { ...t.bearer(oem), 'accept-language': 'ja' },
    });
    const edited = Buffer.from(
      res.rawPayload.toString('utf8').replace('new.user@example.com', 'roundtrip@example.com'),
    );
    const imported = await importCsv(oem, edited, { lang: 'ja' });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data).toEqual({ count: 1 });
    expect(imported.json().message).toContain('1件');
    const [created] = await usersByEmail(['roundtrip@example.com']);
    expect(created).toMatchObject({
      name: '山田 太郎',
      role: 'USER',
      mustChangePassword: true,
      language: 'ja',
    });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, created!.accountId));
    expect(account).toMatchObject({
      name: '株式会社サンプル',
      type: 'COMPANY',
      parentId: t.fixtures.accounts.oem.id,
    });
    const [contract] = await t.database.db
      .select({ code: plans.code })
      .from(contracts)
      .innerJoin(plans, eq(plans.id, contracts.planId))
      .where(eq(contracts.accountId, account!.id));
    expect(contract!.code).toBe('standard');
  });

  it('is refused to roles that create no users, and another tenant parent is not found', async () => {
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/template',
      headers: t.bearer(plainUser),
    });
    expect(asUser.statusCode).toBe(403);
    for (const parent of [t.fixtures.accounts.direct.id, t.fixtures.accounts.platform.id, 'not-a-uuid']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/import/template?parent_account_id=${parent}`,
        headers: t.bearer(oem),
      });
      expect(res.statusCode, parent).toBe(404);
    }
  });
});

describe('POST /api/users/import/preview', () => {
  it('reads UTF-8 without BOM under English headers and writes nothing', async () => {
    const before = await userCount();
    const file = [
      'Account type,Company name,Email,Contact person,Plan code,Contract start,Contract end',
      `direct_user,"Quoted, Inc.",preview1@example.com,"Jane ""JJ"" Doe",premium_multi,${Y}-04-01,${Y + 1}-03-31`,
      'direct_user,Plain Co.,preview2@example.com,John Doe,standard,2026/4/1,2027/3/31',
    ].join('\n');
    const res = await preview(master, file);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 2, valid: 2, invalid: 0, encoding: 'utf-8' });
    expect(data.rows[0]).toMatchObject({
      line: 2,
      errors: [],
      values: { company_name: 'Quoted, Inc.', contact_name: 'Jane "JJ" Doe', plan_code: 'premium_multi' },
    });
    expect(await userCount()).toBe(before);
  });

  it('reports each row error by line and column, in the request language', async () => {
    const file = csv(
      row('fine@example.com'),
      row('not-an-email'),
      row('bad-kind@example.com', { kind: 'boss' }),
      row('no-plan@example.com', { plan: 'gold', end: `${Y}-05-01` }),
      row('short@example.com', { end: `${Y}-12-31` }),
    );
    const res = await preview(master, file, { lang: 'ja' });
    const data = res.json().data;
    expect(data).toMatchObject({ total: 5, valid: 1, invalid: 4 });
    const errors = Object.fromEntries(
      data.rows.map((r: { line: number; errors: { field: string }[] }) => [
        r.line,
        r.errors.map((e) => e.field),
      ]),
    );
    expect(errors).toEqual({
      2: [],
      3: ['email'],
      4: ['kind'],
      5: ['plan_code', 'contract_end'],
      6: ['contract_end'],
    });
    expect(data.rows[1].errors[0].message).toBe('メールアドレスの形式が正しくありません。');
    expect(data.rows[1].values.email).toBe('not-an-email');
  });

  it('finds emails repeated in the file or already taken, and kinds the caller may not create', async () => {
    const file = csv(
      row('dup@example.com'),
      row('DUP@example.com'),
      row('user@example.com'),
      row('admin-under-platform@example.com', { kind: 'oem_admin' }),
    );
    const data = (await preview(master, file)).json().data;
    expect(data.rows.map((r: { errors: { field: string }[] }) => r.errors.map((e) => e.field))).toEqual([
      [],
      ['email'],
      ['email'],
      ['kind'],
    ]);
    expect(data.rows[1].errors[0].message).not.toBe(data.rows[2].errors[0].message);
  });

  it('lets a view-only sub-admin check a file, without telling which emails are registered', async () => {
    const res = await preview(sub, csv(row('sub-check@example.com', { kind: 'user' })));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.valid).toBe(1);
    // user@ exists: an editor is told so, a viewer is not (no bulk probing of addresses).
    const probe = csv(row('user@example.com', { kind: 'user' }));
    expect(
      (await preview(oem, probe)).json().data.rows[0].errors.map((e: { field: string }) => e.field),
    ).toEqual(['email']);
    expect((await preview(sub, probe)).json().data.rows[0].errors).toEqual([]);
  });

  it('refuses files that are not CSV, too large, empty or broken', async () => {
    const zip = Buffer.from([
      0x50,
      0x4b,
      0x03,
      0x04,
      0x14,
      0x00,
      0x06,
      0x00,
      ...Buffer.from('xl/workbook.xml'),
    ]);
    const cases: [string | Buffer, number, TMessageKey, string?][] = [
      [zip, 415, 'userImport.notCsv'],
      [Buffer.from(`${HEADER}\n\u0000\u0001binary`), 415, 'userImport.notCsv'],
      ['just,some,words\n1,2,3\n', 400, 'userImport.notCsv'],
      ['\r\n\r\n', 400, 'userImport.notCsv'],
      [`${HEADER}\r\n`, 400, 'userImport.empty'],
      ['kind,email\nuser,a@example.com\n', 400, 'userImport.missingColumns'],
      [`${HEADER}\n"never closed,x\n`, 400, 'userImport.unterminatedQuote'],
      [
        csv(...Array.from({ length: 1001 }, (_, i) => row(`many${i}@example.com`))),
        400,
        'userImport.tooManyRows',
      ],
      ['{"csv":"kind,email"}', 415, 'userImport.notCsv', 'application/json'],
    ];
    const { translate } = await import('@swipe/contracts/messages');
    for (const [body, status, key, type] of cases) {
      const res = await preview(master, body, { type });
      expect(res.statusCode, `${key} ${res.body}`).toBe(status);
      expect(res.json().message.startsWith(translate(key, 'en').slice(0, 20))).toBe(true);
    }
  });

  it('refuses more than 5 MB with the import message', async () => {
    const big = Buffer.alloc(USER_IMPORT_MAX_BYTES + 1, 0x61);
    const res = await preview(master, big, { lang: 'en' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large. A CSV file can be at most 5 MB.',
    });
    // Exactly 5 MB is read (and then judged as a file).
    const limit = Buffer.concat([
      Buffer.from(`${HEADER}\n`),
      Buffer.alloc(USER_IMPORT_MAX_BYTES - HEADER.length - 1, 0x20),
    ]);
    expect((await preview(master, limit)).statusCode).toBe(400);
  });

  it('reads hostile 5 MB files quickly and in little memory: empty lines, one-letter rows, 10,000 columns, one huge value', async () => {
    const fill = (unit: string) =>
      unit.repeat(Math.floor((USER_IMPORT_MAX_BYTES - HEADER.length - 200) / unit.length));
    const cases: [string, string, TMessageKey][] = [
      [
        'one valid row, then millions of empty lines',
        `${HEADER}\n${row('lines@example.com')}\n${fill('\n')}`,
        'userImport.tooManyRows',
      ],
      ['two million one-letter rows', `${HEADER}\n${fill('a\n')}`, 'userImport.tooManyRows'],
      ['10,000 columns', `${HEADER}\n${'x,'.repeat(10_000)}x\n`, 'userImport.tooManyColumns'],
      ['one 4 MB value', `${HEADER}\n"${'x'.repeat(4_000_000)}"\n`, 'userImport.valueTooLong'],
    ];
    const { translate } = await import('@swipe/contracts/messages');
    const MAX_OF: Partial<Record<TMessageKey, number>> = {
      'userImport.tooManyRows': 1000,
      'userImport.tooManyColumns': 100,
      'userImport.valueTooLong': 1000,
    };
    for (const [what, body, key] of cases) {
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      const res = await preview(master, body, { lang: 'en' });
      const ms = performance.now() - started;
      if (key === 'userImport.tooManyRows' && what.startsWith('one valid row')) {
        // Blank lines are not rows: one row is checked, and the file is otherwise fine.
        expect(res.statusCode, `${what} ${res.body}`).toBe(200);
      } else {
        expect(res.statusCode, `${what} ${res.body}`).toBe(400);
        expect(res.json().message, what).toBe(translate(key, 'en', { line: 2, max: MAX_OF[key] ?? 0 }));
      }
      expect(ms, what).toBeLessThan(1500);
      expect(process.memoryUsage().heapUsed - heapBefore, what).toBeLessThan(100 * 1024 * 1024);
      console.info(`user import, ${what}: ${Math.round(ms)} ms`);
    }
  });

  it('answers 404 for a parent account of another tenant', async () => {
    for (const [token, parent] of [
      [oem, t.fixtures.accounts.direct.id],
      [oemAdmin, t.fixtures.accounts.platform.id],
    ] as const) {
      const res = await preview(token, csv(row('x@example.com')), { query: { parent_account_id: parent } });
      expect(res.statusCode).toBe(404);
      const imp = await importCsv(token, csv(row('x@example.com')), { query: { parent_account_id: parent } });
      expect(imp.statusCode).toBe(404);
    }
  });
});

describe('POST /api/users/import', () => {
  it('decodes Shift_JIS (a fixture Excel would save) and creates all 50 users in one go, each mailed', async () => {
    const bytes = fs.readFileSync(SJIS_FIXTURE);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const checked = (await preview(master, bytes, { type: 'application/vnd.ms-excel' })).json().data;
    expect(checked).toMatchObject({ total: 50, valid: 50, invalid: 0, encoding: 'shift_jis' });
    expect(checked.rows[0].values.company_name).toBe('株式会社ひので食品 第1営業所');
    expect(checked.rows[6].values.company_name).toBe('株式会社あおぞら化粧品, 第7支店');

    const mailsBefore = (await t.database.db.select({ n: count() }).from(mails))[0]!.n;
    const res = await importCsv(master, bytes, { type: 'application/octet-stream', lang: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      data: { count: 50 },
      message: '50 users have been created. Each receives a first password by mail.',
    });
    const created = await t.database.db
      .select()
      .from(users)
      .where(like(users.email, 'sjis-user%@example.com'));
    expect(created).toHaveLength(50);
    const [first] = await t.database.db
      .select({ name: accounts.name, type: accounts.type })
      .from(accounts)
      .innerJoin(users, eq(users.accountId, accounts.id))
      .where(eq(users.email, 'sjis-user01@example.com'));
    expect(first).toEqual({ name: '株式会社ひので食品 第1営業所', type: 'DIRECT' });
    const queued = await t.database.db.select().from(mails).where(like(mails.to, 'sjis-user%@example.com'));
    expect(queued).toHaveLength(50);
    expect((await t.database.db.select({ n: count() }).from(mails))[0]!.n - mailsBefore).toBe(50);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'users.imported'))
      .limit(1);
    expect(entry).toBeTruthy();
  });

  it('imports Shift_JIS bytes built here, as an OEM admin creating a company user', async () => {
    const line = Buffer.concat([
      Buffer.from('user,'),
      Buffer.from([...SJIS_KABUSHIKIGAISHA, ...SJIS_SAKURA]),
      Buffer.from(`,sakura-sjis@example.com,Sakura,,view,light,${Y}-04-01,${Y + 1}-03-31,1,0,kr\r\n`),
    ]);
    const res = await importCsv(oemAdmin, Buffer.concat([Buffer.from(`${HEADER}\r\n`), line]));
    expect(res.statusCode, res.body).toBe(201);
    const [created] = await usersByEmail(['sakura-sjis@example.com']);
    expect(created).toMatchObject({ authority: 'VIEW', language: 'kr', role: 'USER' });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, created!.accountId));
    expect(account!.name).toBe('株式会社桜');
  });

  it('imports UTF-8 with a BOM', async () => {
    const res = await importCsv(
      master,
      Buffer.concat([BOM, Buffer.from(csv(row('bom1@example.com'), row('bom2@example.com')))]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await usersByEmail(['bom1@example.com', 'bom2@example.com'])).toHaveLength(2);
  });

  it('creates nothing when one row is bad: 422 naming the line and column of every error', async () => {
    const before = await userCount();
    const res = await importCsv(
      master,
      csv(
        row('good-a@example.com'),
        row('bad@@example'),
        row('good-b@example.com'),
        row('good-a@example.com'),
      ),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(
      '2 rows have errors. Nothing was imported; please correct the file and try again.',
    );
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['rows.3.email', 'rows.5.email']);
    expect(await userCount()).toBe(before);
    expect(await usersByEmail(['good-a@example.com', 'good-b@example.com'])).toHaveLength(0);
  });

  it('refuses a view-only sub-admin and a plain user with 403, writing nothing', async () => {
    const before = await userCount();
    expect((await importCsv(sub, csv(row('by-sub@example.com', { kind: 'user' })))).statusCode).toBe(403);
    expect((await importCsv(plainUser, csv(row('by-user@example.com')))).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('is rate limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/import',
        headers: { ...t.bearer(master), 'content-type': 'text/csv' },
        payload: `${HEADER}\r\n`,
        remoteAddress: '10.99.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
