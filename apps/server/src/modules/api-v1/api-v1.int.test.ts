import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/accounts';
import { contracts } from '../../db/schema/plans';
import { verificationCount } from '../../platform/password-hash';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';

// The read API under /api/v1: each authentication method of the API settings is accepted,
// every other attempt is a 401 API_UNAUTHENTICATED with a challenge, and a client only ever
// reads its own account and what lies below it.

let t: TTestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['direct@example.com', 'oem@example.com', 'user@example.com'])
    tokens.set(email, (await t.login(email)).access_token);
});
afterAll(async () => t?.close());

const operator = (email: string) => t.bearer(tokens.get(email)!);
const saveSettings = async (email: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/api-settings',
    headers: operator(email),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { client_id: string };
};
const issueKey = async (email: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-settings/key', headers: operator(email) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.key as string;
};
const revokeKey = async (email: string) => {
  const res = await t.app.inject({
    method: 'DELETE',
    url: '/api/api-settings/key',
    headers: operator(email),
  });
  expect(res.statusCode).toBe(200);
};

const v1 = (path: string, headers: Record<string, string>, remoteAddress = '192.0.2.10') =>
  t.app.inject({ url: `/api/v1${path}`, headers: { 'accept-language': 'en', ...headers }, remoteAddress });
const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

async function expectRefused(res: Awaited<ReturnType<typeof v1>>, why: string) {
  expect(res.statusCode, `${why}: ${res.body}`).toBe(401);
  expect(res.json().code, why).toBe('API_UNAUTHENTICATED');
  expect(res.headers['www-authenticate'], why).toMatch(/Bearer realm=.*Basic realm=/);
}

