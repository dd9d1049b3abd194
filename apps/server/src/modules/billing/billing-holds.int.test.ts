import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { billHolds, billingAccounts, bills } from '../../db/schema/billing';
import { contracts } from '../../db/schema/plans';
import { jobs } from '../../db/schema/platform';
import { jstDate } from '../../platform/schedule';
import { startTestApp, type TTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { completeBillingSettings, insertCard } from './bill-fixtures';
import { billMonth, monthBounds, releaseHeldBills } from './bill-run';
import { billingModule } from './billing.module';
import { pdfText } from './pdf-text';

// A bank-transfer invoice tells the customer whom to pay: while the billing settings lack the
// issuer's registration number or the bank account (a fresh database has a placeholder issuer
// and no account), the monthly run issues no bank-transfer bill. It records the month as held,
// MASTER is told so, and the bills are issued the moment the settings are complete; card bills
// are charged as usual meanwhile.

let t: TTestApp;
let call: TSignedInCall;
let db: TDb;

beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  db = t.database.db;
  await db.update(contracts).set({ startDate: '2026-01-01', endDate: '2027-12-31' });
  await db.execute(sql`update contract_plan_periods set valid_from = '2026-01-01'`);
  // Hinode Foods pays by card; everyone else by bank transfer.
  const company = t.fixtures.accounts.company.id;
  await insertCard(db, { accountId: company });
  await db.execute(sql`update payment_cards set is_default = true where account_id = ${company}`);
  await db.insert(billingAccounts).values({ accountId: company, method: 'CARD', provider: 'TEST' });
});
afterAll(async () => t?.close());

const at = (month: string) => monthBounds(month).startsAt;
const billsOfMonth = (month: string) =>
  db
    .select()
    .from(bills)
    .where(eq(bills.month, `${month}-01`));
const settings = async () => (await call('master@example.com', 'GET', '/api/billing/settings')).json().data;

const complete = {
  issuer_name: '株式会社スワイプLP',
  issuer_address: '東京都渋谷区渋谷二丁目21番1号',
  registration_number: 'T9010401123456',
  license_fee: 0,
  bank_name: 'みずほ銀行',
  bank_branch: '渋谷中央支店（店番 210）',
  bank_account_type: 'CHECKING',
  bank_account_number: '7654321',
  bank_account_holder: 'カ）スワイプエルピー',
  notes: '',
  payment_term_days: 30,
};

