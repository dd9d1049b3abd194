import { translate } from '@swipe/contracts/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, plans } from '../../db/schema/plans';
import { auditLog } from '../../db/schema/platform';
import { startTestApp, type TTestApp } from '../../test/harness';

// Plan catalogue and plan management: versioning keeps contracts on their version, retiring
// keeps existing contracts, validation speaks the catalogue's messages, only MASTER manages.

let t: TTestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['master', 'oem', 'sub', 'user', 'direct'])
    tokens[email] = (await t.login(`${email}@example.com`)).access_token;
});
afterAll(async () => t?.close());

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  lang = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...t.bearer(tokens[who]!), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const terms = (over: Record<string, unknown> = {}) => ({
  name: 'Campaign Special',
  price: 45_000,
  quantity_swipe: 20,
  quantity_site: 2,
  limit_access: 30_000,
  limit_access_price: 900,
  flags: { swipe: true, private_domain: true, setting_form_contact: true },
  ...over,
});

const liveOn = async (planId: string) =>
  (
    await t.database.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.planId, planId), inArray(contracts.status, ['ACTIVE', 'SUSPENDED'])))
  ).length;

describe('GET /api/plans', () => {
  it('lists the current catalogue by tier, each multilingual variant after its base', async () => {
    const res = await call('user', 'GET', '/api/plans');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { code: string; contract_count?: number; flags: object }[];
    expect(list.map((p) => p.code)).toEqual([
      'trial',
      'light',
      'light_multi',
      'standard',
      'standard_multi',
      'premium',
      'premium_multi',
      'pro',
      'pro_multi',
    ]);
    // Contract counts are plan management's business, not a customer's.
    expect(list.every((p) => p.contract_count === undefined)).toBe(true);
    expect(list[3]!.flags).toMatchObject({ private_domain: true, analytics_effect: false });
  });

  it('gives the platform the live contracts on each version', async () => {
    const list = (await call('master', 'GET', '/api/plans')).json().data as {
      id: string;
      code: string;
      contract_count: number;
    }[];
    const standard = list.find((p) => p.code === 'standard')!;
    expect(standard.contract_count).toBe(await liveOn(standard.id));
    expect(standard.contract_count).toBeGreaterThanOrEqual(1); // Hinode Foods
  });
});

