import { BILL_STATUSES, consumptionTax, pageViewFee, type TBillStatus } from '@swipe/contracts/billing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { accountPageViews } from '../../db/schema/analytics';
import { billEvents, billingAccounts, billingSettings, bills } from '../../db/schema/billing';
import { contracts, plans } from '../../db/schema/plans';
import { jobs, mails } from '../../db/schema/platform';
import { runDueJobs } from '../../platform/jobs';
import { startTestApp, type TTestApp } from '../../test/harness';
import { applyPendingPlans } from '../users/contract-jobs';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { completeBillingSettings } from './bill-fixtures';
import { billMonth, monthBounds, previousMonth } from './bill-run';
import { usePaymentProvider } from './billing.service';
import type { TPaymentEvent, TPaymentProvider } from './payment-provider';
import { WebhookSignatureError } from './payment-provider';
import { pdfText } from './pdf-text';

// The monthly run's arithmetic (page views at the limit's edge, tax rounding, the initial fee
// once, the plan of a month changed on the 1st), once only; the bill states: every illegal move
// 409, force-complete for good, racing moves make one; the test-mode card flow end to end;
// webhooks (signature, replay, order, race); tenancy; the invoice read back.

let t: TTestApp;
let call: TSignedInCall;
let db: TDb;
const quiet = { error: () => {}, warn: () => {} };
const runJobs = async () => {
  while ((await runDueJobs(db, t.ctx.jobHandlers, quiet)) > 0);
};

beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  db = t.database.db;
  // Every fixture contract ran since January; nothing is billed yet. The settings name the
  // issuer and the bank account, so bank-transfer bills are issued (billing-holds tests the rest).
  await completeBillingSettings(db);
  await db.update(contracts).set({ startDate: '2026-01-01', endDate: '2027-12-31' });
  await db.execute(sql`update contract_plan_periods set valid_from = '2026-01-01'`);
});
afterAll(async () => t?.close());

const A = () => t.fixtures.accounts;
const at = (month: string) => monthBounds(month).startsAt; // 00:00 JST on the 1st
const billOf = async (accountId: string, month: string) =>
  (
    await db
      .select()
      .from(bills)
      .where(and(eq(bills.accountId, accountId), eq(bills.month, `${month}-01`)))
  )[0];
const views = (accountId: string, month: string, n: number) =>
  db
    .insert(accountPageViews)
    .values({ accountId, month: `${month}-01`, views: n })
    .onConflictDoUpdate({ target: [accountPageViews.accountId, accountPageViews.month], set: { views: n } });
const planOf = async (code: string) =>
  (
    await db
      .select()
      .from(plans)
      .where(and(eq(plans.code, code), eq(plans.isCurrent, true)))
  )[0]!;

