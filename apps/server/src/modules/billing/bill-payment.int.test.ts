import { translate } from '@swipe/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { bills, paymentCards } from '../../db/schema/billing';
import { mails } from '../../db/schema/platform';
import { jstDate } from '../../platform/schedule';
import { startTestApp, type TTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { insertBill, insertCard } from './bill-fixtures';

// Paying a bill by hand with a card the holder chooses (its own account's only), the failure
// read by its code in the holder's language (the answer and the mail, never the provider's
// English), and the bills that need the holder: failed, or unpaid past the due date in Japan.

let t: TTestApp;
let call: TSignedInCall;
let db: TDb;

beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  db = t.database.db;
});
afterAll(async () => t?.close());

const A = () => t.fixtures.accounts;
const DIRECT = 'direct@example.com';

async function addCard(user: string, number: string) {
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
}

const billRow = async (id: string) => (await db.select().from(bills).where(eq(bills.id, id)))[0]!;
const outstanding = async (user: string) => {
  const res = await call(user, 'GET', '/api/bills/outstanding');
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; attention: string; failure_code: string | null }[];
};

describe('paying a bill by hand', () => {
  it('a declined card fails the bill with its code, said in the holder’s language; another saved card of its own pays it', async () => {
    await addCard(DIRECT, '4000 0000 0000 0002');
    const bill = await insertBill(db, { accountId: A().direct.id, month: '2026-09' });
    await db.update(bills).set({ method: 'CARD', dueDate: '2099-12-31' }).where(eq(bills.id, bill.id));
    expect(await outstanding(DIRECT)).toEqual([]);

    const declined = await call(DIRECT, 'POST', `/api/bills/${bill.id}/pay`, {}, 'ja');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'FAILED', failure_code: 'card_declined' });
    const reasonJa = translate('billing.failure.card_declined', 'ja');
    expect(declined.json().message).toBe(translate('billing.paymentFailed', 'ja', { reason: reasonJa }));
    expect(declined.json().message).not.toMatch(/declined/i);
    // The holder's mail (in Japanese, the holder's language) gives the same reason.
    const [mail] = await db.select().from(mails).where(eq(mails.to, DIRECT));
    expect(mail?.text).toContain(reasonJa);
    expect(mail?.text).not.toContain('Your card was declined');

    const listed = await outstanding(DIRECT);
    expect(listed).toMatchObject([{ id: bill.id, attention: 'FAILED', failure_code: 'card_declined' }]);

    // Another tenant's card (the OEM tree's company) is not the caller's: 404, nothing charged.
    const foreign = await insertCard(db, { accountId: A().company.id });
    const attempts = (await billRow(bill.id)).chargeAttempts;
    const refused = await call(DIRECT, 'POST', `/api/bills/${bill.id}/pay`, { card_id: foreign.id });
    expect(refused.statusCode).toBe(404);
    expect(await billRow(bill.id)).toMatchObject({ status: 'FAILED', chargeAttempts: attempts });

    // A second card of its own, chosen for this payment and kept as the default.
    const good = await addCard(DIRECT, '4242 4242 4242 4242');
    expect(good.is_default).toBe(false);
    const paid = await call(
      DIRECT,
      'POST',
      `/api/bills/${bill.id}/pay`,
      { card_id: good.id, make_default: true },
      'ja',
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', failure_code: null });
    expect(paid.json().message).toBe(translate('billing.billPaid', 'ja'));
    const defaults = await db
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.accountId, A().direct.id), eq(paymentCards.isDefault, true)));
    expect(defaults).toEqual([{ id: good.id }]);
    expect(await outstanding(DIRECT)).toEqual([]);
  });

  it('pays with the chosen card without changing the default unless asked', async () => {
    const poor = await addCard('user@example.com', '4000 0000 0000 9995');
    const good = await addCard('user@example.com', '4242 4242 4242 4242');
    await call('user@example.com', 'POST', `/api/billing/cards/${poor.id}/default`);
    const bill = await insertBill(db, { accountId: A().company.id, month: '2026-09' });
    await db.update(bills).set({ method: 'CARD' }).where(eq(bills.id, bill.id));
    const failed = await call('user@example.com', 'POST', `/api/bills/${bill.id}/pay`, {}, 'en');
    expect(failed.json().data).toMatchObject({ status: 'FAILED', failure_code: 'insufficient_funds' });
    expect(failed.json().message).toContain(translate('billing.failure.insufficient_funds', 'en'));
    const paid = await call('user@example.com', 'POST', `/api/bills/${bill.id}/pay`, { card_id: good.id });
    expect(paid.json().data.status).toBe('PAID');
    const [card] = await db.select().from(paymentCards).where(eq(paymentCards.id, poor.id));
    expect(card?.isDefault).toBe(true);
    // The bill's history keeps the failed charge's code, so the operator reads it in their language.
    const detail = (await call('master@example.com', 'GET', `/api/bills/${bill.id}`)).json().data;
    const moves = detail.events.map((e: { to_status: string; failure_code: string | null }) => [
      e.to_status,
      e.failure_code,
    ]);
    expect(moves).toEqual(
      expect.arrayContaining([
        ['FAILED', 'insufficient_funds'],
        ['PAID', null],
      ]),
    );
  });
});

describe('bills that need their holder', () => {
  it('an unpaid bill is overdue the day after its due date (JST); only the account’s own bills are listed', async () => {
    const today = jstDate(new Date());
    const yesterday = jstDate(new Date(Date.now() - 86_400_000));
    const due = await insertBill(db, { accountId: A().oem.id, month: '2026-07' });
    const late = await insertBill(db, { accountId: A().oem.id, month: '2026-06' });
    await db.update(bills).set({ dueDate: today }).where(eq(bills.id, due.id));
    await db.update(bills).set({ dueDate: yesterday }).where(eq(bills.id, late.id));
    // A company of the OEM's tree is late too: its own holder is told, not the OEM's staff.
    const companyLate = await insertBill(db, { accountId: A().company.id, month: '2026-05' });
    await db.update(bills).set({ dueDate: yesterday }).where(eq(bills.id, companyLate.id));
    // Settled bills need nobody, however old.
    await insertBill(db, { accountId: A().oem.id, month: '2026-04', status: 'PAID' });

    const listed = await outstanding('oem@example.com');
    expect(listed.map((b) => [b.id, b.attention])).toEqual([[late.id, 'OVERDUE']]);
    expect((await outstanding('oem-admin@example.com')).map((b) => b.id)).toEqual([late.id]);
    expect((await outstanding('user@example.com')).map((b) => b.id)).toContain(companyLate.id);
    // MASTER holds no bills: the route is not for it.
    expect((await call('master@example.com', 'GET', '/api/bills/outstanding')).statusCode).toBe(403);
  });
});
