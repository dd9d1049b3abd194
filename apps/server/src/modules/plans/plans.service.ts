import {
  PLAN_FLAGS,
  type TPlan,
  tierRank,
  type ZCreatePlanRequest,
  type ZPlanTerms,
} from '@swipe/contracts/plans';
import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accounts } from '../../db/schema/accounts';
import { contracts, plans } from '../../db/schema/plans';
import { audit } from '../../platform/audit';
import { accountIdsOfPath } from '../../platform/caller';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';

// The plan catalogue and its management (existing users keep
// the prior plan after an edit). A plan is a code with versions: an edit writes version N+1
// and leaves every contract on version N; retiring stops new contracts but keeps existing ones.

type TPlanRow = typeof plans.$inferSelect;
type TTerms = z.output<typeof ZPlanTerms>;

/** Contracts that still run on a version: active or suspended (ended ones no longer count). */
const LIVE_STATUSES = ['ACTIVE', 'SUSPENDED'];

export const toPlan = (row: TPlanRow, contractCount?: number): TPlan => ({
  id: row.id,
  code: row.code,
  version: row.version,
  tier: row.tier as TPlan['tier'],
  multilingual: row.multilingual,
  name: row.name,
  price: row.price,
  quantitySwipe: row.quantitySwipe,
  quantitySite: row.quantitySite,
  limitAccess: row.limitAccess,
  limitAccessPrice: row.limitAccessPrice,
  flags: Object.fromEntries(PLAN_FLAGS.map((f) => [f, row[f]])) as TPlan['flags'],
  isCurrent: row.isCurrent,
  retired: row.retiredAt !== null,
  createdAt: row.createdAt.toISOString(),
  ...(contractCount === undefined ? {} : { contractCount }),
});

const byCatalogueOrder = (a: TPlanRow, b: TPlanRow) =>
  tierRank(a.tier) - tierRank(b.tier) ||
  Number(a.multilingual) - Number(b.multilingual) ||
  a.price - b.price ||
  a.code.localeCompare(b.code);

/** Live contracts per plan version. */
async function liveContractCounts(ctx: TAppContext, planIds: string[]) {
  if (planIds.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ planId: contracts.planId, n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(and(inArray(contracts.planId, planIds), inArray(contracts.status, LIVE_STATUSES)))
    .groupBy(contracts.planId);
  return new Map(rows.map((r) => [r.planId, Number(r.n)]));
}

/** Live contracts per plan code that run on a version an edit has replaced. */
async function olderVersionCounts(ctx: TAppContext, codes: string[]) {
  if (codes.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ code: plans.code, n: sql<number>`count(*)::int` })
    .from(contracts)
    .innerJoin(plans, eq(plans.id, contracts.planId))
    .where(
      and(inArray(plans.code, codes), eq(plans.isCurrent, false), inArray(contracts.status, LIVE_STATUSES)),
    )
    .groupBy(plans.code);
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

const isMaster = (caller: TCaller) => caller.actingRole === 'MASTER';

/**
 * The current version of every plan in catalogue order. Retired plans only for plan
 * management (MASTER asking for them); everyone else sees what can be contracted.
 */
export async function listPlans(ctx: TAppContext, opts: { caller: TCaller; includeRetired: boolean }) {
  const withRetired = opts.includeRetired && isMaster(opts.caller);
  const rows = await ctx.db
    .select()
    .from(plans)
    .where(and(eq(plans.isCurrent, true), withRetired ? undefined : isNull(plans.retiredAt)));
  rows.sort(byCatalogueOrder);
  if (!isMaster(opts.caller)) return rows.map((r) => toPlan(r));
  const counts = await liveContractCounts(
    ctx,
    rows.map((r) => r.id),
  );
  const older = await olderVersionCounts(
    ctx,
    rows.map((r) => r.code),
  );
  return rows.map((r) => ({
    ...toPlan(r, counts.get(r.id) ?? 0),
    olderVersionsContractCount: older.get(r.code) ?? 0,
  }));
}

/**
 * One version. The platform sees every version; an operator sees the catalogue (current,
 * not retired) plus the versions that contracts on its own path or in its subtree run on or
 * are switching to. Any other id is unknown to it (404), like any other tenant's data.
 */
export async function getPlan(ctx: TAppContext, opts: { caller: TCaller; id: string }) {
  const [row] = await ctx.db.select().from(plans).where(eq(plans.id, opts.id));
  if (!row) throw notFound();
  if (isMaster(opts.caller)) return toPlan(row, (await liveContractCounts(ctx, [row.id])).get(row.id) ?? 0);
  if (row.isCurrent && !row.retiredAt) return toPlan(row);
  const ids = accountIdsOfPath(opts.caller.accountPath);
  const [used] = await ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .innerJoin(accounts, eq(accounts.id, contracts.accountId))
    .where(
      and(
        or(eq(contracts.planId, row.id), eq(contracts.pendingPlanId, row.id)),
        or(
          ids.length ? inArray(contracts.accountId, ids) : undefined,
          like(accounts.path, `${opts.caller.accountPath}%`),
        ),
      ),
    )
    .limit(1);
  if (!used) throw notFound();
  return toPlan(row);
}

const termsToColumns = (t: TTerms) => ({
  name: t.name,
  price: t.price,
  quantitySwipe: t.quantitySwipe,
  quantitySite: t.quantitySite,
  limitAccess: t.limitAccess,
  limitAccessPrice: t.limitAccessPrice,
  ...t.flags,
  // The multilingual variant is the plan that includes the multi-language feature.
  multilingual: t.flags.multiLanguage,
});

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

const codeTaken = () =>
  new AppError(409, 'CONFLICT', 'plans.codeTaken', undefined, [
    { field: 'code', messageKey: 'plans.codeTaken' },
  ]);

export async function createPlan(
  ctx: TAppContext,
  opts: { caller: TCaller; input: z.output<typeof ZCreatePlanRequest>; ip?: string },
) {
  const { input, caller } = opts;
  // Codes are never reused, not even a retired plan's: contracts and history name them.
  const [taken] = await ctx.db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.code, input.code))
    .limit(1);
  if (taken) throw codeTaken();
  let row: TPlanRow;
  try {
    [row] = (await ctx.db
      .insert(plans)
      .values({ code: input.code, tier: input.tier, version: 1, isCurrent: true, ...termsToColumns(input) })
      .returning()) as [TPlanRow];
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
  await audit(ctx.db, {
    action: 'plans.created',
    actorUserId: caller.userId,
    accountId: caller.accountId,
    targetType: 'plan',
    targetId: row.id,
    details: { code: row.code, version: row.version, terms: termsToColumns(input) },
    ip: opts.ip,
  });
  return toPlan(row, 0);
}

