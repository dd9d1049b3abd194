import type { TPlanFlag } from '@swipe/contracts/plans';
import { desc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { accounts } from '../db/schema/accounts';
import { contracts, plans } from '../db/schema/plans';
import { accountIdsOfPath } from './caller';

/**
 * The plan an account works under: its own contract's, or else the nearest ancestor's
 * (an OEM admin works under the OEM account's contract). Null for the platform itself.
 */
export async function planOfAccount(db: TDb, accountPath: string) {
  const ids = accountIdsOfPath(accountPath);
  if (ids.length === 0) return null;
  const rows = await db
    .select({ plan: plans, depth: accounts.depth })
    .from(contracts)
    .innerJoin(plans, eq(plans.id, contracts.planId))
    .innerJoin(accounts, eq(accounts.id, contracts.accountId))
    .where(inArray(contracts.accountId, ids))
    .orderBy(desc(accounts.depth))
    .limit(1);
  return rows[0]?.plan ?? null;
}

/** Platform operators are not bound by a plan; everyone else needs the flag on their plan. */
export async function mayUseFeature(
  db: TDb,
  caller: { actingRole: string; accountPath: string },
  flag: TPlanFlag,
): Promise<boolean> {
  if (caller.actingRole === 'MASTER') return true;
  const plan = await planOfAccount(db, caller.accountPath);
  return !!plan?.[flag];
}