describe('the monthly run', () => {
  it('months are JST: the run at 00:00 JST on the 1st bills the month before', () => {
    expect(previousMonth(new Date('2026-10-31T15:00:00Z'))).toBe('2026-10'); // 1 Nov 00:00 JST
    expect(previousMonth(new Date('2026-10-31T14:59:59Z'))).toBe('2026-09'); // 31 Oct 23:59 JST
    expect(monthBounds('2026-02')).toMatchObject({ first: '2026-02-01', last: '2026-02-28' });
    expect(monthBounds('2026-10').startsAt.toISOString()).toBe('2026-09-30T15:00:00.000Z');
  });

  it('bills each contract once: plan fee, page views beyond the limit per started 1,000, license, initial fee once, tax rounded down', async () => {
    await db.update(billingSettings).set({ licenseFee: 10_005 });
    const direct = await db.select().from(contracts).where(eq(contracts.accountId, A().direct.id));
    await db
      .update(contracts)
      .set({ licenseIssued: true, initialCreativeFee: true })
      .where(eq(contracts.id, direct[0]!.id));
    const directPlan = await db.select().from(plans).where(eq(plans.id, direct[0]!.planId));
    const company = await db.select().from(contracts).where(eq(contracts.accountId, A().company.id));
    const companyPlan = (await db.select().from(plans).where(eq(plans.id, company[0]!.planId)))[0]!;
    const p = directPlan[0]!;
    // One view over the limit is one started block; exactly the limit is none.
    await views(A().direct.id, '2026-08', p.limitAccess + 1);
    await views(A().company.id, '2026-08', companyPlan.limitAccess);

    const created = await billMonth(db, '2026-08', at('2026-09'));
    expect(created).toBeGreaterThanOrEqual(3);
    const d = (await billOf(A().direct.id, '2026-08'))!;
    // The run's SQL agrees with the contract's formulas (and with the arithmetic by hand).
    const pvFee = pageViewFee(p.limitAccess + 1, p.limitAccess, p.limitAccessPrice);
    expect(pvFee).toBe(p.limitAccessPrice);
    const subtotal = p.price + pvFee + 10_005 + 100_000;
    expect(consumptionTax(subtotal)).toBe(Math.floor(subtotal / 10));
    expect(d).toMatchObject({
      planFee: p.price,
      pageViews: p.limitAccess + 1,
      pageViewFee: pvFee,
      licenseFee: 10_005,
      initialFee: 100_000,
      subtotal,
      tax: consumptionTax(subtotal),
      total: subtotal + consumptionTax(subtotal),
      status: 'UNPAID',
      method: 'BANK_TRANSFER',
      recipientName: 'Aozora Cosmetics',
    });
    expect(subtotal % 10).not.toBe(0); // the rounding is really exercised
    expect(d.number).toMatch(/^INV-202608-\d{6}$/);
    expect((await billOf(A().company.id, '2026-08'))!.pageViewFee).toBe(0);

    // Again: nothing twice. The next month: no initial fee any more.
    expect(await billMonth(db, '2026-08', at('2026-09'))).toBe(0);
    await billMonth(db, '2026-09', at('2026-10'));
    expect((await billOf(A().direct.id, '2026-09'))!.initialFee).toBe(0);
    // One invoice mail job per bill, in the run's transaction.
    const [mailJobs] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, 'billing.invoice-mail'), sql`payload->>'billId' = ${d.id}`));
    expect(mailJobs!.n).toBe(1);
    // Racing runs of one month make each bill once.
    const results = await Promise.all([1, 2, 3].map(() => billMonth(db, '2026-07', at('2026-08'))));
    expect(results.reduce((a, b) => a + b, 0)).toBe(created);
  });

  it('a plan change that takes effect on the 1st bills the old plan for the month before, the new one after', async () => {
    const standard = await planOf('standard');
    const premium = await planOf('premium');
    const [c] = await db.select().from(contracts).where(eq(contracts.accountId, A().minato.id));
    await db
      .update(contracts)
      .set({ planId: standard.id, pendingPlanId: premium.id, pendingPlanFrom: '2026-11-01' })
      .where(eq(contracts.id, c!.id));
    // The plan job runs first at midnight, then the billing run.
    await applyPendingPlans(db, at('2026-11'));
    await billMonth(db, '2026-10', at('2026-11'));
    expect((await billOf(A().minato.id, '2026-10'))!.planName).toBe(standard.name);
    await billMonth(db, '2026-11', at('2026-12'));
    expect((await billOf(A().minato.id, '2026-11'))!.planName).toBe(premium.name);
  });
});

