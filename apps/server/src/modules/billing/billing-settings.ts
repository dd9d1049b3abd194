import {
  missingBillingSettings,
  type TBankAccountType,
  type TBillingSettings,
  type TBillingSettingsState,
} from '@swipe/contracts/billing';
import { asc, eq } from 'drizzle-orm';
import { billHolds, billingSettings } from '../../db/schema/billing';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext, TCaller } from '../../platform/context';
import { releaseHeldBills } from './bill-run';

// The platform's billing settings (one row): the issuer and its qualified-invoice registration
// number, the bank account bank-transfer bills are paid to, the license fee, the payment term.
// Saving settings that are complete issues the bank-transfer bills the monthly run held back.

/** The settings as stored: empty texts where nothing has been entered yet. */
export async function readSettings(db: TDbOrTx): Promise<TBillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return {
    issuerName: row?.issuerName ?? '',
    issuerAddress: row?.issuerAddress ?? '',
    registrationNumber: row?.registrationNumber ?? '',
    licenseFee: row?.licenseFee ?? 0,
    bankName: row?.bankName ?? '',
    bankBranch: row?.bankBranch ?? '',
    bankAccountType: (row?.bankAccountType ?? 'ORDINARY') as TBankAccountType,
    bankAccountNumber: row?.bankAccountNumber ?? '',
    bankAccountHolder: row?.bankAccountHolder ?? '',
    notes: row?.notes ?? '',
    paymentTermDays: row?.paymentTermDays ?? 30,
  };
}

/** The settings, what is still missing from them, and the months waiting for them. */
export async function settingsState(db: TDbOrTx): Promise<TBillingSettingsState> {
  const settings = await readSettings(db);
  const held = await db
    .select({ month: billHolds.month, contracts: billHolds.contracts })
    .from(billHolds)
    .orderBy(asc(billHolds.month));
  return {
    ...settings,
    missing: missingBillingSettings(settings),
    held: held.map((h) => ({ month: h.month.slice(0, 7), contracts: h.contracts })),
  };
}

export async function saveSettings(ctx: TAppContext, opts: { caller: TCaller; settings: TBillingSettings }) {
  const values = { ...opts.settings, updatedAt: new Date(), updatedBy: opts.caller.userId };
  await ctx.db
    .insert(billingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: billingSettings.id, set: values });
  // Complete now: the held bank-transfer bills are issued today, their mails sent by the worker.
  if ((await releaseHeldBills(ctx.db)) > 0) ctx.nudgeJobs();
  return settingsState(ctx.db);
}
