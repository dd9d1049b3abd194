import { and, eq, inArray, isNotNull, lt, lte, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { contracts, plans } from '../../db/schema/plans';
import { announceSiteChange } from '../../platform/change-notices';
import type { TAppContext } from '../../platform/context';
import { runContractEndEffects } from '../../platform/contract-effects';
import { databaseNow, jstDate, nextJstMidnight, type TRecurring } from '../../platform/schedule';
import { recordHistory } from './user-history';

// The two nightly contract jobs (run at 00:00 JST): scheduled plan changes take effect on their
// day, and contracts past their end date end. Both take `now` so tests can pick the day.

const pendingPlans = alias(plans, 'pending_plans');

/** Switches every contract whose pending plan is due (pending_plan_from <= today in Japan). */
export async function applyPendingPlans(db: TDb, now = new Date()) {
  const today = jstDate(now);
  const due = await db
    .select({ contract: contracts, oldName: plans.name, newName: pendingPlans.name })
    .from(contracts)
    .innerJoin(plans, eq(plans.id, contracts.planId))
    .innerJoin(pendingPlans, eq(pendingPlans.id, contracts.pendingPlanId))
    .where(
      and(
        isNotNull(contracts.pendingPlanId),
        lte(contracts.pendingPlanFrom, today),
        ne(contracts.status, 'TERMINATED'),
      ),
    );
  for (const { contract, oldName, newName } of due) {
    await db.transaction(async (tx) => {
      const [switched] = await tx
        .update(contracts)
        .set({ planId: contract.pendingPlanId!, pendingPlanId: null, pendingPlanFrom: null, updatedAt: now })
        .where(and(eq(contracts.id, contract.id), eq(contracts.pendingPlanId, contract.pendingPlanId!)))
        .returning({ id: contracts.id });
      if (!switched) return;
      await recordHistory(tx, {
        action: 'PLAN_CHANGED',
        actorUserId: null,
        accountId: contract.accountId,
        target: { type: 'contract', id: contract.id },
        changes: [{ field: 'plan', from: oldName, to: newName }],
      });
      // A plan that takes a feature away changes what its sites may show.
      await announceSiteChange(tx, { all: true });
    });
  }
  return due.length;
}

/**
 * Ends every active or suspended contract whose last day is past (end_date < today in Japan):
 * status INACTIVE, ended_at set, and the contract-end effects (sites unpublished) for its account.
 */
export async function endExpiredContracts(ctx: Pick<TAppContext, 'db' | 'modules'>, now = new Date()) {
  const { db } = ctx;
  const today = jstDate(now);
  const due = await db
    .select()
    .from(contracts)
    .where(and(lt(contracts.endDate, today), inArray(contracts.status, ['ACTIVE', 'SUSPENDED'])));
  for (const contract of due) {
    await db.transaction(async (tx) => {
      const [ended] = await tx
        .update(contracts)
        .set({ status: 'INACTIVE', endedAt: now, updatedAt: now })
        .where(and(eq(contracts.id, contract.id), inArray(contracts.status, ['ACTIVE', 'SUSPENDED'])))
        .returning({ id: contracts.id });
      if (!ended) return;
      await recordHistory(tx, {
        action: 'CONTRACT_ENDED',
        actorUserId: null,
        accountId: contract.accountId,
        target: { type: 'contract', id: contract.id },
        changes: [{ field: 'status', from: contract.status, to: 'INACTIVE' }],
      });
      await runContractEndEffects(ctx.modules, tx, [contract.accountId]);
    });
  }
  return due.length;
}

export const contractJobs = (ctx: TAppContext): TRecurring[] => [
  {
    kind: 'contracts.apply-pending-plans',
    next: nextJstMidnight,
    run: async () => {
      await applyPendingPlans(ctx.db, await databaseNow(ctx.db));
    },
  },
  {
    kind: 'contracts.end-expired',
    next: nextJstMidnight,
    run: async () => {
      await endExpiredContracts(ctx, await databaseNow(ctx.db));
    },
  },
];