describe('plan management', () => {
  it('refuses every operator but the platform', async () => {
    for (const who of ['oem', 'sub', 'user', 'direct']) {
      expect(
        (await call(who, 'POST', '/api/plans', { code: 'x_plan', tier: 'light', ...terms() })).statusCode,
      ).toBe(403);
      expect((await call(who, 'PUT', `/api/plans/${t.fixtures.plans.light!.id}`, terms())).statusCode).toBe(
        403,
      );
      expect((await call(who, 'DELETE', `/api/plans/${t.fixtures.plans.light!.id}`)).statusCode).toBe(403);
    }
    const [light] = await t.database.db.select().from(plans).where(eq(plans.code, 'light'));
    expect(light!.retiredAt).toBeNull();
    expect(light!.version).toBe(1);
  });

  it('validates a new plan with the catalogue messages', async () => {
    const empty = await call('master', 'POST', '/api/plans', {});
    expect(empty.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (empty.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      code: 'This field is required.',
      name: 'This field is required.',
      price: 'This field is required.',
      quantity_swipe: 'This field is required.',
      limit_access_price: 'This field is required.',
    });

    const bad = await call('master', 'POST', '/api/plans', {
      code: 'Bad-Code',
      tier: 'light',
      ...terms({ name: 'x'.repeat(51), price: -1, quantity_site: 1.5 }),
    });
    expect(bad.statusCode).toBe(400);
    const errors = Object.fromEntries(
      (bad.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(errors).toEqual({
      code: translate('plans.codeFormat', 'en'),
      name: translate('common.tooLong', 'en', { max: 50 }),
      price: translate('plans.wholeNumber', 'en'),
      quantity_site: translate('plans.wholeNumber', 'en'),
    });

    const long = await call('master', 'POST', '/api/plans', {
      code: 'a'.repeat(33),
      tier: 'light',
      ...terms(),
    });
    expect(long.json().errors).toEqual([
      { field: 'code', message: translate('common.tooLong', 'en', { max: 32 }) },
    ]);
    expect(await t.database.db.select().from(plans).where(eq(plans.name, 'Campaign Special'))).toHaveLength(
      0,
    );
  });

  it('creates a plan as version 1, with a unique code, and audits it', async () => {
    const res = await call('master', 'POST', '/api/plans', {
      code: 'campaign_2026',
      tier: 'standard',
      ...terms(),
    });
    expect(res.statusCode).toBe(201);
    const plan = res.json().data;
    expect(plan).toMatchObject({
      code: 'campaign_2026',
      version: 1,
      tier: 'standard',
      multilingual: false,
      price: 45_000,
      is_current: true,
      retired: false,
      contract_count: 0,
      flags: { swipe: true, private_domain: true, setting_form_contact: true, multi_language: false },
    });
    expect(res.json().message).toBe(translate('plans.created', 'en', { name: 'Campaign Special' }));
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, plan.id));
    expect(audited).toMatchObject({ action: 'plans.created', actorUserId: t.fixtures.users.master.id });

    const again = await call('master', 'POST', '/api/plans', {
      code: 'campaign_2026',
      tier: 'light',
      ...terms(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ field: 'code', message: translate('plans.codeTaken', 'en') }]);
    // The customers' catalogue now offers it, in its tier (cheaper than Standard: first there).
    const codes = ((await call('user', 'GET', '/api/plans')).json().data as { code: string }[]).map(
      (p) => p.code,
    );
    expect(codes.indexOf('campaign_2026')).toBe(codes.indexOf('standard') - 1);
    expect(codes.indexOf('campaign_2026')).toBeLessThan(codes.indexOf('premium'));
  });

  it('saves an edit as the next version and leaves contracts on the old one', async () => {
    const v1 = t.fixtures.plans.standard!;
    const staying = await liveOn(v1.id);
    const res = await call('master', 'PUT', `/api/plans/${v1.id}`, {
      name: 'Standard',
      price: 55_000,
      quantity_swipe: 30,
      quantity_site: 3,
      limit_access: 50_000,
      limit_access_price: 800,
      flags: { swipe: true, private_domain: true, setting_form_contact: true, setting_popup_cta: true },
    });
    expect(res.statusCode).toBe(200);
    const v2 = res.json().data;
    expect(v2).toMatchObject({ code: 'standard', version: 2, price: 55_000, is_current: true });
    expect(v2.id).not.toBe(v1.id);
    expect(res.json().message).toBe(
      translate('plans.versionCreated', 'en', { version: 2, previous: 1, count: staying }),
    );

    const [old] = await t.database.db.select().from(plans).where(eq(plans.id, v1.id));
    expect(old).toMatchObject({ isCurrent: false, price: 50_000, version: 1 });
    const [hinode] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.accountId, t.fixtures.accounts.company.id));
    expect(hinode!.planId).toBe(v1.id);

    const list = (await call('user', 'GET', '/api/plans')).json().data as { id: string; code: string }[];
    expect(list.filter((p) => p.code === 'standard').map((p) => p.id)).toEqual([v2.id]);
    // Plan management tells the platform how many customers stay on the earlier version.
    const managed = (await call('master', 'GET', '/api/plans')).json().data as Record<string, unknown>[];
    expect(managed.find((p) => p.code === 'standard')).toMatchObject({
      contract_count: 0,
      older_versions_contract_count: staying,
    });
    expect(staying).toBeGreaterThan(0);

    // Version 1 is history: it cannot be edited or retired any more.
    const stale = await call('master', 'PUT', `/api/plans/${v1.id}`, terms());
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(translate('plans.notCurrentVersion', 'en'));
    expect((await call('master', 'DELETE', `/api/plans/${v1.id}`)).statusCode).toBe(409);

    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, v2.id));
    expect(audited!.action).toBe('plans.versioned');
    expect(audited!.details).toMatchObject({
      fromVersion: 1,
      toVersion: 2,
      changes: [{ field: 'price', from: 50_000, to: 55_000 }],
    });
  });

  it('refuses an edit that changes nothing', async () => {
    const [light] = await t.database.db.select().from(plans).where(eq(plans.code, 'light'));
    const res = await call('master', 'PUT', `/api/plans/${light!.id}`, {
      name: light!.name,
      price: light!.price,
      quantity_swipe: light!.quantitySwipe,
      quantity_site: light!.quantitySite,
      limit_access: light!.limitAccess,
      limit_access_price: light!.limitAccessPrice,
      flags: { swipe: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(translate('plans.nothingChanged', 'en'));
    expect(await t.database.db.select().from(plans).where(eq(plans.code, 'light'))).toHaveLength(1);
  });

  it('retires a plan: gone from the catalogue, shown to the platform on request, kept by contracts', async () => {
    const created = (
      await call('master', 'POST', '/api/plans', {
        code: 'to_retire',
        tier: 'light',
        ...terms({ name: 'Old Deal' }),
      })
    ).json().data;
    const res = await call('master', 'DELETE', `/api/plans/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, retired: true });
    expect(res.json().message).toBe(translate('plans.retired', 'en', { name: 'Old Deal', count: 0 }));
    const [row] = await t.database.db.select().from(plans).where(eq(plans.id, created.id));
    expect(row!.retiredAt).not.toBeNull();

    const codes = async (who: string, q = '') =>
      ((await call(who, 'GET', `/api/plans${q}`)).json().data as { code: string }[]).map((p) => p.code);
    expect(await codes('master')).not.toContain('to_retire');
    expect(await codes('master', '?include_retired=true')).toContain('to_retire');
    // Only the platform may look at retired plans; others asking are simply not shown them.
    expect(await codes('user', '?include_retired=true')).not.toContain('to_retire');

    expect((await call('master', 'DELETE', `/api/plans/${created.id}`)).json().message).toBe(
      translate('plans.alreadyRetired', 'en'),
    );
    const edit = await call('master', 'PUT', `/api/plans/${created.id}`, terms({ name: 'Revived' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(translate('plans.retiredNotEditable', 'en'));
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'plans.retired')));
    expect(audited).toBeDefined();
  });

  it('retiring a plan in use counts the contracts that keep it, on every version', async () => {
    const [lightMulti] = await t.database.db.select().from(plans).where(eq(plans.code, 'light_multi'));
    await t.database.db
      .update(contracts)
      .set({ planId: lightMulti!.id })
      .where(eq(contracts.accountId, t.fixtures.accounts.direct.id));
    const res = await call('master', 'DELETE', `/api/plans/${lightMulti!.id}`, undefined, 'ja');
    expect(res.json().message).toBe(
      translate('plans.retired', 'ja', { name: 'Light Multilingual', count: await liveOn(lightMulti!.id) }),
    );
    const [direct] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.accountId, t.fixtures.accounts.direct.id));
    expect(direct!.planId).toBe(lightMulti!.id);
    // The customer still reads its own (retired) plan.
    const own = await call('direct', 'GET', `/api/plans/${lightMulti!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.retired).toBe(true);
  });
});

describe('GET /api/plans/:id', () => {
  it('shows any version to the platform and 404 for unknown ids', async () => {
    const v1 = t.fixtures.plans.standard!;
    const res = await call('master', 'GET', `/api/plans/${v1.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, is_current: false });
    expect((await call('master', 'GET', `/api/plans/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call('master', 'GET', '/api/plans/not-a-uuid')).statusCode).toBe(404);
  });

  it('shows an old version only to the tenants whose contracts use it', async () => {
    const v1 = t.fixtures.plans.standard!.id;
    expect((await call('user', 'GET', `/api/plans/${v1}`)).statusCode).toBe(200); // Hinode's own
    expect((await call('oem', 'GET', `/api/plans/${v1}`)).statusCode).toBe(200); // a company below
    expect((await call('direct', 'GET', `/api/plans/${v1}`)).statusCode).toBe(404); // another tenant
    // The catalogue itself is everyone's.
    const [premium] = await t.database.db.select().from(plans).where(eq(plans.code, 'premium'));
    expect((await call('user', 'GET', `/api/plans/${premium!.id}`)).statusCode).toBe(200);
  });
});