describe('API key mode', () => {
  let directKey: string;
  let oemKey: string;
  beforeAll(async () => {
    directKey = await issueKey('direct@example.com');
    await saveSettings('direct@example.com', { enabled: true, method: 'API_KEY' });
    oemKey = await issueKey('oem@example.com');
    await saveSettings('oem@example.com', { enabled: true, method: 'API_KEY' });
  });

  it('reads the own account with X-Api-Key or a Bearer key', async () => {
    const variants: Record<string, string>[] = [
      { 'x-api-key': directKey },
      { authorization: `Bearer ${directKey}` },
    ];
    for (const headers of variants) {
      const res = await v1('/account', headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        id: t.fixtures.accounts.direct.id,
        name: 'Aozora Cosmetics',
        type: 'DIRECT',
        contract: {
          status: 'ACTIVE',
          start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          plan: {
            code: 'premium',
            name: 'Premium',
            version: 1,
            limits: { quantity_swipe: 60, quantity_site: 10, limit_access: 200_000 },
            features: expect.objectContaining({ setting_tag_seo: true, multi_language: false }),
          },
        },
      });
      expect(res.headers['x-ratelimit-limit']).toBe('120');
    }
  });

  it('lists the customer accounts below the account, paged; none below a direct account', async () => {
    const direct = await v1('/users', { 'x-api-key': directKey });
    expect(direct.statusCode).toBe(200);
    expect(direct.json()).toEqual({ data: [], meta: { total: 0, page: 1, page_size: 20 } });

    // Whatever the demo seed holds below the OEM: every non-deleted account under its path.
    const below = (await t.ctx.db.select().from(accounts)).filter(
      (a) => a.path.startsWith(t.fixtures.accounts.oem.path) && a.id !== t.fixtures.accounts.oem.id,
    );
    const all = await v1('/users?page_size=100', { 'x-api-key': oemKey });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toEqual({ total: below.length, page: 1, page_size: 100 });
    expect(
      all
        .json()
        .data.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual(below.map((a) => a.id).sort());
    expect(all.json().data).toContainEqual({
      id: t.fixtures.accounts.company.id,
      name: 'Hinode Foods Inc.',
      type: 'COMPANY',
      parent_id: t.fixtures.accounts.oem.id,
      contract: {
        status: 'ACTIVE',
        start_date: expect.any(String),
        end_date: expect.any(String),
        plan_code: 'standard',
        plan_name: 'Standard',
      },
      created_at: expect.any(String),
    });

    const pages = [];
    for (let page = 1; page <= below.length; page++) {
      const res = await v1(`/users?page=${page}&page_size=1`, { 'x-api-key': oemKey });
      expect(res.json().data).toHaveLength(1);
      pages.push(res.json().data[0].id);
    }
    expect(pages).toEqual(all.json().data.map((u: { id: string }) => u.id));
    const past = await v1(`/users?page=${below.length + 1}&page_size=1`, { 'x-api-key': oemKey });
    expect(past.json().data).toEqual([]);

    const active = await v1('/users?status=ACTIVE&page_size=100', { 'x-api-key': oemKey });
    expect(active.json().data.length).toBeGreaterThan(0);
    for (const u of active.json().data) expect(u.contract.status).toBe('ACTIVE');
    const bad = await v1('/users?page_size=500', { 'x-api-key': oemKey });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the sites of the account and below it with their status', async () => {
    const company = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      doc: siteDocument({ name: 'Hinode Live' }),
      published: true,
    });
    await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.direct.id,
      doc: siteDocument({ name: 'Aozora Draft' }),
    });
    const res = await v1('/sites', { 'x-api-key': oemKey });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: company.id,
        name: 'Hinode Live',
        status: 'PUBLISH',
        account_name: 'Hinode Foods Inc.',
      }),
    ]);
    expect(res.json().data[0]).not.toHaveProperty('document');
    const drafts = await v1('/sites?status=DRAFT', { 'x-api-key': directKey });
    expect(drafts.json().data.map((s: { name: string }) => s.name)).toEqual(['Aozora Draft']);
  });

  it("answers only the key owner's data: one tenant's key never reads the other's", async () => {
    const asOem = [
      await v1('/account', { 'x-api-key': oemKey }),
      await v1('/users', { 'x-api-key': oemKey }),
      await v1('/sites', { 'x-api-key': oemKey }),
    ];
    const asDirect = [
      await v1('/account', { 'x-api-key': directKey }),
      await v1('/users', { 'x-api-key': directKey }),
      await v1('/sites', { 'x-api-key': directKey }),
    ];
    expect(asOem[0]!.json().data.id).toBe(t.fixtures.accounts.oem.id);
    for (const res of asOem) {
      expect(res.body).not.toContain(t.fixtures.accounts.direct.id);
      expect(res.body).not.toContain('Aozora');
    }
    for (const res of asDirect) {
      expect(res.body).not.toContain(t.fixtures.accounts.oem.id);
      expect(res.body).not.toContain(t.fixtures.accounts.company.id);
      expect(res.body).not.toContain('Sakura');
    }
  });

  it('refuses wrong, malformed and missing keys, and operator tokens', async () => {
    const wrong = `slp_${directKey.slice(4, 12)}_${'A'.repeat(43)}`;
    await expectRefused(await v1('/account', { 'x-api-key': wrong }), 'right prefix, wrong secret');
    await expectRefused(await v1('/account', { 'x-api-key': `${directKey}x` }), 'key with a suffix');
    await expectRefused(await v1('/account', { 'x-api-key': 'slp_00000000_nope' }), 'garbage key');
    await expectRefused(await v1('/account', { 'x-api-key': '' }), 'empty key');
    await expectRefused(await v1('/account', { authorization: 'Bearer' }), 'empty bearer');
    await expectRefused(await v1('/account', operator('direct@example.com')), 'operator JWT');
    await expectRefused(await v1('/account', {}), 'no credentials');
    await expectRefused(await v1('/users', { authorization: `Token ${directKey}` }), 'unknown scheme');
  });

  it('refuses the key while the settings are disabled or use another method', async () => {
    await saveSettings('direct@example.com', { enabled: false, method: 'API_KEY' });
    await expectRefused(await v1('/account', { 'x-api-key': directKey }), 'disabled');
    await saveSettings('direct@example.com', { enabled: false, method: 'IP', ip_list: [] });
    await saveSettings('direct@example.com', { enabled: true, method: 'IP', ip_list: ['192.0.2.10'] });
    await expectRefused(await v1('/account', { 'x-api-key': directKey }), 'IP mode');
    await saveSettings('direct@example.com', { enabled: true, method: 'API_KEY' });
    expect((await v1('/account', { 'x-api-key': directKey })).statusCode).toBe(200);
  });

  it('refuses a revoked or replaced key at once', async () => {
    const replacement = await issueKey('direct@example.com');
    await expectRefused(await v1('/account', { 'x-api-key': directKey }), 'replaced key');
    expect((await v1('/account', { 'x-api-key': replacement })).statusCode).toBe(200);
    await revokeKey('direct@example.com');
    await expectRefused(await v1('/account', { 'x-api-key': replacement }), 'revoked key');
  });
});

