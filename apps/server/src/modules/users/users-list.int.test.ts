import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness';

// GET /api/users and /api/users/export: who sees whom, filters, sort, pages and the CSV.

let t: TTestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function call(
  email: string,
  url: string,
  opts: { lang?: string; method?: 'GET' | 'PUT'; payload?: object } = {},
) {
  if (!tokens.has(email)) tokens.set(email, (await t.login(email)).access_token);
  return t.app.inject({
    method: opts.method ?? 'GET',
    url,
    headers: { ...t.bearer(tokens.get(email)!), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
}

type TRow = {
  id: string;
  email: string;
  kind: string;
  company_name: string;
  contract: { status: string } | null;
};
const emails = async (caller: string, query = '') => {
  const res = await call(caller, `/api/users?page_size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as TRow[]).map((r) => r.email).sort();
};

describe('user list scope', () => {
  it('shows the master every customer but no sub-admin, platform operator or itself', async () => {
    expect(await emails('master@example.com')).toEqual(
      [
        'direct@example.com',
        'kaede@example.com',
        'minato@example.com',
        'newcomer@example.com',
        'oem-admin@example.com',
        'oem@example.com',
        'tsubame@example.com',
        'user@example.com',
      ].sort(),
    );
  });

  it('keeps an OEM master inside its OEM tree (never the direct accounts)', async () => {
    const seen = await emails('oem@example.com');
    expect(seen).toEqual(
      [
        'kaede@example.com',
        'newcomer@example.com',
        'oem-admin@example.com',
        'tsubame@example.com',
        'user@example.com',
      ].sort(),
    );
    const direct = await call('oem@example.com', `/api/users/${t.fixtures.users.directUser.id}`);
    expect(direct.statusCode).toBe(404);
    const csv = await call('oem@example.com', '/api/users/export');
    expect(csv.body).not.toContain('direct@example.com');
    expect(csv.body).not.toContain('minato@example.com');
  });

  it('lets an OEM admin and a view-only sub-admin read, and refuses users and direct users', async () => {
    expect(await emails('oem-admin@example.com')).toContain('oem@example.com');
    expect(await emails('sub@example.com')).toContain('user@example.com');
    expect((await call('user@example.com', '/api/users')).statusCode).toBe(403);
    expect((await call('direct@example.com', '/api/users')).statusCode).toBe(403);
    expect((await call('user@example.com', '/api/users/export')).statusCode).toBe(403);
  });

  it('gives an OEM admin its OEM contract without owning it', async () => {
    const res = await call('master@example.com', `/api/users/${t.fixtures.users.oemAdmin.id}`);
    const d = res.json().data;
    expect(d.kind).toBe('OEM_ADMIN');
    expect(d.owns_contract).toBe(false);
    expect(d.contract.account_id).toBe(t.fixtures.accounts.oem.id);
    expect(d.contract.plan_code).toBe('pro_multi');
    expect(d.allowed_actions).toEqual([]);
  });
});

describe('seeded customers', () => {
  it('include a suspended company, an ended one and a direct customer with a plan change pending', async () => {
    const { kaedeUser, tsubameUser, minatoUser } = t.fixtures.users;
    const get = async (id: string) => (await call('master@example.com', `/api/users/${id}`)).json().data;
    expect((await get(kaedeUser.id)).contract.status).toBe('SUSPENDED');
    expect((await get(tsubameUser.id)).contract.status).toBe('INACTIVE');
    const minato = await get(minatoUser.id);
    expect(minato.kind).toBe('DIRECT_USER');
    expect(minato.contract.pending_plan).toMatchObject({
      plan_name: 'Premium',
      from: expect.stringMatching(/-01$/),
    });
  });
});

describe('user list filters, sort and pages', () => {
  it('filters by plan tier, OEM accounts, contract status and kind', async () => {
    expect(await emails('master@example.com', '&plan=oem')).toEqual([
      'oem-admin@example.com',
      'oem@example.com',
    ]);
    expect(await emails('master@example.com', '&plan=standard')).toEqual([
      'minato@example.com',
      'newcomer@example.com',
      'user@example.com',
    ]);
    expect(await emails('master@example.com', '&plan=pro')).toEqual([]);
    expect(await emails('master@example.com', '&status=SUSPENDED')).toEqual(['kaede@example.com']);
    expect(await emails('master@example.com', '&status=INACTIVE')).toEqual(['tsubame@example.com']);
    expect(await emails('master@example.com', '&kind=DIRECT_USER')).toEqual([
      'direct@example.com',
      'minato@example.com',
    ]);
    expect(await emails('master@example.com', '&kind=OEM_MASTER')).toEqual(['oem@example.com']);
  });

  it('searches company name, email and contact name, case-insensitively and literally', async () => {
    expect(await emails('master@example.com', '&keyword=hinode')).toEqual([
      'newcomer@example.com',
      'user@example.com',
    ]);
    expect(await emails('master@example.com', '&keyword=WATANABE')).toEqual(['user@example.com']);
    expect(await emails('master@example.com', '&keyword=kaede%40')).toEqual(['kaede@example.com']);
    expect(await emails('master@example.com', '&keyword=%25')).toEqual([]);
  });

  it('sorts and pages with a list envelope', async () => {
    const all = await call('master@example.com', '/api/users?sort=email&order=asc&page_size=100');
    const sorted = (all.json().data as TRow[]).map((r) => r.email);
    expect(sorted).toEqual([...sorted].sort());
    const page2 = await call('master@example.com', '/api/users?sort=email&order=asc&page_size=3&page=2');
    expect(page2.json().meta).toEqual({ total: 8, page: 2, page_size: 3 });
    expect((page2.json().data as TRow[]).map((r) => r.email)).toEqual(sorted.slice(3, 6));
    const byCompany = await call(
      'master@example.com',
      '/api/users?sort=companyName&order=desc&page_size=100',
    );
    const names = (byCompany.json().data as TRow[]).map((r) => r.company_name);
    expect(names).toEqual([...names].sort().reverse());
    expect((await call('master@example.com', '/api/users?page_size=500')).statusCode).toBe(400);
    expect((await call('master@example.com', '/api/users?plan=gold')).statusCode).toBe(400);
  });
});

describe('user export', () => {
  it('writes UTF-8 CSV with a BOM, CRLF, a localized header and the list filters', async () => {
    const en = await call('master@example.com', '/api/users/export?kind=DIRECT_USER', { lang: 'en' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{8}\.csv"$/);
    expect([...en.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = en.body.slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^Company name,Email,Contact person,Account type,/);
    expect(lines.filter(Boolean)).toHaveLength(3);
    expect(en.body).toContain('Minato Software,minato@example.com,Daiki Ishikawa,Direct user');
    const ja = await call('master@example.com', '/api/users/export', { lang: 'ja' });
    expect(ja.body.slice(1).split('\r\n')[0]).toMatch(/^会社名,メールアドレス,担当者名,アカウント種別,/);
  });

  it('escapes cells a spreadsheet would run as formulas', async () => {
    const put = await call('master@example.com', `/api/users/${t.fixtures.users.user.id}`, {
      method: 'PUT',
      payload: {
        company_name: '=HYPERLINK("http://x")',
        email: 'user@example.com',
        contact_name: '@cmd',
        authority: 'EDIT',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const csv = await call('master@example.com', '/api/users/export?keyword=user%40example.com', {
      lang: 'en',
    });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")",user@example.com,'@cmd,`);
  });
});