/** The current, not retired version `id`, or the reason it cannot change. */
async function findEditable(ctx: TAppContext, id: string) {
  const [row] = await ctx.db.select().from(plans).where(eq(plans.id, id));
  if (!row) throw notFound();
  if (!row.isCurrent) throw new AppError(409, 'CONFLICT', 'plans.notCurrentVersion');
  if (row.retiredAt) throw new AppError(409, 'CONFLICT', 'plans.retiredNotEditable');
  return row;
}

const sameTerms = (row: TPlanRow, t: TTerms) => {
  const next = termsToColumns(t);
  return (Object.keys(next) as (keyof typeof next)[]).every((k) => row[k] === next[k]);
};

/**
 * Saves new terms as version N+1 and makes it current; contracts (and scheduled plan changes)
 * keep pointing at version N. Returns the new version and how many contracts stay behind.
 */
export async function updatePlan(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; input: TTerms; ip?: string },
) {
  const old = await findEditable(ctx, opts.id);
  if (sameTerms(old, opts.input)) throw new AppError(400, 'VALIDATION_FAILED', 'plans.nothingChanged');
  const created = await ctx.db.transaction(async (tx) => {
    // Only one edit of version N wins; a concurrent one finds it no longer current.
    const [demoted] = await tx
      .update(plans)
      .set({ isCurrent: false })
      .where(and(eq(plans.id, old.id), eq(plans.isCurrent, true), isNull(plans.retiredAt)))
      .returning({ id: plans.id });
    if (!demoted) throw new AppError(409, 'CONFLICT', 'plans.notCurrentVersion');
    const [row] = await tx
      .insert(plans)
      .values({
        code: old.code,
        tier: old.tier,
        version: old.version + 1,
        isCurrent: true,
        ...termsToColumns(opts.input),
      })
      .returning();
    return row!;
  });
  const stayed = (await liveContractCounts(ctx, [old.id])).get(old.id) ?? 0;
  await audit(ctx.db, {
    action: 'plans.versioned',
    actorUserId: opts.caller.userId,
    accountId: opts.caller.accountId,
    targetType: 'plan',
    targetId: created.id,
    details: {
      code: created.code,
      fromVersion: old.version,
      toVersion: created.version,
      previousId: old.id,
      changes: changesBetween(old, created),
      contractsOnPrevious: stayed,
    },
    ip: opts.ip,
  });
  return { plan: toPlan(created, 0), previousVersion: old.version, contractsOnPrevious: stayed };
}

function changesBetween(a: TPlanRow, b: TPlanRow) {
  const fields = [
    'name',
    'price',
    'quantitySwipe',
    'quantitySite',
    'limitAccess',
    'limitAccessPrice',
    ...PLAN_FLAGS,
  ] as const;
  return fields.filter((f) => a[f] !== b[f]).map((f) => ({ field: f, from: a[f], to: b[f] }));
}

/**
 * Withdraws a plan: every version is marked retired, so it can no longer be chosen for new
 * contracts or plan changes; contracts on it (and changes already scheduled) keep it.
 */
export async function retirePlan(ctx: TAppContext, opts: { caller: TCaller; id: string; ip?: string }) {
  const [row] = await ctx.db.select().from(plans).where(eq(plans.id, opts.id));
  if (!row) throw notFound();
  if (row.retiredAt) throw new AppError(409, 'CONFLICT', 'plans.alreadyRetired');
  if (!row.isCurrent) throw new AppError(409, 'CONFLICT', 'plans.notCurrentVersion');
  const now = new Date();
  await ctx.db
    .update(plans)
    .set({ retiredAt: now })
    .where(and(eq(plans.code, row.code), isNull(plans.retiredAt)));
  const versions = await ctx.db.select({ id: plans.id }).from(plans).where(eq(plans.code, row.code));
  const counts = await liveContractCounts(
    ctx,
    versions.map((v) => v.id),
  );
  const keeping = [...counts.values()].reduce((sum, n) => sum + n, 0);
  await audit(ctx.db, {
    action: 'plans.retired',
    actorUserId: opts.caller.userId,
    accountId: opts.caller.accountId,
    targetType: 'plan',
    targetId: row.id,
    details: { code: row.code, version: row.version, contractsKeepingIt: keeping },
    ip: opts.ip,
  });
  return { plan: toPlan({ ...row, retiredAt: now }, counts.get(row.id) ?? 0), contractsKeepingIt: keeping };
}