describe('bill states', () => {
  const setStatus = (id: string, status: TBillStatus) =>
    db.update(bills).set({ status }).where(eq(bills.id, id));
  const move = (id: string, action: string, reason = 'checked') =>
    call('master@example.com', 'POST', `/api/bills/${id}/${action}`, { reason });

  it('allows only the payment status moves; every other answers 409 and changes nothing', async () => {
    const bill = (await billOf(A().direct.id, '2026-09'))!;
    const allowed: Record<string, TBillStatus[]> = {
      'mark-paid': ['UNPAID', 'FAILED'],
      'force-complete': ['UNPAID'],
      void: ['UNPAID'],
    };
    for (const [action, from] of Object.entries(allowed))
      for (const status of BILL_STATUSES) {
        await setStatus(bill.id, status);
        const res = await move(bill.id, action);
        expect(res.statusCode, `${action} from ${status}`).toBe(from.includes(status) ? 200 : 409);
        const [after] = await db.select().from(bills).where(eq(bills.id, bill.id));
        if (!from.includes(status)) expect(after!.status).toBe(status);
      }
    await setStatus(bill.id, 'UNPAID');
  });

  it('force-complete needs a reason, is for MASTER only, and is for good', async () => {
    const bill = (await billOf(A().direct.id, '2026-08'))!;
    expect(
      (await call('master@example.com', 'POST', `/api/bills/${bill.id}/force-complete`, {})).statusCode,
    ).toBe(400);
    expect(
      (await call('oem@example.com', 'POST', `/api/bills/${bill.id}/force-complete`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await move(bill.id, 'force-complete', 'Settled offline')).statusCode).toBe(200);
    for (const action of ['mark-paid', 'void', 'force-complete'])
      expect((await move(bill.id, action)).statusCode).toBe(409);
    const detail = (await call('master@example.com', 'GET', `/api/bills/${bill.id}`)).json().data;
    expect(detail.status).toBe('COMPLETED');
    expect(detail.events.at(-1)).toMatchObject({
      from_status: 'UNPAID',
      to_status: 'COMPLETED',
      actor: 'master@example.com',
      source: 'USER',
      reason: 'Settled offline',
    });
  });

  it('of racing moves exactly one is made, and audited once', async () => {
    const bill = (await billOf(A().company.id, '2026-08'))!;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => move(bill.id, 'mark-paid')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const trail = await db
      .select()
      .from(billEvents)
      .where(and(eq(billEvents.billId, bill.id), eq(billEvents.toStatus, 'PAID')));
    expect(trail).toHaveLength(1);
  });
});

describe('tenancy', () => {
  it("another tenant's bill is 404 with every verb; OEM staff see their companies' bills, customers their own", async () => {
    const direct = (await billOf(A().direct.id, '2026-09'))!;
    const company = (await billOf(A().company.id, '2026-09'))!;
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/invoice'],
      ['POST', '/pay'],
    ] as const) {
      expect(
        (await call('user@example.com', method, `/api/bills/${direct.id}${suffix}`)).statusCode,
        suffix,
      ).toBe(404);
      expect(
        (await call('oem@example.com', method, `/api/bills/${direct.id}${suffix}`)).statusCode,
        suffix,
      ).toBe(404);
    }
    const oemList = (await call('oem@example.com', 'GET', '/api/bills?page_size=100')).json().data as {
      account_id: string;
    }[];
    expect(oemList.some((b) => b.account_id === A().company.id)).toBe(true);
    expect(oemList.some((b) => b.account_id === A().direct.id)).toBe(false);
    const own = (await call('user@example.com', 'GET', '/api/bills?page_size=100')).json().data as {
      account_id: string;
    }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((b) => b.account_id === A().company.id)).toBe(true);
    expect((await call('oem@example.com', 'GET', `/api/bills/${company.id}`)).statusCode).toBe(200);
    expect((await call('user@example.com', 'GET', '/api/billing/settings')).statusCode).toBe(403);
  });
});

describe('cards and charges in test mode', () => {
  const addCard = async (user: string, number: string) => {
    const token = await call(user, 'POST', '/api/billing/test-cards', {
      number,
      exp_month: 12,
      exp_year: 2099,
      cvc: '123',
    });
    expect(token.statusCode).toBe(200);
    const card = await call(user, 'POST', '/api/billing/cards', { token: token.json().data.token });
    expect(card.statusCode).toBe(201);
    return card.json().data as { id: string; last4: string; is_default: boolean };
  };

  it('refuses a bad card with field messages and keeps only brand, last four and expiry', async () => {
    const bad = await call('user@example.com', 'POST', '/api/billing/test-cards', {
      number: '4242 4242 4242 4241',
      exp_month: 12,
      exp_year: 2099,
      cvc: '123',
    });
    expect(bad.statusCode).toBe(400);
    const card = await addCard('user@example.com', '4242 4242 4242 4242');
    expect(card).toMatchObject({ last4: '4242', is_default: true });
    const stored = await db.execute(sql`select * from payment_cards`);
    expect(JSON.stringify(stored.rows)).not.toContain('4242424242424242');
    const cards = (await call('user@example.com', 'GET', '/api/billing/cards')).json().data;
    expect(cards).toMatchObject({ test_mode: true, method: 'CARD' });
  });

  it('a card bill is charged by the job: a good card pays it, a declined one fails it, mails the holder and queues a retry', async () => {
    await addCard('direct@example.com', '4000 0000 0000 0002');
    await billMonth(db, '2026-06', at('2026-07'));
    await runJobs();
    const paid = (await billOf(A().company.id, '2026-06'))!;
    expect(paid).toMatchObject({ method: 'CARD', status: 'PAID', provider: 'TEST', chargeAttempts: 1 });
    const failed = (await billOf(A().direct.id, '2026-06'))!;
    expect(failed).toMatchObject({
      method: 'CARD',
      status: 'FAILED',
      failureMessage: 'Your card was declined.',
    });
    const retry = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `billing.charge:${failed.id}:2`));
    expect(retry).toHaveLength(1);
    const mail = await db.select().from(mails).where(eq(mails.to, 'direct@example.com'));
    expect(mail.some((m) => m.subject.includes('failed') || m.subject.includes('できませんでした'))).toBe(
      true,
    );

    // The holder changes to a good card and pays now: FAILED -> PROCESSING -> PAID.
    const good = await addCard('direct@example.com', '4242 4242 4242 4242');
    expect(
      (await call('direct@example.com', 'POST', `/api/billing/cards/${good.id}/default`)).statusCode,
    ).toBe(200);
    const pay = await call('direct@example.com', 'POST', `/api/bills/${failed.id}/pay`);
    expect(pay.statusCode).toBe(200);
    expect(pay.json().data.status).toBe('PAID');
    // The queued retry finds it paid and does nothing.
    await db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.dedupeKey, `billing.charge:${failed.id}:2`));
    await runJobs();
    expect((await billOf(A().direct.id, '2026-06'))!.chargeAttempts).toBe(2);
  });

  it('the invoice is a PDF naming the issuer registration number, the bill and its total', async () => {
    await db
      .update(billingSettings)
      .set({ registrationNumber: 'T1234567890123', issuerName: 'スワイプ株式会社' });
    const bill = (await billOf(A().company.id, '2026-06'))!;
    const res = await call('user@example.com', 'GET', `/api/bills/${bill.id}/invoice`, undefined, 'ja');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('T1234567890123');
    expect(text).toContain(bill.number);
    expect(text).toContain('スワイプ株式会社');
    expect(text).toContain(bill.total.toLocaleString('en'));
  });
});

