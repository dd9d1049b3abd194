import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { billingSettings, bills, paymentCards } from '../../db/schema/billing';
import { contracts, plans } from '../../db/schema/plans';

// Test fixtures: a bill of an account's contract and a saved card, written straight to the
// tables (the monthly run and the card flow have tests of their own).

let sequence = 0;

export async function insertBill(
  db: TDb,
  opts: { accountId: string; month?: string; status?: string; total?: number },
) {
  const [row] = await db
    .select({ contract: contracts, plan: plans, name: accounts.name })
    .from(contracts)
    .innerJoin(plans, eq(plans.id, contracts.planId))
    .innerJoin(accounts, eq(accounts.id, contracts.accountId))
    .where(eq(contracts.accountId, opts.accountId));
  if (!row) throw new Error(`insertBill: account ${opts.accountId} has no contract`);
  const subtotal = opts.total ?? row.plan.price;
  // One bill per contract and month: each fixture bill of a contract gets a month of its own.
  const n = ++sequence;
  const month = opts.month ?? `${2000 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  const [bill] = await db
    .insert(bills)
    .values({
      number: `INV-TEST-${String(n).padStart(6, '0')}-${randomUUID().slice(0, 4)}`,
      accountId: opts.accountId,
      contractId: row.contract.id,
      month: `${month}-01`,
      planId: row.plan.id,
      planName: row.plan.name,
      planVersion: row.plan.version,
      recipientName: row.name,
      pageViewLimit: row.plan.limitAccess,
      pageViewPrice: row.plan.limitAccessPrice,
      planFee: subtotal,
      pageViewFee: 0,
      licenseFee: 0,
      initialFee: 0,
      subtotal,
      tax: Math.floor(subtotal / 10),
      total: subtotal + Math.floor(subtotal / 10),
      method: 'BANK_TRANSFER',
      status: opts.status ?? 'UNPAID',
      dueDate: '2026-02-28',
    })
    .returning();
  return bill!;
}

export async function insertCard(db: TDb, opts: { accountId: string; last4?: string }) {
  const [card] = await db
    .insert(paymentCards)
    .values({
      accountId: opts.accountId,
      provider: 'TEST',
      providerCardId: `tok_demo_${opts.last4 ?? '4242'}_${randomUUID().slice(0, 8)}`,
      brand: 'visa',
      last4: opts.last4 ?? '4242',
      expMonth: 12,
      expYear: 2099,
    })
    .returning();
  return card!;
}

/** Billing settings complete enough to issue bank-transfer invoices (the demo's). */
export async function completeBillingSettings(
  db: TDb,
  set: Partial<typeof billingSettings.$inferInsert> = {},
) {
  await db
    .update(billingSettings)
    .set({
      issuerName: '株式会社スワイプLP',
      registrationNumber: 'T9010401123456',
      bankName: 'みずほ銀行',
      bankBranch: '渋谷中央支店',
      bankAccountType: 'ORDINARY',
      bankAccountNumber: '1234567',
      bankAccountHolder: 'カ）スワイプエルピー',
      ...set,
    })
    .where(eq(billingSettings.id, 1));
}
