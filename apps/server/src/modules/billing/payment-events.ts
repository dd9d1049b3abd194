import { eq } from 'drizzle-orm';
import { billEvents, billingAccounts, bills } from '../../db/schema/billing';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { moveBill, recordBillEvent } from './billing.service';
import type { TPaymentEvent } from './payment-provider';

// The provider's payment events (its webhook): which bill an event may move, and the move.

/** A signed event whose bill reference is not one of our bills: the sender's mistake. */
const unknownBill = () => new AppError(400, 'VALIDATION_FAILED', 'billing.webhookUnknownBill');
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What of a payment event is not the bill's own: the PaymentIntent its charge created, the
 * account's customer, its total in JPY. A bill reference alone (metadata anyone with the
 * provider's keys can write) never moves a bill. Null when everything matches.
 */
export function paymentMismatch(
  bill: { providerPaymentId: string | null; total: number },
  customerId: string | null,
  event: TPaymentEvent,
): string | null {
  const wrong: string[] = [];
  if (!bill.providerPaymentId || event.paymentId !== bill.providerPaymentId)
    wrong.push(`PaymentIntent ${event.paymentId} (the bill's: ${bill.providerPaymentId ?? 'none'})`);
  if (!customerId || event.customerId !== customerId)
    wrong.push(`customer ${event.customerId ?? 'none'} (the account's: ${customerId ?? 'none'})`);
  if (event.amount !== bill.total) wrong.push(`amount ${event.amount} (the bill's: ${bill.total})`);
  if (event.currency.toLowerCase() !== 'jpy') wrong.push(`currency ${event.currency} (the bill's: jpy)`);
  return wrong.length ? `Payment event refused, not this bill's payment: ${wrong.join('; ')}` : null;
}

/**
 * A provider's webhook: moves the bill it names once, and only when the payment is the bill's
 * own (paymentMismatch); a mismatch moves nothing and is kept in the bill's audit trail. A
 * replayed event (same id) moves nothing; an event that no longer fits the bill's status (out
 * of order, already settled) is acknowledged and moves nothing. A reference that names no bill
 * answers 400. Answers whether it moved the bill.
 */
export async function applyPaymentEvent(ctx: TAppContext, event: TPaymentEvent): Promise<boolean> {
  // Checked before any query: a malformed id would otherwise fail as a database error.
  if (!UUID_RE.test(event.billId)) throw unknownBill();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [seen] = await tx
        .select({ id: billEvents.id })
        .from(billEvents)
        .where(eq(billEvents.providerEventId, event.id));
      if (seen) return false;
      const [row] = await tx
        .select({ bill: bills, customerId: billingAccounts.providerCustomerId })
        .from(bills)
        .leftJoin(billingAccounts, eq(billingAccounts.accountId, bills.accountId))
        .where(eq(bills.id, event.billId));
      if (!row) throw unknownBill();
      const { bill } = row;
      const mismatch = paymentMismatch(bill, row.customerId, event);
      if (mismatch) {
        await recordBillEvent(tx, {
          billId: bill.id,
          fromStatus: bill.status,
          toStatus: bill.status,
          source: 'WEBHOOK',
          reason: mismatch,
          providerEventId: event.id,
        });
        return false;
      }
      try {
        await moveBill(tx, {
          billId: bill.id,
          move: event.type === 'payment.succeeded' ? 'SUCCEED' : 'FAIL',
          source: 'WEBHOOK',
          reason: event.message ?? null,
          providerEventId: event.id,
          set:
            event.type === 'payment.succeeded'
              ? { paidAt: new Date(), failureMessage: null, failureCode: null }
              : { failureMessage: event.message ?? null, failureCode: event.code ?? 'card_declined' },
        });
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return false;
        throw error;
      }
      return true;
    });
  } catch (error) {
    // Two deliveries of one event at once: the second hits the unique event id.
    if (
      (error as { code?: string }).code === '23505' ||
      String(error).includes('bill_events_provider_event_unique')
    )
      return false;
    throw error;
  }
}