describe('webhooks', () => {
  it('move a bill once: a replayed, late or racing event moves nothing more; a bad signature is refused', async () => {
    // A Stripe double: its "signature" is the header value `valid`; events are the JSON body.
    const fakeStripe: TPaymentProvider = {
      kind: 'STRIPE',
      testMode: true,
      ensureCustomer: async () => 'cus_1',
      cardSetup: async () => ({ provider: 'STRIPE', publishableKey: 'pk', clientSecret: 'cs' }),
      attachCard: async () => ({
        providerCardId: 'pm',
        brand: 'visa',
        last4: '4242',
        expMonth: 1,
        expYear: 2099,
      }),
      detachCard: async () => {},
      charge: async () => ({ status: 'pending', paymentId: 'pi_1' }),
      parseWebhook: (raw, signature) => {
        if (signature !== 'valid') throw new WebhookSignatureError('bad');
        return JSON.parse(raw.toString()) as TPaymentEvent;
      },
    };
    usePaymentProvider(t.ctx, fakeStripe);
    const bill = (await billOf(A().minato.id, '2026-10'))!;
    // The charge made PaymentIntent pi_1 of customer cus_1: the events below are about it.
    await db
      .update(bills)
      .set({ status: 'PROCESSING', providerPaymentId: 'pi_1' })
      .where(eq(bills.id, bill.id));
    await db
      .insert(billingAccounts)
      .values({ accountId: A().minato.id, method: 'CARD', provider: 'STRIPE', providerCustomerId: 'cus_1' })
      .onConflictDoUpdate({ target: billingAccounts.accountId, set: { providerCustomerId: 'cus_1' } });
    const payment = { paymentId: 'pi_1', customerId: 'cus_1', amount: bill.total, currency: 'jpy' };
    const send = (event: TPaymentEvent, signature = 'valid') =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: JSON.stringify(event),
      });
    const succeeded: TPaymentEvent = {
      id: 'evt_1',
      type: 'payment.succeeded',
      billId: bill.id,
      ...payment,
    };
    expect((await send(succeeded, 'forged')).statusCode).toBe(400);
    expect((await billOf(A().minato.id, '2026-10'))!.status).toBe('PROCESSING');
    const racing = await Promise.all([send(succeeded), send(succeeded)]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(racing.filter((r) => r.json().data.moved)).toHaveLength(1);
    expect((await send(succeeded)).json().data.moved).toBe(false);
    // A failure reported after the success is out of order: acknowledged, nothing moves.
    const late = await send({
      id: 'evt_2',
      type: 'payment.failed',
      billId: bill.id,
      ...payment,
      message: 'x',
    });
    expect(late.json().data.moved).toBe(false);
    expect((await billOf(A().minato.id, '2026-10'))!.status).toBe('PAID');
    const trail = await db.select().from(billEvents).where(eq(billEvents.billId, bill.id));
    expect(trail.filter((e) => e.source === 'WEBHOOK')).toHaveLength(1);
  });
});
