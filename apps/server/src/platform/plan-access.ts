import { PLAN_FLAGS, type TPlanFlag } from '@swipe/contracts/plans';
import type { TContractStatus } from '@swipe/contracts/roles';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { accounts } from '../db/schema/accounts';
import { contracts, plans } from '../db/schema/plans';
import { accountIdsOfPath } from './caller';
import { AppError } from './errors';
import type { TModuleRegistry } from './module';

// The one place that decides what a plan allows: its flags gate features, and it limits sites,
// pages and page views. Every feature asks checkEntitlement/assertEntitlement.

type TPlanRow = typeof plans.$inferSelect;
type TContractRow = typeof contracts.$inferSelect;

/** Every contract on the account's path, nearest (deepest) first, with its plan and holder. */
async function contractsOnPath(db: TDb, accountPath: string) {
  const ids = accountIdsOfPath(accountPath);
  if (ids.length === 0) return [];
  return db
    .select({ contract: contracts, plan: plans, holder: accounts })
    .from(contracts)
    .innerJoin(plans, eq(plans.id, contracts.planId))
    .innerJoin(accounts, eq(accounts.id, contracts.accountId))
    .where(inArray(contracts.accountId, ids))
    .orderBy(desc(accounts.depth));
}

/**
 * The contract an account works under: its own, or else the nearest ancestor's (an OEM admin
 * works under the OEM account's contract). Null for the platform itself.
 */
export async function contractOfAccount(db: TDb, accountPath: string) {
  return (await contractsOnPath(db, accountPath))[0] ?? null;
}

/** The plan (version) an account works under; null for the platform itself. */
export async function planOfAccount(db: TDb, accountPath: string): Promise<TPlanRow | null> {
  return (await contractOfAccount(db, accountPath))?.plan ?? null;
}

// --- usage counters -------------------------------------------------------------------------

export type TUsageCounterName = 'sites' | 'pages' | 'pageViews';
/**
 * Counts usage over a set of accounts: `sites` the number of sites, `pages` the page count of
 * the largest site, `pageViews` the page views of the current month (JST), or of `month`
 * ('YYYY-MM') when given.
 */
export type TUsageCounter = (db: TDb, accountIds: string[], opts?: { month?: string }) => Promise<number>;

/** Until the module that owns a resource declares its counter, nothing of it exists: 0. */
export async function countUsage(
  ctx: TEntitlementContext,
  name: TUsageCounterName,
  accountIds: string[],
  opts?: { month?: string },
) {
  const counter = ctx.modules.usageCounters[name];
  if (!counter || accountIds.length === 0) return 0;
  return counter(ctx.db, accountIds, opts);
}

/**
 * The accounts whose usage counts against a contract: the holder and its descendants that
 * have no contract of their own between them and the holder (a company with its own contract
 * under an OEM counts against its own plan, not the OEM's).
 */
export async function accountsUnderContract(db: TDb, holder: { id: string; path: string }) {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        like(accounts.path, `${holder.path}%`),
        sql`not exists (
          select 1 from ${contracts} c join ${accounts} b on b.id = c.account_id
          where b.path like ${`${holder.path}_%`} and ${accounts.path} like b.path || '%'
        )`,
      ),
    );
  return rows.map((r) => r.id);
}

// --- entitlement ----------------------------------------------------------------------------

/** The database and the usage counters the modules declare (module.ts). */
export type TEntitlementContext = { db: TDb; modules: Pick<TModuleRegistry, 'usageCounters'> };

export type TEntitlementSubject = { actingRole: string; accountPath: string };
export type TEntitlementRequest = { feature: TPlanFlag } | { oneMoreSite: true } | { pages: number };
export type TEntitlementReason = 'FEATURE' | 'SITE_LIMIT' | 'PAGE_LIMIT' | 'NO_PLAN' | 'CONTRACT_INACTIVE';
export type TEntitlement = {
  allowed: boolean;
  limit?: number;
  used?: number;
  reason?: TEntitlementReason;
  /** With CONTRACT_INACTIVE: the status of the contract that blocks. */
  contractStatus?: TContractStatus;
};

/**
 * May the subject do this under its plan? MASTER is never plan-bound. A write (the default)
 * also needs every contract on the path to be ACTIVE (a suspended OEM freezes its companies);
 * `access: 'read'` only asks whether the plan includes the feature.
 */
