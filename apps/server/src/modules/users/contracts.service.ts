import type { TMessageKey } from '@swipe/contracts/messages';
import type { TContractStatus } from '@swipe/contracts/roles';
import type { TContractAction, THistoryAction, TUserDetail } from '@swipe/contracts/users';
import { isClosedContract } from '@swipe/contracts/users';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { refreshTokens } from '../../db/schema/auth';
import { contracts } from '../../db/schema/plans';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext, TCaller } from '../../platform/context';
import { runContractEndEffects } from '../../platform/contract-effects';
import { AppError, fieldError } from '../../platform/errors';
import { firstDayOfNextMonthJst, jstDate } from '../../platform/schedule';
import { recordHistory } from './user-history';
import { contractClosed, findOfferedPlan, getUserDetail, loadManagedRow } from './users.service';
import { TRANSITIONS } from './users-access';
import type { TUserRow } from './users-read';

// The contract status machine (suspend, resume, terminate) and the per-customer plan change,
// which waits for the first day of the next month in Japan.

const ACTION_OF: Record<
  TContractAction,
  { history: THistoryAction; invalid: TMessageKey; done: TMessageKey }
> = {
  SUSPEND: { history: 'CONTRACT_SUSPENDED', invalid: 'users.cannotSuspend', done: 'users.suspended' },
  RESUME: { history: 'CONTRACT_RESUMED', invalid: 'users.cannotResume', done: 'users.resumed' },
  TERMINATE: { history: 'CONTRACT_TERMINATED', invalid: 'users.cannotTerminate', done: 'users.terminated' },
};

/** The contract a managed user holds itself; an OEM admin's belongs to its OEM master. */
async function loadContractHolder(ctx: TAppContext, caller: TCaller, userId: string) {
  const row = await loadManagedRow(ctx.db, caller, userId);
  if (!row.contract || row.user.role === 'OEM_ADMIN')
    throw new AppError(409, 'CONFLICT', 'users.noOwnContract');
  return row as TUserRow & { contract: NonNullable<TUserRow['contract']> };
}

/** Every account at or below the given one (a terminated OEM takes its companies along). */
async function subtreeAccountIds(db: TDbOrTx, path: string) {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(like(accounts.path, `${path}%`));
  return rows.map((r) => r.id);
}

export async function transitionContract(
  ctx: TAppContext,
  opts: { caller: TCaller; userId: string; action: TContractAction; ip?: string },
): Promise<{ detail: TUserDetail; messageKey: TMessageKey }> {
  const row = await loadContractHolder(ctx, opts.caller, opts.userId);
  const rule = TRANSITIONS[opts.action];
  const names = ACTION_OF[opts.action];
  const invalid = () => new AppError(409, 'CONTRACT_TRANSITION_INVALID', names.invalid);
  const from = row.contract.status as TContractStatus;
  if (!rule.from.includes(from)) throw invalid();

  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(contracts)
      .set({
        status: rule.to,
        updatedAt: now,
        ...(opts.action === 'SUSPEND' ? { suspendedAt: now } : {}),
        ...(opts.action === 'RESUME' ? { suspendedAt: null } : {}),
        ...(opts.action === 'TERMINATE' ? { terminatedAt: now } : {}),
      })
      // The status is re-checked here so two operators acting at once cannot both succeed.
      .where(and(eq(contracts.id, row.contract.id), inArray(contracts.status, rule.from)))
      .returning({ id: contracts.id });
    if (!changed) throw invalid();
    await recordHistory(tx, {
      action: names.history,
      actorUserId: opts.caller.userId,
      accountId: row.account.id,
      target: { type: 'contract', id: row.contract.id },
      changes: [{ field: 'status', from, to: rule.to }],
      ip: opts.ip,
    });
    // Whatever the contract's sites show (or stop showing) is re-read by every process.
    await ctx.siteChanged(tx, { all: true });
    if (opts.action === 'TERMINATE') {
      // Access is lost for the whole subtree (platform/caller accessDisabled); sessions end now.
      const ids = await subtreeAccountIds(tx, row.account.path);
      const subtreeUsers = tx.select({ id: users.id }).from(users).where(inArray(users.accountId, ids));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(inArray(refreshTokens.userId, subtreeUsers), isNull(refreshTokens.revokedAt)));
      await runContractEndEffects(ctx.modules, tx, ids);
    }
  });
  return { detail: await getUserDetail(ctx, opts), messageKey: names.done };
}

/** Schedules a plan change for the first day of next month (JST), replacing any earlier one. */
export async function schedulePlanChange(
  ctx: TAppContext,
  opts: { caller: TCaller; userId: string; planId: string; ip?: string; now?: Date },
): Promise<{ detail: TUserDetail; plan: string; from: string }> {
  const row = await loadContractHolder(ctx, opts.caller, opts.userId);
  if (isClosedContract(row.contract.status)) throw contractClosed();
  if (row.contract.status !== 'ACTIVE')
    throw new AppError(409, 'CONTRACT_TRANSITION_INVALID', 'users.planChangeNeedsActive');
  const plan = await findOfferedPlan(ctx.db, opts.planId);
  if (!plan) throw fieldError('plan_id', 'users.planUnavailable');
  if (plan.id === row.contract.planId) throw fieldError('plan_id', 'users.planUnchanged');
  const from = jstDate(firstDayOfNextMonthJst(opts.now ?? new Date()));
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(contracts)
      .set({ pendingPlanId: plan.id, pendingPlanFrom: from, updatedAt: new Date() })
      .where(eq(contracts.id, row.contract.id));
    await recordHistory(tx, {
      action: 'PLAN_CHANGE_SCHEDULED',
      actorUserId: opts.caller.userId,
      accountId: row.account.id,
      target: { type: 'contract', id: row.contract.id },
      changes: [
        { field: 'plan', from: row.plan?.name ?? null, to: plan.name },
        { field: 'planFrom', from: row.contract.pendingPlanFrom, to: from },
      ],
      ip: opts.ip,
    });
  });
  return { detail: await getUserDetail(ctx, opts), plan: plan.name, from };
}

export async function cancelPlanChange(
  ctx: TAppContext,
  opts: { caller: TCaller; userId: string; ip?: string },
): Promise<TUserDetail> {
  const row = await loadContractHolder(ctx, opts.caller, opts.userId);
  if (isClosedContract(row.contract.status)) throw contractClosed();
  if (!row.contract.pendingPlanId) throw new AppError(409, 'CONFLICT', 'users.noPendingPlan');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(contracts)
      .set({ pendingPlanId: null, pendingPlanFrom: null, updatedAt: new Date() })
      .where(eq(contracts.id, row.contract.id));
    await recordHistory(tx, {
      action: 'PLAN_CHANGE_CANCELLED',
      actorUserId: opts.caller.userId,
      accountId: row.account.id,
      target: { type: 'contract', id: row.contract.id },
      changes: [
        { field: 'plan', from: row.pendingPlanName ?? null, to: row.plan?.name ?? null },
        { field: 'planFrom', from: row.contract.pendingPlanFrom, to: null },
      ],
      ip: opts.ip,
    });
  });
  return getUserDetail(ctx, opts);
}
