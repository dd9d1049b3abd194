import { translate } from '@swipe/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../db/schema/plans';
import { startTestApp, type TTestApp } from '../../test/harness';
import { overrideUsageCounter } from '../../test/module-overrides';

// GET /api/check-plan: the caller's own plan version, contract, pending change, limits, usage.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const checkPlan = async (email: string, lang = 'en') => {
  const { access_token } = await t.login(email);
  const res = await t.app.inject({
    url: '/api/check-plan',
    headers: { ...t.bearer(access_token), 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/check-plan', () => {
  it("answers the company's plan, contract, limits and zero usage while no site exists", async () => {
    const { data } = await checkPlan('user@example.com');
    const hinode = t.fixtures.accounts.company;
    const [contract] = await t.database.db.select().from(contracts).where(eq(contracts.accountId, hinode.id));
    expect(data).toMatchObject({
      account: { id: hinode.id, name: 'Hinode Foods Inc.' },
      plan: { code: 'standard', version: 1, name: 'Standard', price: 50_000 },
      current_version: 1,
      contract: { status: 'ACTIVE', start_date: contract!.startDate, end_date: contract!.endDate },
      pending_plan: null,
      limits: { sites: 3, pages_per_site: 30, monthly_page_views: 50_000, over_limit_price: 800 },
      usage: { sites: 0, largest_site_pages: 0, monthly_page_views: 0 },
    });
  });

  it('uses the registered usage counters over the accounts the contract covers', async () => {
    const seen: Record<string, string[]> = {};
    const off = [
      overrideUsageCounter(t.ctx, 'sites', async (_db, ids) => {
        seen.sites = ids;
        return 2;
      }),
      overrideUsageCounter(t.ctx, 'pages', async () => 24),
      overrideUsageCounter(t.ctx, 'pageViews', async () => 61_234),
    ];
    try {
      const { data } = await checkPlan('user@example.com');
      // The contract began this month: no month before it to list.
      expect(data.usage).toEqual({
        sites: 2,
        largest_site_pages: 24,
        monthly_page_views: 61_234,
        page_view_history: [],
      });
      expect(seen.sites).toEqual([t.fixtures.accounts.company.id]);
    } finally {
      for (const f of off) f();
    }
  });

  it('lists the page views of the six months before this one, newest first', async () => {
    const off = overrideUsageCounter(t.ctx, 'pageViews', async (_db, _ids, opts) =>
      opts?.month ? Number(opts.month.replace('-', '')) : 7,
    );
    try {
      const { data } = await checkPlan('minato@example.com');
      const jst = new Date(Date.now() + 9 * 3_600_000);
      const months = [1, 2, 3, 4, 5, 6].map((back) =>
        new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
      );
      expect(data.usage.monthly_page_views).toBe(7);
      expect(data.usage.page_view_history).toEqual(
        months.map((month) => ({ month, views: Number(month.replace('-', '')) })),
      );
    } finally {
      off();
    }
  });

  it("gives OEM staff and their sub-admins the OEM account's plan", async () => {
    for (const email of ['oem@example.com', 'oem-admin@example.com', 'sub@example.com']) {
      const { data } = await checkPlan(email);
      expect(data.account.name).toBe('Sakura Agency (OEM)');
      expect(data.plan.code).toBe('pro_multi');
    }
  });

  it('keeps showing the version the contract has after the plan is edited, and a pending change', async () => {
    const master = await t.login('master@example.com');
    const standard = t.fixtures.plans.standard!;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${standard.id}`,
      headers: t.bearer(master.access_token),
      payload: {
        name: 'Standard',
        price: 60_000,
        quantity_swipe: 30,
        quantity_site: 3,
        limit_access: 50_000,
        limit_access_price: 800,
        flags: { swipe: true, private_domain: true, setting_form_contact: true, setting_popup_cta: true },
      },
    });
    expect(edited.statusCode).toBe(200);
    const premium = t.fixtures.plans.premium!;
    await t.database.db
      .update(contracts)
      .set({ pendingPlanId: premium.id, pendingPlanFrom: '2099-01-01' })
      .where(eq(contracts.accountId, t.fixtures.accounts.company.id));

    const { data } = await checkPlan('user@example.com');
    expect(data.plan).toMatchObject({ id: standard.id, version: 1, price: 50_000, is_current: false });
    expect(data.current_version).toBe(2);
    expect(data.pending_plan).toEqual({
      id: premium.id,
      name: 'Premium',
      version: 1,
      price: 100_000,
      from: '2099-01-01',
    });
  });

  it('shows a suspended contract as such', async () => {
    await t.database.db
      .update(contracts)
      .set({ status: 'SUSPENDED' })
      .where(eq(contracts.accountId, t.fixtures.accounts.direct.id));
    const { data } = await checkPlan('direct@example.com');
    expect(data.contract.status).toBe('SUSPENDED');
    expect(data.plan.code).toBe('premium');
  });

  it('explains that the platform has no plan', async () => {
    const body = await checkPlan('master@example.com', 'ja');
    expect(body).toEqual({ data: null, message: translate('plans.platformHasNoPlan', 'ja') });
  });
});