export async function checkEntitlement(
  ctx: TEntitlementContext,
  subject: TEntitlementSubject,
  request: TEntitlementRequest,
  opts: { access?: 'read' | 'write' } = {},
): Promise<TEntitlement> {
  if (subject.actingRole === 'MASTER') return { allowed: true };
  const chain = await contractsOnPath(ctx.db, subject.accountPath);
  const nearest = chain[0];
  if (!nearest) return { allowed: false, reason: 'NO_PLAN' };
  if ((opts.access ?? 'write') === 'write') {
    const blocking = chain.find((c) => c.contract.status !== 'ACTIVE');
    if (blocking)
      return {
        allowed: false,
        reason: 'CONTRACT_INACTIVE',
        contractStatus: blocking.contract.status as TContractStatus,
      };
  }
  return decide(ctx, nearest, request);
}

async function decide(
  ctx: TEntitlementContext,
  under: { contract: TContractRow; plan: TPlanRow; holder: { id: string; path: string } },
  request: TEntitlementRequest,
): Promise<TEntitlement> {
  const { plan } = under;
  if ('feature' in request)
    return plan[request.feature] ? { allowed: true } : { allowed: false, reason: 'FEATURE' };
  if ('pages' in request) {
    const limit = plan.quantitySwipe;
    return request.pages <= limit
      ? { allowed: true, limit, used: request.pages }
      : { allowed: false, limit, used: request.pages, reason: 'PAGE_LIMIT' };
  }
  const limit = plan.quantitySite;
  const used = await countUsage(ctx, 'sites', await accountsUnderContract(ctx.db, under.holder));
  return used + 1 <= limit
    ? { allowed: true, limit, used }
    : { allowed: false, limit, used, reason: 'SITE_LIMIT' };
}

/** checkEntitlement that throws the matching 403 when the answer is no. */
export async function assertEntitlement(
  ctx: TEntitlementContext,
  subject: TEntitlementSubject,
  request: TEntitlementRequest,
  opts: { access?: 'read' | 'write' } = {},
): Promise<TEntitlement> {
  const result = await checkEntitlement(ctx, subject, request, opts);
  if (result.allowed) return result;
  switch (result.reason) {
    case 'SITE_LIMIT':
      throw new AppError(403, 'PLAN_LIMIT_REACHED', 'plans.siteLimitReached', { limit: result.limit! });
    case 'PAGE_LIMIT':
      throw new AppError(403, 'PLAN_LIMIT_REACHED', 'plans.pageLimitReached', { limit: result.limit! });
    case 'CONTRACT_INACTIVE':
      // Same answer as the guard gives a suspended account's edit routes.
      if (result.contractStatus === 'SUSPENDED')
        throw new AppError(403, 'CONTRACT_SUSPENDED', 'users.contractSuspended');
      throw new AppError(403, 'CONTRACT_INACTIVE', 'plans.contractInactive');
    default:
      throw new AppError(403, 'PLAN_FEATURE_UNAVAILABLE', 'plan.featureUnavailable');
  }
}

/**
 * The features the caller's plan grants, for the console to hide what the plan lacks (the
 * server still checks every call). The platform has every feature; no plan grants none.
 */
export async function planFlagsOf(
  db: TDb,
  subject: TEntitlementSubject,
): Promise<Record<TPlanFlag, boolean>> {
  const plan = subject.actingRole === 'MASTER' ? null : await planOfAccount(db, subject.accountPath);
  return Object.fromEntries(
    PLAN_FLAGS.map((flag) => [flag, subject.actingRole === 'MASTER' || !!plan?.[flag]]),
  ) as Record<TPlanFlag, boolean>;
}

/**
 * The guard's plan-flag check: does the plan include the feature? Suspension of edit routes is
 * the guard's own check, so this reads the flag only.
 */
export async function mayUseFeature(db: TDb, caller: TEntitlementSubject, flag: TPlanFlag): Promise<boolean> {
  // A feature question counts nothing: no usage counters needed.
  const ctx = { db, modules: { usageCounters: {} } };
  return (await checkEntitlement(ctx, caller, { feature: flag }, { access: 'read' })).allowed;
}
