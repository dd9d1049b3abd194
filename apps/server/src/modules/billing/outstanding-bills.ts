import type { TOutstandingBill } from '@swipe/contracts/bill-payment';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { bills } from '../../db/schema/billing';
import type { TAppContext, TCaller } from '../../platform/context';
import { jstDate } from '../../platform/schedule';
import { paymentProvider, toBill } from './billing.service';

// The bills that need their holder: what Check Plan's and the landing page's banner says.

/**
 * The caller's own account's bills whose card charge failed, or that are unpaid past their due
 * date (the due date is the last day to pay, in Japan), oldest month first. Only the account's
 * own: an OEM's staff are not told here about their companies' bills (the billing list is).
 */
export async function outstandingBills(
  ctx: TAppContext,
  opts: { caller: TCaller; now?: Date },
): Promise<TOutstandingBill[]> {
  const today = jstDate(opts.now ?? new Date());
  const rows = await ctx.db
    .select({ bill: bills, accountName: accounts.name })
    .from(bills)
    .innerJoin(accounts, eq(accounts.id, bills.accountId))
    .where(and(eq(bills.accountId, opts.caller.accountId), inArray(bills.status, ['FAILED', 'UNPAID'])))
    .orderBy(asc(bills.month), asc(bills.id));
  const testMode = paymentProvider(ctx).testMode;
  return rows
    .filter((r) => r.bill.status === 'FAILED' || r.bill.dueDate < today)
    .map((r) => ({
      ...toBill(r, testMode),
      attention: r.bill.status === 'FAILED' ? ('FAILED' as const) : ('OVERDUE' as const),
    }));
}
