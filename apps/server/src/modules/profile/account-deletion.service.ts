import type { TAccountDeletionSummary } from '@swipe/contracts/profile';
import type { TAccountType, TContractStatus } from '@swipe/contracts/roles';
import { and, count, eq, inArray, isNull, like, ne } from 'drizzle-orm';
import { accounts, apiSettings, profilePictures, users } from '../../db/schema/accounts';
import { passwordResetTokens, refreshTokens } from '../../db/schema/auth';
import { contracts, plans } from '../../db/schema/plans';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { runContractEndEffects } from '../../platform/contract-effects';
import { AppError, notFound, type TFieldErrorKey } from '../../platform/errors';
import { escapeLike } from '../../platform/list-filters';
import { verifyPassword } from '../../platform/password-hash';
import { anonymisedEmail } from '../admins/admins.service';

// "Delete Account": the caller's account and every account below it go at once.
// Contracts run at least 12 months with no early cancellation, so the contract is
// terminated (sites unpublished, access gone) but keeps its end date: fees stay due until then.

const likePrefix = (path: string) => `${escapeLike(path)}%`;

async function loadAccount(ctx: TAppContext, caller: TCaller) {
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, caller.accountId), isNull(accounts.deletedAt)));
  if (!account) throw notFound();
  return account;
}

export async function deletionSummary(
  ctx: TAppContext,
  opts: { caller: TCaller },
): Promise<TAccountDeletionSummary> {
  const account = await loadAccount(ctx, opts.caller);
  const [contract] = await ctx.db
    .select({
      planName: plans.name,
      planPrice: plans.price,
      status: contracts.status,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
    })
    .from(contracts)
    .innerJoin(plans, eq(plans.id, contracts.planId))
    .where(eq(contracts.accountId, account.id));
  const subtree = and(like(accounts.path, likePrefix(account.path)), isNull(accounts.deletedAt));
  const [below] = await ctx.db
    .select({ n: count() })
    .from(accounts)
    .where(and(subtree, ne(accounts.id, account.id)));
  const [people] = await ctx.db
    .select({ n: count() })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(subtree, isNull(users.deletedAt)));
  return {
    accountId: account.id,
    accountName: account.name,
    accountType: account.type as TAccountType,
    contract: contract ? { ...contract, status: contract.status as TContractStatus } : null,
    accountsBelow: below?.n ?? 0,
    users: people?.n ?? 0,
  };
}

export async function deleteAccount(
  ctx: TAppContext,
  opts: { caller: TCaller; password: string; confirmation: string; ip?: string },
) {
  const account = await loadAccount(ctx, opts.caller);
  const [me] = await ctx.db.select().from(users).where(eq(users.id, opts.caller.userId));
  const fieldErrors: TFieldErrorKey[] = [];
  if (!me || !(await verifyPassword(me.passwordHash, opts.password)))
    fieldErrors.push({ field: 'password', messageKey: 'profile.wrongPassword' });
  if (opts.confirmation.trim() !== account.name.trim())
    fieldErrors.push({ field: 'confirmation', messageKey: 'profile.confirmationMismatch' });
  if (fieldErrors.length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', 'common.invalid', undefined, fieldErrors);

  const now = new Date();
  const result = await ctx.db.transaction(async (tx) => {
    const accountRows = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(like(accounts.path, likePrefix(account.path)), isNull(accounts.deletedAt)));
    const accountIds = accountRows.map((a) => a.id);
    const userRows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.accountId, accountIds), isNull(users.deletedAt)));
    const userIds = userRows.map((u) => u.id);

    if (userIds.length > 0) {
      // Signed out everywhere, and the refresh tokens and reset links they hold stop working.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(inArray(refreshTokens.userId, userIds), isNull(refreshTokens.revokedAt)));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(inArray(passwordResetTokens.userId, userIds), isNull(passwordResetTokens.usedAt)));
      await tx.delete(profilePictures).where(inArray(profilePictures.userId, userIds));
      // Erased, not just hidden: the email is freed for reuse and no password can match.
      for (const id of userIds)
        await tx
          .update(users)
          .set({
            email: anonymisedEmail(id),
            name: '',
            passwordHash: '',
            mustChangePassword: false,
            adminRoleLabel: null,
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, id));
    }
    const terminated = await tx
      .update(contracts)
      .set({ status: 'TERMINATED', terminatedAt: now, updatedAt: now })
      .where(and(inArray(contracts.accountId, accountIds), ne(contracts.status, 'TERMINATED')))
      .returning({ id: contracts.id, accountId: contracts.accountId, endDate: contracts.endDate });
    await tx.delete(apiSettings).where(inArray(apiSettings.accountId, accountIds));
    await tx
      .update(accounts)
      .set({ deletedAt: now, updatedAt: now, contactName: null })
      .where(inArray(accounts.id, accountIds));
    // Whatever else a stopped contract entails (sites unpublished), for every account that goes.
    await runContractEndEffects(ctx.modules, tx, accountIds);
    return { accountIds, userCount: userIds.length, terminated };
  });

  await audit(ctx.db, {
    action: 'account.deleted',
    actorUserId: opts.caller.userId,
    accountId: account.id,
    targetType: 'account',
    targetId: account.id,
    details: {
      accountName: account.name,
      accountIds: result.accountIds,
      usersErased: result.userCount,
      contractsTerminated: result.terminated,
    },
    ip: opts.ip,
  });
}
