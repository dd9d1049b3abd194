import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../db/schema/plans';
import { createAccount, createContract } from '../seed/seed';
import { startTestApp, type TTestApp } from '../test/harness';
import { overrideUsageCounter } from '../test/module-overrides';
import { AppError } from './errors';
import {
  accountsUnderContract,
  assertEntitlement,
  checkEntitlement,
  mayUseFeature,
  planOfAccount,
  type TUsageCounter,
} from './plan-access';

// The entitlement function every plan-bound feature asks: each branch, on the seeded tree
// (OEM on Pro Multilingual, Hinode Foods on Standard, Aozora Cosmetics on Premium).

let t: TTestApp;
let db: TTestApp['database']['db'];
const unregister: (() => void)[] = [];
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterEach(() => {
  for (const off of unregister.splice(0)) off();
});
afterAll(async () => t?.close());

const as = (actingRole: string, path: string) => ({ actingRole, accountPath: path });
const hinode = () => as('USER', t.fixtures.accounts.company.path);
const oem = () => as('OEM_MASTER', t.fixtures.accounts.oem.path);

const counter = (name: 'sites' | 'pages' | 'pageViews', fn: TUsageCounter) =>
  unregister.push(overrideUsageCounter(t.ctx, name, fn));

async function expectThrows(promise: Promise<unknown>, status: number, code: string, key: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status, code, messageKey: key });
  return error as AppError;
}

