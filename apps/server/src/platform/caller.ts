import {
  effectiveRole,
  routePrefixOf,
  type TAuthority,
  type TContractStatus,
  type TRole,
} from '@swipe/contracts/roles';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../db/client';
import { accounts, users } from '../db/schema/accounts';
import { contracts } from '../db/schema/plans';
import type { TCaller } from './context';

export const accountIdsOfPath = (path: string) => path.split('/').filter(Boolean);

const parentUsers = alias(users, 'parent_users');

/** The user row joined with what a caller needs, or null when the user is gone. */
export async function loadUserWithAccount(db: TDb, where: { id: string } | { email: string }) {
  const rows = await db
    .select({
      user: users,
      account: accounts,
      parentRole: parentUsers.role,
      parentAuthority: parentUsers.authority,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(parentUsers, eq(parentUsers.id, users.parentUserId))
    .where(
      and(
        'id' in where ? eq(users.id, where.id) : eq(users.email, where.email.toLowerCase()),
        isNull(users.deletedAt),
        isNull(accounts.deletedAt),
        // A sub-admin is nobody once the person it assists is gone.
        or(isNull(users.parentUserId), isNull(parentUsers.deletedAt)),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A terminated contract anywhere above (or on) the account takes access away: termination is irreversible. */
export async function accessDisabled(db: TDb, accountPath: string): Promise<boolean> {
  const ids = accountIdsOfPath(accountPath);
  if (ids.length === 0) return false;
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(inArray(contracts.accountId, ids), eq(contracts.status, 'TERMINATED')))
    .limit(1);
  return rows.length > 0;
}

/** Whether a contract of one of these accounts has ended (INACTIVE) or been terminated. */
export async function anyContractClosed(db: Pick<TDb, 'select'>, accountIds: string[]): Promise<boolean> {
  if (accountIds.length === 0) return false;
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(inArray(contracts.accountId, accountIds), inArray(contracts.status, ['TERMINATED', 'INACTIVE'])),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * A suspended contract on the account or above it leaves its users reading only; the
 * accounts above the suspended one are unaffected.
 */
export async function contractSuspended(db: TDb, accountPath: string): Promise<boolean> {
  const ids = accountIdsOfPath(accountPath);
  if (ids.length === 0) return false;
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(inArray(contracts.accountId, ids), eq(contracts.status, 'SUSPENDED')))
    .limit(1);
  return rows.length > 0;
}

/**
 * The contract state a user works under, as the console shows it: a terminated or suspended
 * contract anywhere above wins, otherwise the nearest contract's status; null for the platform.
 */
export async function effectiveContractStatus(db: TDb, accountPath: string): Promise<TContractStatus | null> {
  const ids = accountIdsOfPath(accountPath);
  if (ids.length === 0) return null;
  const rows = await db
    .select({ status: contracts.status })
    .from(contracts)
    .innerJoin(accounts, eq(accounts.id, contracts.accountId))
    .where(inArray(contracts.accountId, ids))
    .orderBy(desc(accounts.depth));
  const statuses = rows.map((r) => r.status as TContractStatus);
  if (statuses.includes('TERMINATED')) return 'TERMINATED';
  if (statuses.includes('SUSPENDED')) return 'SUSPENDED';
  return statuses[0] ?? null;
}

export function toCaller(row: NonNullable<Awaited<ReturnType<typeof loadUserWithAccount>>>): TCaller {
  const role = row.user.role as TRole;
  const parentRole = (row.parentRole ?? null) as TRole | null;
  return {
    userId: row.user.id,
    email: row.user.email,
    role,
    actingRole: effectiveRole(role, parentRole),
    // A sub-admin never has more authority than the person it assists.
    authority: (row.parentAuthority === 'VIEW' ? 'VIEW' : row.user.authority) as TAuthority,
    accountId: row.account.id,
    accountPath: row.account.path,
    routePrefix: routePrefixOf(role, parentRole),
    mustChangePassword: row.user.mustChangePassword,
  };
}

/** True when `accountPath` lies inside the caller's subtree (its own account included). */
export const inSubtree = (caller: Pick<TCaller, 'accountPath'>, accountPath: string) =>
  accountPath.startsWith(caller.accountPath);
