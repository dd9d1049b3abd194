import type { TAccountSummary } from '@swipe/contracts/accounts';
import type { TAccountType } from '@swipe/contracts/roles';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { inSubtree } from '../../platform/caller';
import type { TAppContext, TCaller } from '../../platform/context';
import { notFound } from '../../platform/errors';

/** An account the caller may see (its own or one below it); anything else is "not found". */
export async function getVisibleAccount(ctx: TAppContext, opts: { caller: TCaller; accountId: string }) {
  const [row] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, opts.accountId), isNull(accounts.deletedAt)));
  if (!row || !inSubtree(opts.caller, row.path)) throw notFound();
  return row;
}

export const toAccountSummary = (row: typeof accounts.$inferSelect): TAccountSummary => ({
  id: row.id,
  name: row.name,
  type: row.type as TAccountType,
  parentId: row.parentId,
  createdAt: row.createdAt.toISOString(),
});