describe('checkEntitlement', () => {
  it('never binds the platform', async () => {
    const master = as('MASTER', t.fixtures.accounts.platform.path);
    expect(await checkEntitlement(t.ctx, master, { feature: 'analyticsEffect' })).toEqual({ allowed: true });
    expect(await checkEntitlement(t.ctx, master, { pages: 10_000 })).toEqual({ allowed: true });
    counter('sites', async () => 9_999);
    expect(await checkEntitlement(t.ctx, master, { oneMoreSite: true })).toEqual({ allowed: true });
  });

  it('answers NO_PLAN without a contract on the path', async () => {
    const bare = await createAccount(db, {
      type: 'DIRECT',
      name: 'No Contract Ltd.',
      parentId: t.fixtures.accounts.platform.id,
    });
    expect(await checkEntitlement(t.ctx, as('MASTER_USER', bare.path), { feature: 'swipe' })).toEqual({
      allowed: false,
      reason: 'NO_PLAN',
    });
    expect(await planOfAccount(db, bare.path)).toBeNull();
    await expectThrows(
      assertEntitlement(t.ctx, as('MASTER_USER', bare.path), { pages: 1 }),
      403,
      'PLAN_FEATURE_UNAVAILABLE',
      'plan.featureUnavailable',
    );
  });

  it('grants the flags of the nearest contract and refuses the others (FEATURE)', async () => {
    expect(await checkEntitlement(t.ctx, hinode(), { feature: 'privateDomain' })).toEqual({ allowed: true });
    expect(await checkEntitlement(t.ctx, hinode(), { feature: 'analyticsEffect' })).toEqual({
      allowed: false,
      reason: 'FEATURE',
    });
    // The OEM's own plan (Pro Multilingual) has what Hinode's Standard lacks.
    expect((await checkEntitlement(t.ctx, oem(), { feature: 'analyticsEffect' })).allowed).toBe(true);
    expect((await checkEntitlement(t.ctx, oem(), { feature: 'multiLanguage' })).allowed).toBe(true);
    await expectThrows(
      assertEntitlement(t.ctx, hinode(), { feature: 'multiLanguage' }),
      403,
      'PLAN_FEATURE_UNAVAILABLE',
      'plan.featureUnavailable',
    );
  });

  it('checks pages per site against the plan (PAGE_LIMIT)', async () => {
    // Standard: 30 pages per site.
    expect(await checkEntitlement(t.ctx, hinode(), { pages: 30 })).toEqual({
      allowed: true,
      limit: 30,
      used: 30,
    });
    expect(await checkEntitlement(t.ctx, hinode(), { pages: 31 })).toEqual({
      allowed: false,
      limit: 30,
      used: 31,
      reason: 'PAGE_LIMIT',
    });
    const error = await expectThrows(
      assertEntitlement(t.ctx, hinode(), { pages: 31 }),
      403,
      'PLAN_LIMIT_REACHED',
      'plans.pageLimitReached',
    );
    expect(error.params).toEqual({ limit: 30 });
  });

  it('counts sites with the registered counter, 0 without one (SITE_LIMIT)', async () => {
    // No site module yet: nothing counted, so one more site fits.
    expect(await checkEntitlement(t.ctx, hinode(), { oneMoreSite: true })).toEqual({
      allowed: true,
      limit: 3,
      used: 0,
    });
    const asked: string[][] = [];
    counter('sites', async (_db, ids) => {
      asked.push(ids);
      return 3;
    });
    expect(await checkEntitlement(t.ctx, hinode(), { oneMoreSite: true })).toEqual({
      allowed: false,
      limit: 3,
      used: 3,
      reason: 'SITE_LIMIT',
    });
    expect(asked[0]).toEqual([t.fixtures.accounts.company.id]);
    const error = await expectThrows(
      assertEntitlement(t.ctx, hinode(), { oneMoreSite: true }),
      403,
      'PLAN_LIMIT_REACHED',
      'plans.siteLimitReached',
    );
    expect(error.params).toEqual({ limit: 3 });
  });

  it("counts against the OEM's plan its own account and companies without a contract of their own", async () => {
    const uncontracted = await createAccount(db, {
      type: 'COMPANY',
      name: 'Under OEM Without Contract',
      parentId: t.fixtures.accounts.oem.id,
    });
    const ids = await accountsUnderContract(db, t.fixtures.accounts.oem);
    expect(ids).toContain(t.fixtures.accounts.oem.id);
    expect(ids).toContain(uncontracted.id);
    expect(ids).not.toContain(t.fixtures.accounts.company.id); // Hinode has its own contract
    // A user of the uncontracted company works under the OEM's plan.
    expect((await planOfAccount(db, uncontracted.path))?.code).toBe('pro_multi');
  });

  it('refuses writes under a contract that is not active, on the account or above (CONTRACT_INACTIVE)', async () => {
    const suspended = await createAccount(db, {
      type: 'DIRECT',
      name: 'Paused Inc.',
      parentId: t.fixtures.accounts.platform.id,
    });
    await createContract(db, {
      accountId: suspended.id,
      planId: t.fixtures.plans.premium!.id,
      status: 'SUSPENDED',
    });
    const paused = as('MASTER_USER', suspended.path);
    expect(await checkEntitlement(t.ctx, paused, { feature: 'analyticsEffect' })).toEqual({
      allowed: false,
      reason: 'CONTRACT_INACTIVE',
      contractStatus: 'SUSPENDED',
    });
    // Reading what the plan includes still works (the guard's plan-flag check).
    expect(await checkEntitlement(t.ctx, paused, { feature: 'analyticsEffect' }, { access: 'read' })).toEqual(
      {
        allowed: true,
      },
    );
    expect(await mayUseFeature(db, paused, 'analyticsEffect')).toBe(true);
    await expectThrows(
      assertEntitlement(t.ctx, paused, { pages: 1 }),
      403,
      'CONTRACT_SUSPENDED',
      'users.contractSuspended',
    );

    const ended = await createAccount(db, {
      type: 'DIRECT',
      name: 'Ended Inc.',
      parentId: t.fixtures.accounts.platform.id,
    });
    await createContract(db, { accountId: ended.id, planId: t.fixtures.plans.light!.id, status: 'INACTIVE' });
    expect(await checkEntitlement(t.ctx, as('MASTER_USER', ended.path), { oneMoreSite: true })).toMatchObject(
      {
        allowed: false,
        reason: 'CONTRACT_INACTIVE',
        contractStatus: 'INACTIVE',
      },
    );
    await expectThrows(
      assertEntitlement(t.ctx, as('MASTER_USER', ended.path), { oneMoreSite: true }),
      403,
      'CONTRACT_INACTIVE',
      'plans.contractInactive',
    );

    // The OEM's suspension freezes its companies' writes too, though their own contract is active.
    await db
      .update(contracts)
      .set({ status: 'SUSPENDED' })
      .where(eq(contracts.accountId, t.fixtures.accounts.oem.id));
    try {
      expect(await checkEntitlement(t.ctx, hinode(), { feature: 'privateDomain' })).toMatchObject({
        allowed: false,
        reason: 'CONTRACT_INACTIVE',
      });
    } finally {
      await db
        .update(contracts)
        .set({ status: 'ACTIVE' })
        .where(eq(contracts.accountId, t.fixtures.accounts.oem.id));
    }
    expect((await checkEntitlement(t.ctx, hinode(), { feature: 'privateDomain' })).allowed).toBe(true);
  });

  it('assertEntitlement returns the answer when allowed', async () => {
    expect(await assertEntitlement(t.ctx, hinode(), { pages: 12 })).toEqual({
      allowed: true,
      limit: 30,
      used: 12,
    });
  });

  it('keeps mayUseFeature (the guard) answering by the plan flag', async () => {
    expect(await mayUseFeature(db, hinode(), 'settingFormContact')).toBe(true);
    expect(await mayUseFeature(db, hinode(), 'settingTagSeo')).toBe(false);
    expect(await mayUseFeature(db, as('MASTER', t.fixtures.accounts.platform.path), 'settingTagSeo')).toBe(
      true,
    );
  });
});
