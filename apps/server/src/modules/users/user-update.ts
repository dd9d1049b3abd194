import type { TUpdateUserBody, TUserDetail } from '@swipe/contracts/users';
import { CONTRACT_MINIMUM_MONTHS, isClosedContract, minimumContractEnd } from '@swipe/contracts/users';
import { and, eq, notInArray } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { contracts } from '../../db/schema/plans';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { diff, recordHistory } from './user-history';
import {
  contractClosed,
  emailTaken,
  getUserDetail,
  isUniqueViolation,
  loadManagedRow,
  takenEmails,
} from './users.service';
import { ownsContract } from './users-read';

// PUT /api/users/:id: the user's own fields, and for the user that holds the contract, its
// account's and contract's fields. Plan and status change through contracts.service.ts.

/**
 * Updates a user the caller may manage. Company, manager, logo, license and end date belong to
 * the account and its contract, so they change only through the user that holds the contract.
 */
export async function updateUser(
  ctx: TAppContext,
  opts: { caller: TCaller; userId: string; body: TUpdateUserBody; ip?: string },
): Promise<TUserDetail> {
  const { caller, body } = opts;
  const before = await loadManagedRow(ctx.db, caller, opts.userId);
  if (isClosedContract(before.contract?.status)) throw contractClosed();
  const email = body.email.trim().toLowerCase();
  if (email !== before.user.email && (await takenEmails(ctx.db, [email], before.user.id)).size > 0)
    throw emailTaken();
  const owns = ownsContract(before);
  const contract = before.contract;
  if (owns && contract && body.contractEndDate) {
    const min = minimumContractEnd(contract.startDate);
    if (body.contractEndDate < min)
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        'users.contractMinimum',
        { min: CONTRACT_MINIMUM_MONTHS },
        [
          {
            field: 'contract_end_date',
            messageKey: 'users.contractMinimum',
            params: { min: CONTRACT_MINIMUM_MONTHS },
          },
        ],
      );
  }

  const userAfter = {
    email,
    contactName: body.contactName,
    authority: body.authority,
    ...(owns
      ? {
          companyName: body.companyName,
          managerName: body.managerName ?? '',
          logoEnabled: body.logoEnabled,
        }
      : {}),
  };
  const userChanges = diff(
    {
      email: before.user.email,
      contactName: before.user.name,
      authority: before.user.authority,
      companyName: before.account.name,
      managerName: before.account.managerName ?? '',
      logoEnabled: before.account.logoEnabled,
    },
    userAfter,
    ['email', 'contactName', 'authority', 'companyName', 'managerName', 'logoEnabled'],
  );
  const contractChanges =
    owns && contract
      ? diff(
          { licenseIssued: contract.licenseIssued, contractEndDate: contract.endDate },
          { licenseIssued: body.licenseIssued, contractEndDate: body.contractEndDate },
          ['licenseIssued', 'contractEndDate'],
        )
      : [];

  try {
    await ctx.db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(users)
        .set({ email, name: body.contactName, authority: body.authority, updatedAt: now })
        .where(eq(users.id, before.user.id));
      if (owns) {
        await tx
          .update(accounts)
          .set({
            ...(body.companyName ? { name: body.companyName } : {}),
            contactName: body.contactName,
            managerName: body.managerName || null,
            ...(body.logoEnabled !== undefined ? { logoEnabled: body.logoEnabled } : {}),
            updatedAt: now,
          })
          .where(eq(accounts.id, before.account.id));
      }
      if (contract && contractChanges.length > 0) {
        const [changed] = await tx
          .update(contracts)
          .set({
            ...(body.licenseIssued !== undefined ? { licenseIssued: body.licenseIssued } : {}),
            ...(body.contractEndDate ? { endDate: body.contractEndDate } : {}),
            updatedAt: now,
          })
          .where(and(eq(contracts.id, contract.id), notInArray(contracts.status, ['TERMINATED', 'INACTIVE'])))
          .returning({ id: contracts.id });
        if (!changed) throw contractClosed();
        await recordHistory(tx, {
          action: 'USER_UPDATED',
          actorUserId: caller.userId,
          accountId: before.account.id,
          target: { type: 'contract', id: contract.id },
          changes: contractChanges,
          ip: opts.ip,
        });
      }
      if (userChanges.length > 0)
        await recordHistory(tx, {
          action: 'USER_UPDATED',
          actorUserId: caller.userId,
          accountId: before.account.id,
          target: { type: 'user', id: before.user.id },
          changes: userChanges,
          ip: opts.ip,
        });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
  return getUserDetail(ctx, { caller, userId: before.user.id });
}