describe('Basic mode', () => {
  beforeAll(async () => {
    await saveSettings('oem@example.com', {
      enabled: true,
      method: 'BASIC',
      basic_id: 'sakura-api',
      basic_password: 'Api@2026pass',
    });
  });

  it('accepts the ID and password, verifying with argon2 once and then from the cache', async () => {
    // Counts argon2 verifications, to see the Basic cache at work.
    let before = verificationCount();
    for (let i = 0; i < 3; i++) {
      const res = await v1('/account', { authorization: basic('sakura-api:Api@2026pass') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.name).toBe('Sakura Agency (OEM)');
    }
    expect(verificationCount() - before).toBe(1);
    // A failure is never cached: each wrong attempt costs a verification.
    before = verificationCount();
    for (let i = 0; i < 2; i++)
      await expectRefused(
        await v1('/account', { authorization: basic('sakura-api:Wrong@2026pass') }),
        'wrong',
      );
    expect(verificationCount() - before).toBe(2);
  });

  it('refuses a wrong password, an unknown ID and every malformed header', async () => {
    const cases: [string, string][] = [
      ['wrong password', basic('sakura-api:Api@2026pasz')],
      ['unknown id', basic('nobody:Api@2026pass')],
      ['no colon', basic('sakura-api')],
      ['empty id', basic(':Api@2026pass')],
      ['empty password', basic('sakura-api:')],
      ['empty', 'Basic '],
      ['scheme only', 'Basic'],
      ['not base64', 'Basic !!!!****'],
      ['bad padding', 'Basic c2FrdXJh'.slice(0, -1)],
      ['not utf-8', `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x41]).toString('base64')}`],
    ];
    for (const [why, header] of cases)
      await expectRefused(await v1('/account', { authorization: header }), why);
  });

  it('forgets a cached success when the password changes or the API is disabled', async () => {
    expect((await v1('/account', { authorization: basic('sakura-api:Api@2026pass') })).statusCode).toBe(200);
    await saveSettings('oem@example.com', {
      enabled: true,
      method: 'BASIC',
      basic_id: 'sakura-api',
      basic_password: 'New@2026pass',
    });
    await expectRefused(
      await v1('/account', { authorization: basic('sakura-api:Api@2026pass') }),
      'old password after a change',
    );
    expect((await v1('/account', { authorization: basic('sakura-api:New@2026pass') })).statusCode).toBe(200);
    await saveSettings('oem@example.com', { enabled: false, method: 'BASIC', basic_id: 'sakura-api' });
    await expectRefused(
      await v1('/account', { authorization: basic('sakura-api:New@2026pass') }),
      'disabled while cached',
    );
  });
});

describe('IP restriction mode', () => {
  let clientId: string;
  beforeAll(async () => {
    ({ client_id: clientId } = await saveSettings('user@example.com', {
      enabled: true,
      method: 'IP',
      ip_list: ['203.0.113.0/24', '2001:db8::1'],
    }));
  });

  it('accepts the client id from a listed address (IPv4 range, IPv6, IPv4-mapped)', async () => {
    for (const ip of ['203.0.113.9', '2001:db8::1', '::ffff:203.0.113.200']) {
      const res = await v1('/account', { 'x-api-client': clientId }, ip);
      expect(res.statusCode, `${ip}: ${res.body}`).toBe(200);
      expect(res.json().data.name).toBe('Hinode Foods Inc.');
    }
  });

  it('refuses another address, a spoofed X-Forwarded-For (TRUST_PROXY_HOPS=0) and unknown clients', async () => {
    expect(t.config.trustProxyHops).toBe(0);
    await expectRefused(await v1('/account', { 'x-api-client': clientId }, '198.51.100.7'), 'unlisted IP');
    await expectRefused(
      await v1('/account', { 'x-api-client': clientId, 'x-forwarded-for': '203.0.113.9' }, '198.51.100.7'),
      'spoofed X-Forwarded-For',
    );
    await expectRefused(
      await v1('/account', { 'x-api-client': 'slc_unknown' }, '203.0.113.9'),
      'unknown client',
    );
    await expectRefused(await v1('/account', {}, '203.0.113.9'), 'listed IP without a client id');
  });
});

describe('contract and documentation', () => {
  it('lists the read API in the OpenAPI document with its security schemes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/v1/account',
      '/api/v1/users',
      '/api/v1/sites',
      '/api/v1/sites/{id}/members',
      '/api/v1/sites/{id}/contacts',
      '/api/v1/sites/{id}/forms',
    ]) {
      expect(doc.paths[path]?.get, path).toBeTruthy();
      expect(doc.paths[path].get.security).toEqual([
        { apiKey: [] },
        { apiKeyBearer: [] },
        { apiBasic: [] },
        { apiClientIp: [] },
      ]);
    }
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['bearerAuth', 'apiKey', 'apiBasic', 'apiClientIp']),
    );
    expect(
      Object.keys(
        doc.paths['/api/v1/users'].get.responses['200'].content['application/json'].schema.properties.meta
          .properties,
      ),
    ).toContain('page_size');
  });

  it('guards every /api/v1 route as an API client route', () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/v1/'));
    expect(routes.length).toBeGreaterThanOrEqual(2);
    for (const r of routes) expect(r.guard && 'apiClient' in r.guard, r.url).toBe(true);
  });

  it('refuses an account whose contract was terminated with a 401', async () => {
    const key = await issueKey('direct@example.com');
    await saveSettings('direct@example.com', { enabled: true, method: 'API_KEY' });
    expect((await v1('/account', { 'x-api-key': key })).statusCode).toBe(200);
    await t.ctx.db
      .update(contracts)
      .set({ status: 'TERMINATED', terminatedAt: new Date() })
      .where(eq(contracts.accountId, t.fixtures.accounts.direct.id));
    const res = await v1('/account', { 'x-api-key': key });
    await expectRefused(res, 'terminated');
    expect(res.json().message).toBe(
      'API access is not available because the contract of this account has been terminated.',
    );
  });
});
