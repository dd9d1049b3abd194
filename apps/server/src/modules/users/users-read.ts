import type { TAccountType, TAuthority, TContractStatus } from '@swipe/contracts/roles';
import type {
  TContractSummary,
  TUserDetail,
  TUserKind,
  TUserListItem,
  TUserListQuery,
} from '@swipe/contracts/users';
import { isClosedContract } from '@swipe/contracts/users';
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { accounts, users } from '../../db/schema/accounts';
import { contracts, plans } from '../../db/schema/plans';
import type { TDbOrTx } from '../../db/tx';
import type { TCaller } from '../../platform/context';
import { escapeLike } from '../../platform/list-filters';
import { actionsFrom, kindOf, mayManage } from './users-access';

// Reading users as the user list shows them: the user, its account, the contract it works under
// (its own account's; an OEM admin's is its OEM account's) and the plan, always within the
// caller's subtree and never the caller itself, a SUB_ADMIN or a platform operator.

const parentAccounts = alias(accounts, 'parent_accounts');
const pendingPlans = alias(plans, 'pending_plans');

const selection = {
  user: users,
  account: accounts,
  parentName: parentAccounts.name,
  contract: contracts,
  plan: plans,
  pendingPlanName: pendingPlans.name,
};

/** A name looked up for the row, not joined: fewer joins keep planning cheap on every page. */
const nameOf = (table: typeof accounts | typeof plans, as: string, id: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${sql.identifier(as)}.name from ${table} as ${sql.identifier(as)} where ${sql.identifier(as)}.id = ${id})`;

// What a list row shows (toListItem), and all the list and its CSV read: no password hash, no
// timestamps nobody sees.
const listSelection = {
  user: {
    id: users.id,
    role: users.role,
    email: users.email,
    name: users.name,
    authority: users.authority,
    createdAt: users.createdAt,
  },
  account: { id: accounts.id, name: accounts.name, type: accounts.type, parentId: accounts.parentId },
  parentName: nameOf(accounts, 'parent_accounts', accounts.parentId),
  contract: {
    id: contracts.id,
    accountId: contracts.accountId,
    status: contracts.status,
    startDate: contracts.startDate,
    endDate: contracts.endDate,
    pendingPlanId: contracts.pendingPlanId,
    pendingPlanFrom: contracts.pendingPlanFrom,
    licenseIssued: contracts.licenseIssued,
  },
  plan: {
    id: plans.id,
    code: plans.code,
    name: plans.name,
    tier: plans.tier,
    version: plans.version,
    price: plans.price,
  },
  pendingPlanName: nameOf(plans, 'pending_plans', contracts.pendingPlanId),
};

const joinedRows = (db: TDbOrTx) =>
  db
    .select(selection)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(parentAccounts, eq(parentAccounts.id, accounts.parentId))
    .leftJoin(contracts, eq(contracts.accountId, users.accountId))
    .leftJoin(plans, eq(plans.id, contracts.planId))
    .leftJoin(pendingPlans, eq(pendingPlans.id, contracts.pendingPlanId));
// The list joins only what it filters and sorts by.
const listRows = (db: TDbOrTx) =>
  db
    .select(listSelection)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(contracts, eq(contracts.accountId, users.accountId))
    .leftJoin(plans, eq(plans.id, contracts.planId));

export type TUserRow = Awaited<ReturnType<ReturnType<typeof joinedRows>['execute']>>[number];
export type TUserListRow = Awaited<ReturnType<ReturnType<typeof listRows>['execute']>>[number];

const kindCondition = (kind: TUserKind): SQL =>
  kind === 'DIRECT_USER'
    ? and(eq(users.role, 'MASTER_USER'), eq(accounts.type, 'DIRECT'))!
    : eq(users.role, kind);

/** The rows any caller may see in the user list at all, inside the caller's subtree. */
const scope = (caller: Pick<TCaller, 'accountPath' | 'userId'>): SQL =>
  and(
    isNull(users.deletedAt),
    isNull(accounts.deletedAt),
    like(accounts.path, `${caller.accountPath}%`),
    ne(users.id, caller.userId),
    or(inArray(users.role, ['OEM_MASTER', 'OEM_ADMIN', 'USER']), kindCondition('DIRECT_USER')),
  )!;

export type TUserFilters = Omit<TUserListQuery, 'page' | 'pageSize'>;

function filters(query: TUserFilters): SQL[] {
  const where: SQL[] = [];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    where.push(or(ilike(accounts.name, pattern), ilike(users.email, pattern), ilike(users.name, pattern))!);
  }
  // `oem` selects the OEM/Enterprise accounts; a tier selects customers (companies and direct users).
  if (query.plan === 'oem') where.push(eq(accounts.type, 'OEM'));
  else if (query.plan) where.push(and(eq(plans.tier, query.plan), ne(accounts.type, 'OEM'))!);
  if (query.status) where.push(eq(contracts.status, query.status));
  if (query.kind) where.push(kindCondition(query.kind));
  return where;
}

const SORT_COLUMNS = {
  createdAt: users.createdAt,
  companyName: accounts.name,
  email: users.email,
  contractEnd: contracts.endDate,
  plan: plans.name,
} as const;

export async function queryUsers(
  db: TDb,
  opts: { caller: TCaller; query: TUserFilters; page?: number; pageSize?: number },
): Promise<{ rows: TUserListRow[]; total: number }> {
  const where = and(scope(opts.caller), ...filters(opts.query));
  const dir = opts.query.order === 'asc' ? asc : desc;
  const q = listRows(db)
    .where(where)
    .orderBy(dir(SORT_COLUMNS[opts.query.sort]), dir(users.createdAt), asc(users.id));
  if (opts.page === undefined || opts.pageSize === undefined) {
    const rows = await q;
    return { rows, total: rows.length };
  }
  const rows = await q.limit(opts.pageSize).offset((opts.page - 1) * opts.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(contracts, eq(contracts.accountId, users.accountId))
    .leftJoin(plans, eq(plans.id, contracts.planId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One user of the caller's subtree as the user list sees it, or null (then: 404). */
export async function loadUserRow(db: TDbOrTx, caller: TCaller, userId: string): Promise<TUserRow | null> {
  const rows = await joinedRows(db)
    .where(and(scope(caller), eq(users.id, userId)))
    .limit(1);
  return rows[0] ?? null;
}

function toContractSummary(row: TUserListRow): TContractSummary | null {
  const { contract, plan } = row;
  if (!contract || !plan) return null;
  return {
    id: contract.id,
    accountId: contract.accountId,
    status: contract.status as TContractStatus,
    startDate: contract.startDate,
    endDate: contract.endDate,
    planId: plan.id,
    planCode: plan.code,
    planName: plan.name,
    planTier: plan.tier,
    planVersion: plan.version,
    planPrice: plan.price,
    licenseIssued: contract.licenseIssued,
    pendingPlan:
      contract.pendingPlanId && contract.pendingPlanFrom
        ? {
            planId: contract.pendingPlanId,
            planName: row.pendingPlanName ?? '',
            from: contract.pendingPlanFrom,
          }
        : null,
  };
}

export const kindOfRow = (row: TUserListRow) => kindOf(row.user.role, row.account.type) as TUserKind;

export function toListItem(row: TUserListRow): TUserListItem {
  return {
    id: row.user.id,
    kind: kindOfRow(row),
    email: row.user.email,
    contactName: row.user.name,
    companyName: row.account.name,
    accountId: row.account.id,
    accountType: row.account.type as TAccountType,
    parentAccountId: row.account.parentId,
    parentAccountName: row.parentName ?? null,
    authority: row.user.authority as TAuthority,
    contract: toContractSummary(row),
    createdAt: row.user.createdAt.toISOString(),
  };
}

/** An OEM admin works under its OEM account's contract, which its OEM master holds. */
export const ownsContract = (row: TUserRow) => kindOfRow(row) !== 'OEM_ADMIN' && !!row.contract;

/**
 * The detail, with what this caller may do to it: edit when it may manage the user, has edit
 * authority, is not itself suspended, and neither the user's contract nor one above it (a
 * terminated OEM takes its companies along) has ended or been terminated.
 */
export function toDetail(
  row: TUserRow,
  caller: TCaller,
  state: { callerSuspended: boolean; closedAbove: boolean },
): TUserDetail {
  const manage =
    mayManage(caller, { accountPath: row.account.path, role: row.user.role }) &&
    caller.authority === 'EDIT' &&
    !state.callerSuspended &&
    !state.closedAbove;
  const status = row.contract?.status as TContractStatus | undefined;
  return {
    ...toListItem(row),
    managerName: row.account.managerName,
    logoEnabled: row.account.logoEnabled,
    ownsContract: ownsContract(row),
    editable: manage && !isClosedContract(status),
    allowedActions: manage && ownsContract(row) && status ? actionsFrom(status) : [],
    lastLoginAt: row.user.lastLoginAt?.toISOString() ?? null,
  };
}