describe('bank-transfer bills wait for complete billing settings', () => {
  it('a fresh database names what is missing', async () => {
    expect(await settings()).toMatchObject({
      registration_number: 'T0000000000000',
      bank_name: '',
      missing: ['registrationNumber', 'bankName', 'bankBranch', 'bankAccountNumber', 'bankAccountHolder'],
      held: [],
    });
  });

  it('the run issues the card bills and holds the bank-transfer ones, saying so', async () => {
    await billMonth(db, '2026-08', at('2026-09'));
    const august = await billsOfMonth('2026-08');
    expect(august.map((b) => b.accountId)).toEqual([t.fixtures.accounts.company.id]);
    expect(august[0]!.method).toBe('CARD');

    const run = await call('master@example.com', 'POST', '/api/billing/run', { month: '2026-09' });
    expect(run.statusCode).toBe(200);
    const held = run.json().data.held as number;
    expect(held).toBeGreaterThan(0);
    expect(run.json().message).toContain(`${held} bank-transfer bills`);
    expect((await billsOfMonth('2026-09')).every((b) => b.method === 'CARD')).toBe(true);
    expect((await settings()).held).toEqual([
      { month: '2026-08', contracts: held },
      { month: '2026-09', contracts: held },
    ]);
    // No invoice mail goes out for a bill that was not made.
    const mailed = await db
      .select({ billId: sql<string>`${jobs.payload}->>'billId'` })
      .from(jobs)
      .where(eq(jobs.kind, 'billing.invoice-mail'));
    const made = new Set((await db.select({ id: bills.id }).from(bills)).map((b) => b.id));
    expect(mailed.every((m) => made.has(m.billId))).toBe(true);
  });

  it('refuses a registration number that does not exist and an account number that is not 7 digits', async () => {
    const res = await call('master@example.com', 'PUT', '/api/billing/settings', {
      ...complete,
      registration_number: 'T9010401123457',
      bank_account_number: '12345',
      bank_name: '',
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['bank_account_number', 'bank_name', 'registration_number']);
    expect((await settings()).held).toHaveLength(2);
  });

  it('saving complete settings issues the held bills now, with their mails, and the invoice prints the account', async () => {
    const before = Date.now();
    const res = await call('master@example.com', 'PUT', '/api/billing/settings', complete);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ missing: [], held: [] });
    expect(await db.select().from(billHolds)).toEqual([]);

    for (const month of ['2026-08', '2026-09']) {
      const made = await billsOfMonth(month);
      const transfers = made.filter((b) => b.method === 'BANK_TRANSFER');
      expect(transfers.length, month).toBeGreaterThan(0);
      for (const bill of transfers) {
        // Issued when they could be, due a payment term after that.
        expect(bill.issuedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(bill.dueDate).toBe(jstDate(new Date(bill.issuedAt.getTime() + 30 * 86_400_000)));
      }
      const mails = await db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, 'billing.invoice-mail'),
            inArray(
              sql`${jobs.payload}->>'billId'`,
              transfers.map((b) => b.id),
            ),
          ),
        );
      expect(mails).toHaveLength(transfers.length);
    }

    const bill = (await billsOfMonth('2026-09')).find((b) => b.accountId === t.fixtures.accounts.direct.id)!;
    const pdf = await call('direct@example.com', 'GET', `/api/bills/${bill.id}/invoice`, undefined, 'ja');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
    for (const part of [
      '株式会社スワイプLP',
      '登録番号T9010401123456',
      'お振込先',
      'みずほ銀行',
      '渋谷中央支店（店番210）',
      '口座種別当座',
      '口座番号7654321',
      '口座名義カ）スワイプエルピー',
    ])
      expect(text).toContain(part);
  });

  it('the nightly run issues a held month once the settings were completed some other way', async () => {
    await completeBillingSettings(db, { bankAccountHolder: '' });
    await billMonth(db, '2026-10', at('2026-11'));
    expect((await settings()).held.map((h: { month: string }) => h.month)).toEqual(['2026-10']);
    // Still incomplete: nothing is released.
    expect(await releaseHeldBills(db, at('2026-11'))).toBe(0);
    await completeBillingSettings(db);
    expect(await releaseHeldBills(db, new Date())).toBeGreaterThan(0);
    expect((await billsOfMonth('2026-10')).some((b) => b.method === 'BANK_TRANSFER')).toBe(true);
    expect((await settings()).held).toEqual([]);
  });

  it("the demo's settings are complete: its bank-transfer bills are issued, none held", async () => {
    await completeBillingSettings(db, { bankName: '' });
    // The demo gives Hinode its card itself.
    await db.execute(sql`delete from payment_cards`);
    await db.execute(sql`delete from billing_accounts`);
    await billingModule.demoSeed!({ db } as Parameters<NonNullable<typeof billingModule.demoSeed>>[0]);
    expect(await settings()).toMatchObject({ missing: [], held: [], registration_number: 'T9010401123456' });
    const transfers = await db.select().from(bills).where(eq(bills.method, 'BANK_TRANSFER'));
    expect(transfers.length).toBeGreaterThan(0);
  });

  it('settings are for MASTER only', async () => {
    expect((await call('oem@example.com', 'GET', '/api/billing/settings')).statusCode).toBe(403);
    expect((await call('direct@example.com', 'PUT', '/api/billing/settings', complete)).statusCode).toBe(403);
  });
});
