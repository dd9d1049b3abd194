import { formatDate } from '@swipe/contracts/jst-format';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, plans } from '../../db/schema/plans';
import { jobs } from '../../db/schema/platform';
import { enqueueJob } from '../../platform/jobs';
import { firstDayOfNextMonthJst, jstDate } from '../../platform/schedule';
import type { TTestApp } from '../../test/harness';
import { applyPendingPlans, endExpiredContracts } from './contract-jobs';
import { startContractsTestApp, type TSignedInCall } from './users-test-kit';

// Per-customer plan changes (from the 1st of next month, JST), the nightly jobs that apply
// them and end expired contracts, and the history they leave.

let t: TTestApp;
let call: TSignedInCall;
let ended: string[][];
beforeAll(async () => {
  ({ t, call, ended } = await startContractsTestApp());
});
afterAll(async () => t?.close());

const jst = (date: string, time = '00:00:00') => new Date(`${date}T${time}+09:00`);
const contractOf = async (accountId: string) =>
  (await t.database.db.select().from(contracts).where(eq(contracts.accountId, accountId)))[0]!;

describe('plan change', () => {
  it('waits for the first day of next month (JST), can be cancelled, and the job applies it on that day', async () => {
    const { directUser } = t.fixtures.users;
    const { direct } = t.fixtures.accounts;
    const { plans: p } = t.fixtures;
    const url = `/api/users/${directUser.id}/contract/plan`;
    const from = jstDate(firstDayOfNextMonthJst(new Date()));

    const same = await call('master@example.com', 'PUT', url, { plan_id: p.premium!.id });
    expect(same.json().errors).toEqual([
      { field: 'plan_id', message: 'This is already the plan of the contract.' },
    ]);
    await t.database.db.update(plans).set({ retiredAt: new Date() }).where(eq(plans.id, p.light!.id));
    const retired = await call('master@example.com', 'PUT', url, { plan_id: p.light!.id });
    expect(retired.statusCode).toBe(400);

    const res = await call('master@example.com', 'PUT', url, { plan_id: p.pro!.id });
    expect(res.statusCode, res.body).toBe(200);
    // The date as the console writes it (Dec 1, 2026), not the wire's 2026-12-01.
    expect(res.json().message).toBe(`The plan will change to Pro on ${formatDate(from, 'en')}.`);
    expect(res.json().data.contract).toMatchObject({
      plan_code: 'premium',
      pending_plan: { plan_id: p.pro!.id, plan_name: 'Pro', from },
    });

    const cancel = await call('master@example.com', 'DELETE', url);
    expect(cancel.json()).toMatchObject({ message: 'The scheduled plan change has been cancelled.' });
    expect(cancel.json().data.contract.pending_plan).toBeNull();
    expect((await call('master@example.com', 'DELETE', url)).statusCode).toBe(409);

    await call('master@example.com', 'PUT', url, { plan_id: p.pro!.id });
    // The day before: nothing happens; on the 1st at 00:00 JST: the plan switches.
    const dayBefore = new Date(jst(from).getTime() - 1);
    await applyPendingPlans(t.database.db, dayBefore);
    expect((await contractOf(direct.id)).planId).toBe(p.premium!.id);
    await applyPendingPlans(t.database.db, jst(from));
    const switched = await contractOf(direct.id);
    expect(switched.planId).toBe(p.pro!.id);
    expect(switched.pendingPlanId).toBeNull();
    expect(switched.pendingPlanFrom).toBeNull();

    const history = await call(
      'master@example.com',
      'GET',
      `/api/users/${directUser.id}/history?page_size=2`,
    );
    expect(history.json().meta).toEqual({ total: 4, page: 1, page_size: 2 });
    const [latest, previous] = history.json().data;
    expect(latest).toMatchObject({
      action: 'PLAN_CHANGED',
      executor_name: null,
      executor_email: null,
      changes: [{ field: 'plan', from: 'Premium', to: 'Pro' }],
    });
    expect(previous).toMatchObject({ action: 'PLAN_CHANGE_SCHEDULED', executor_name: 'Master Operator' });
  });

  it('keeps a contract on its plan version when plan management publishes a new one', async () => {
    const { user } = t.fixtures.users;
    const standard = t.fixtures.plans.standard!;
    const { id: _id, createdAt: _c, ...rest } = standard;
    await t.database.db.update(plans).set({ isCurrent: false }).where(eq(plans.id, standard.id));
    const [v2] = await t.database.db
      .insert(plans)
      .values({ ...rest, version: 2, price: 55_000, isCurrent: true })
      .returning();
    const d = (await call('oem@example.com', 'GET', `/api/users/${user.id}`)).json().data;
    expect(d.contract).toMatchObject({ plan_id: standard.id, plan_version: 1 });
    // Moving to the superseded version is refused; to the new one it is scheduled.
    const old = await call('oem@example.com', 'PUT', `/api/users/${user.id}/contract/plan`, {
      plan_id: standard.id,
    });
    expect(old.statusCode).toBe(400);
    const next = await call('oem@example.com', 'PUT', `/api/users/${user.id}/contract/plan`, {
      plan_id: v2!.id,
    });
    expect(next.json().data.contract.pending_plan.plan_id).toBe(v2!.id);
  });
});

describe('contract end', () => {
  it('ends active and suspended contracts after their last day (JST) and runs the effects', async () => {
    const { kaede, company } = t.fixtures.accounts;
    await t.database.db
      .update(contracts)
      .set({ endDate: '2020-12-31' })
      .where(eq(contracts.accountId, kaede.id));
    ended.length = 0;
    expect(await endExpiredContracts(t.ctx, jst('2020-12-31', '23:59:59'))).toBe(0);
    expect(await endExpiredContracts(t.ctx, jst('2021-01-01'))).toBe(1);
    const row = await contractOf(kaede.id);
    expect(row.status).toBe('INACTIVE');
    expect(row.endedAt).toBeInstanceOf(Date);
    expect(ended).toEqual([[kaede.id]]);
    expect((await contractOf(company.id)).status).toBe('ACTIVE');
    // The seeded contract that ended before stays as it was.
    expect((await contractOf(t.fixtures.accounts.tsubame.id)).status).toBe('INACTIVE');

    const history = await call(
      'master@example.com',
      'GET',
      `/api/users/${t.fixtures.users.kaedeUser.id}/history`,
    );
    expect(history.json().data[0]).toMatchObject({
      action: 'CONTRACT_ENDED',
      executor_email: null,
      changes: [{ field: 'status', from: 'SUSPENDED', to: 'INACTIVE' }],
    });
  });

  it('runs both as recurring jobs that queue their next night', async () => {
    for (const kind of ['contracts.apply-pending-plans', 'contracts.end-expired']) {
      await enqueueJob(t.database.db, { kind });
      await t.runJobs();
      const [done] = await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.status, 'done')));
      expect(done, kind).toBeDefined();
      const [next] = await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.status, 'pending')));
      expect(jstDate(next!.runAt)).not.toBe(jstDate(new Date()));
      expect(next!.runAt.getTime() % 86_400_000).toBe(15 * 3_600_000);
    }
  });
});
