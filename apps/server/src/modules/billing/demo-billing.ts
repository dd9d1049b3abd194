import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import {
  billEvents,
  billingAccounts,
  billingSettings,
  bills,
  contractPlanPeriods,
  paymentCards,
} from '../../db/schema/billing';
import { contracts } from '../../db/schema/plans';
import type { TDemoSeed } from '../../platform/module';
import { JST_OFFSET_MS } from '../../platform/schedule';
import { billMonth, monthBounds } from './bill-run';
import { demoCardToken } from './test-provider';

/**
 * The demo's last six months of bills (a history for the summary's MRR and cash received), made
 * by the monthly run itself as each 1st would: Hinode Foods pays by a test card that succeeds,
 * Sakura Agency by one that is declined (its last bill fails when the job worker charges it), the
 * others by bank transfer, received for all but Aozora's last month.
 */
export async function seedDemoBilling(demo: TDemoSeed) {
  // The monthly run takes the database itself (it opens its own transaction).
  const db = demo.db as TDb;
  // The issuer and the account transfers go to, as every invoice prints them (fictitious, with
  // a registration number whose check digit is right).
  await db
    .update(billingSettings)
    .set({
      issuerName: '株式会社スワイプLP',
      issuerAddress: '〒150-0002\n東京都渋谷区渋谷二丁目21番1号',
      registrationNumber: 'T9010401123456',
      bankName: 'みずほ銀行',
      bankBranch: '渋谷中央支店（店番 210）',
      bankAccountType: 'ORDINARY',
      bankAccountNumber: '1234567',
      bankAccountHolder: 'カ）スワイプエルピー',
      notes: 'お振込手数料は貴社にてご負担ください。',
    })
    .where(eq(billingSettings.id, 1));
  const now = new Date();
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  const monthsBack = (n: number) =>
    new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
  // The demo contracts start today; they are moved back so they ran in the months billed.
  const started = `${monthsBack(6)}-01`;
  await db
    .update(contracts)
    .set({ startDate: started })
    .where(and(eq(contracts.status, 'ACTIVE'), sql`${contracts.startDate} > ${started}::date`));
  // Each has held its present plan since it started (the demo switches plans by hand at seed
  // time, which would otherwise read as a change today), and its company exists since then.
  await db.delete(contractPlanPeriods);
  await db.execute(sql`insert into contract_plan_periods (contract_id, valid_from, plan_id)
    select id, start_date, plan_id from contracts`);
  await db.execute(sql`update accounts a set created_at = (c.start_date::timestamp at time zone 'UTC') - interval '9 hours'
    from contracts c where c.account_id = a.id and c.start_date < a.created_at::date`);
  await db
    .update(contracts)
    .set({ initialCreativeFee: true, licenseIssued: true })
    .where(
      inArray(
        contracts.accountId,
        db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Hinode Foods Inc.')),
      ),
    );

  const accountOf = async (name: string) =>
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name)))[0]?.id;
  const hinode = await accountOf('Hinode Foods Inc.');
  const sakura = await accountOf('Sakura Agency (OEM)');
  const cards: [string | undefined, string, string][] = [
    [hinode, '4242', 'hinode'],
    [sakura, '0002', 'sakura'],
  ];
  for (const [accountId, last4, name] of cards) {
    if (!accountId) continue;
    await db.insert(billingAccounts).values({
      accountId,
      method: 'CARD',
      provider: 'TEST',
      providerCustomerId: `cus_test_${accountId}`,
    });
    await db.insert(paymentCards).values({
      accountId,
      provider: 'TEST',
      providerCardId: demoCardToken(last4, `demo-${name}`),
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: jst.getUTCFullYear() + 3,
      isDefault: true,
    });
  }

  for (const back of [6, 5, 4, 3, 2, 1]) {
    const month = monthsBack(back);
    const runAt = monthBounds(monthsBack(back - 1)).startsAt;
    await billMonth(db, month, runAt);
    const made = await db
      .select({ id: bills.id, accountId: bills.accountId, method: bills.method })
      .from(bills)
      .where(eq(bills.month, `${month}-01`));
    const paidAt = new Date(runAt.getTime() + (back === 1 ? 2 : 5) * 86_400_000);
    for (const bill of made) {
      // The last month stays as the worker leaves it: Hinode's card charge succeeds, Sakura's is
      // declined, and Aozora has not transferred yet.
      if (back === 1 && (bill.method === 'CARD' || bill.accountId === (await accountOf('Aozora Cosmetics'))))
        continue;
      const card = bill.method === 'CARD';
      await db
        .update(bills)
        .set({
          status: 'PAID',
          paidAt,
          ...(card
            ? {
                provider: 'TEST',
                chargeAttempts: 1,
                providerPaymentId: `pi_test_demo_${bill.id.slice(0, 8)}`,
              }
            : {}),
        })
        .where(eq(bills.id, bill.id));
      await db.insert(billEvents).values(
        card
          ? [
              {
                billId: bill.id,
                fromStatus: 'UNPAID',
                toStatus: 'PROCESSING',
                source: 'CHARGE',
                createdAt: runAt,
              },
              {
                billId: bill.id,
                fromStatus: 'PROCESSING',
                toStatus: 'PAID',
                source: 'CHARGE',
                createdAt: runAt,
              },
            ]
          : [
              {
                billId: bill.id,
                fromStatus: 'UNPAID',
                toStatus: 'PAID',
                source: 'USER',
                reason: 'Bank transfer received',
                createdAt: paidAt,
              },
            ],
      );
    }
  }
  // The charges of the bills settled above are not run again (their jobs find them paid); the
  // invoice mails of the older months are not sent again on a fresh machine.
  await db.execute(sql`delete from jobs where kind = 'billing.invoice-mail'
    and payload->>'billId' in (select id::text from bills where status = 'PAID')`);
}
