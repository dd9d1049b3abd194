import type { ZApiV1Account, ZApiV1User, ZApiV1UsersQuery } from '@swipe/contracts/api-access';
import { PLAN_FLAGS, type TPlanFlag } from '@swipe/contracts/plans';
import type { TAccountType, TContractStatus } from '@swipe/contracts/roles';
import { and, asc, count, eq, inArray, isNull, like, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { accounts } from '../../db/schema/accounts';
import { contracts, plans } from '../../db/schema/plans';
import type { TApiClient } from '../../platform/api-client';
import type { TAppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';

// The read API answers about the authenticated client's own account and what lies below it;
// every query starts from `client.accountPath`, so another tenant's data is never in reach.

/** Account types that are customers (the platform itself is not). */
const CUSTOMER_TYPES: TAccountType[] = ['OEM', 'COMPANY', 'DIRECT'];

type TPlanRow = typeof plans.$inferSelect;

const toPlan = (plan: TPlanRow) => ({
  code: plan.code,
  name: plan.name,
  version: plan.version,
  limits: {
    quantitySwipe: plan.quantitySwipe,
    quantitySite: plan.quantitySite,
    limitAccess: plan.limitAccess,
  },
  features: Object.fromEntries(PLAN_FLAGS.map((f) => [f, plan[f]])) as Record<TPlanFlag, boolean>,
});

export async function getClientAccount(
  ctx: TAppContext,
  opts: { client: TApiClient },
): Promise<z.input<typeof ZApiV1Account>> {
  const [row] = await ctx.db
    .select({ account: accounts, contract: contracts, plan: plans })
    .from(accounts)
    .leftJoin(contracts, eq(contracts.accountId, accounts.id))
    .leftJoin(plans, eq(plans.id, contracts.planId))
    .where(and(eq(accounts.id, opts.client.accountId), isNull(accounts.deletedAt)));
  if (!row) throw notFound();
  return {
    id: row.account.id,
    name: row.account.name,
    type: row.account.type as TAccountType,
    contract:
      row.contract && row.plan
        ? {
            status: row.contract.status as TContractStatus,
            startDate: row.contract.startDate,
            endDate: row.contract.endDate,
            plan: toPlan(row.plan),
          }
        : null,
  };
}

/** The customer accounts below the client's account (not the account itself), oldest first. */
export async function listClientCustomers(
  ctx: TAppContext,
  opts: { client: TApiClient; query: z.output<typeof ZApiV1UsersQuery> },
): Promise<{ items: z.input<typeof ZApiV1User>[]; total: number }> {
  const { client, query } = opts;
  const where = and(
    like(accounts.path, `${client.accountPath}%`),
    ne(accounts.id, client.accountId),
    isNull(accounts.deletedAt),
    inArray(accounts.type, CUSTOMER_TYPES),
    query.status ? eq(contracts.status, query.status) : undefined,
  );
  const [totalRow] = await ctx.db
    .select({ n: count() })
    .from(accounts)
    .leftJoin(contracts, eq(contracts.accountId, accounts.id))
    .where(where);
  // Only what an item shows.
  const rows = await ctx.db
    .select({
      account: {
        id: accounts.id,
        name: accounts.name,
        type: accounts.type,
        parentId: accounts.parentId,
        createdAt: accounts.createdAt,
      },
      contract: { status: contracts.status, startDate: contracts.startDate, endDate: contracts.endDate },
      plan: { code: plans.code, name: plans.name },
    })
    .from(accounts)
    .leftJoin(contracts, eq(contracts.accountId, accounts.id))
    .leftJoin(plans, eq(plans.id, contracts.planId))
    .where(where)
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total: totalRow?.n ?? 0,
    items: rows.map(({ account, contract, plan }) => ({
      id: account.id,
      name: account.name,
      type: account.type as TAccountType,
      parentId: account.parentId,
      contract:
        contract && plan
          ? {
              status: contract.status as TContractStatus,
              startDate: contract.startDate,
              endDate: contract.endDate,
              planCode: plan.code,
              planName: plan.name,
            }
          : null,
      createdAt: account.createdAt.toISOString(),
    })),
  };
}
