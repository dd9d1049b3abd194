import { PAGE_VIEW_HISTORY_MONTHS, type TCheckPlan } from '@swipe/contracts/plans';
import type { TContractStatus } from '@swipe/contracts/roles';
import { and, eq } from 'drizzle-orm';
import { plans } from '../../db/schema/plans';
import type { TAppContext, TCaller } from '../../platform/context';
import { accountsUnderContract, contractOfAccount, countUsage } from '../../platform/plan-access';
import { toPlan } from './plans.service';

// Check plan: the caller's plan version, contract, limits and usage. Payment history
// and card management belong to billing and are not part of this answer.

/** Null for the platform (MASTER works under no plan) and for an account without a contract. */
export async function checkPlan(ctx: TAppContext, opts: { caller: TCaller }): Promise<TCheckPlan | null> {
  if (opts.caller.actingRole === 'MASTER') return null;
  const under = await contractOfAccount(ctx.db, opts.caller.accountPath);
  if (!under) return null;
  const { contract, plan, holder } = under;

  const [current] = await ctx.db
    .select({ version: plans.version })
    .from(plans)
    .where(and(eq(plans.code, plan.code), eq(plans.isCurrent, true)));
  const [pending] = contract.pendingPlanId
    ? await ctx.db.select().from(plans).where(eq(plans.id, contract.pendingPlanId))
    : [];

  // Usage counts the accounts this contract covers. The site and analytics modules register
  // the counters; until they exist there are no sites, so each reads 0.
  const covered = await accountsUnderContract(ctx.db, holder);
  const [sites, largestSitePages, monthlyPageViews] = await Promise.all([
    countUsage(ctx, 'sites', covered),
    countUsage(ctx, 'pages', covered),
    countUsage(ctx, 'pageViews', covered),
  ]);
  // The months before, newest first (JST), as far back as the contract goes.
  const thisMonth = new Date(Date.now() + 9 * 3_600_000);
  const pageViewHistory = [];
  for (let back = 1; back <= PAGE_VIEW_HISTORY_MONTHS; back++) {
    const month = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - back, 1))
      .toISOString()
      .slice(0, 7);
    if (month < contract.startDate.slice(0, 7)) break;
    pageViewHistory.push({ month, views: await countUsage(ctx, 'pageViews', covered, { month }) });
  }

  return {
    account: { id: holder.id, name: holder.name },
    plan: toPlan(plan),
    currentVersion: current?.version ?? plan.version,
    contract: {
      status: contract.status as TContractStatus,
      startDate: contract.startDate,
      endDate: contract.endDate,
    },
    pendingPlan:
      pending && contract.pendingPlanFrom
        ? {
            id: pending.id,
            name: pending.name,
            version: pending.version,
            price: pending.price,
            from: contract.pendingPlanFrom,
          }
        : null,
    limits: {
      sites: plan.quantitySite,
      pagesPerSite: plan.quantitySwipe,
      monthlyPageViews: plan.limitAccess,
      overLimitPrice: plan.limitAccessPrice,
    },
    usage: { sites, largestSitePages, monthlyPageViews, pageViewHistory },
  };
}
