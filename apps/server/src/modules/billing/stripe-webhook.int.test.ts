import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billEvents, billingAccounts, bills } from '../../db/schema/billing';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertBill } from './bill-fixtures';
import { signStripe, stripeEvent, TEST_STRIPE_ENV } from './stripe-test-kit';

// Stripe's webhook through the real Stripe provider and signed events: a bill moves only on a
// payment that is its own (its charge's PaymentIntent, the account's customer, its total in
// JPY); any other is kept in the audit trail and moves nothing; a reference to no bill is 400.

let t: TTestApp;
let events = 0;

beforeAll(async () => {
  t = await startTestApp(TEST_STRIPE_ENV);
});
afterAll(async () => t?.close());

const CUSTOMER = 'cus_own';

/** A card bill whose charge made PaymentIntent `pi_<n>` and waits for Stripe's answer. */
async function processingBill() {
  const accountId = t.fixtures.accounts.company.id;
  await t.database.db
    .insert(billingAccounts)
    .values({ accountId, method: 'CARD', provider: 'STRIPE', providerCustomerId: CUSTOMER })
    .onConflictDoNothing();
  const bill = await insertBill(t.database.db, { accountId, status: 'PROCESSING', total: 12_345 });
  const paymentIntentId = `pi_own_${bill.id.slice(0, 8)}`;
  await t.database.db
    .update(bills)
    .set({ method: 'CARD', provider: 'STRIPE', chargeAttempts: 1, providerPaymentId: paymentIntentId })
    .where(eq(bills.id, bill.id));
  return { ...bill, paymentIntentId };
}

/** Posts a signed payment_intent event about `bill`; `over` changes fields of its PaymentIntent. */
function send(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  bill: { id: string; total: number; paymentIntentId: string },
  over: Record<string, unknown> = {},
) {
  const payload = stripeEvent(
    type,
    {
      id: bill.paymentIntentId,
      object: 'payment_intent',
      amount: bill.total,
      amount_received: type === 'payment_intent.succeeded' ? bill.total : 0,
      currency: 'jpy',
      customer: CUSTOMER,
      status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
      metadata: { bill_id: bill.id },
      ...(type === 'payment_intent.payment_failed'
        ? { last_payment_error: { type: 'card_error', message: 'Your card was declined.' } }
        : {}),
      ...over,
    },
    `evt_${++events}`,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signStripe(payload) },
    payload,
  });
}

const statusOf = async (id: string) =>
  (await t.database.db.select({ status: bills.status }).from(bills).where(eq(bills.id, id)))[0]!.status;
const trailOf = (id: string) =>
  t.database.db.select().from(billEvents).where(eq(billEvents.billId, id)).orderBy(billEvents.id);

describe("Stripe's webhook", () => {
  it("moves the bill on its own payment, after a stranger's event about it moved nothing", async () => {
    const bill = await processingBill();
    // Another PaymentIntent's failure naming this bill (a late event of an earlier attempt).
    const stranger = await send('payment_intent.payment_failed', bill, { id: 'pi_earlier' });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().data).toEqual({ received: true, moved: false });
    expect(await statusOf(bill.id)).toBe('PROCESSING');

    const own = await send('payment_intent.succeeded', bill);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({ received: true, moved: true });
    expect(await statusOf(bill.id)).toBe('PAID');
    const moves = (await trailOf(bill.id)).filter((e) => e.fromStatus !== e.toStatus);
    expect(moves).toMatchObject([{ fromStatus: 'PROCESSING', toStatus: 'PAID', source: 'WEBHOOK' }]);
  });

  it.each([
    ['amount', { amount: 1, amount_received: 1 }, /amount 1\b/],
    ['currency', { currency: 'usd' }, /currency usd/],
    ['customer', { customer: 'cus_someone_else' }, /customer cus_someone_else/],
    ['PaymentIntent', { id: 'pi_someone_else' }, /PaymentIntent pi_someone_else/],
  ] as const)(
    'a payment of another %s moves nothing and is kept in the audit trail',
    async (_, over, named) => {
      for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const) {
        const bill = await processingBill();
        const res = await send(type, bill, over);
        expect(res.statusCode, type).toBe(200);
        expect(res.json().data, type).toEqual({ received: true, moved: false });
        expect(await statusOf(bill.id), type).toBe('PROCESSING');
        const [refused, ...rest] = (await trailOf(bill.id)).filter((e) => e.source === 'WEBHOOK');
        expect(rest, type).toEqual([]);
        expect(refused, type).toMatchObject({ fromStatus: 'PROCESSING', toStatus: 'PROCESSING' });
        expect(refused!.reason, type).toMatch(named);
      }
    },
  );

  const expectRefused = async (billId: string) => {
    const bill = await processingBill();
    const res = await send('payment_intent.succeeded', bill, { metadata: { bill_id: billId } });
    expect(res.statusCode, billId).toBe(400);
    expect(res.json(), billId).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED' });
    expect(await statusOf(bill.id)).toBe('PROCESSING');
    expect(await trailOf(bill.id)).toEqual([]);
  };

  it('answers 400 with the error shape to a reference that names no bill', async () => {
    await expectRefused('00000000-0000-4000-8000-000000000000');
  });

  it('answers 400 with the error shape to a reference that is no id at all', async () => {
    for (const billId of ['not-a-bill', "1' or '1'='1"]) await expectRefused(billId);
  });
});
