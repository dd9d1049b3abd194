import { eq } from 'drizzle-orm';
import {
  billEvents,
  billHolds,
  billingAccounts,
  billingSettings,
  bills,
  contractPlanPeriods,
  paymentCards,
} from '../../db/schema/billing';
import { defineModule } from '../../platform/module';
import { databaseNow, nextJstMidnight } from '../../platform/schedule';
import { billMonth, previousMonth, releaseHeldBills } from './bill-run';
import { chargeBill, mailInvoice } from './billing.service';
import { seedDemoBilling } from './demo-billing';
import addCard from './routes/add-card';
import exportBillsCsv from './routes/export-bills-csv';
import forceCompleteBill from './routes/force-complete-bill';
import getBill from './routes/get-bill';
import getBillInvoice from './routes/get-bill-invoice';
import getBillingSettings from './routes/get-billing-settings';
import listBills from './routes/list-bills';
import listCards from './routes/list-cards';
import listOutstandingBills from './routes/list-outstanding-bills';
import markBillPaid from './routes/mark-bill-paid';
import payBill from './routes/pay-bill';
import removeCard from './routes/remove-card';
import runBilling from './routes/run-billing';
import setDefaultCard from './routes/set-default-card';
import setPaymentMethod from './routes/set-payment-method';
import setupCard from './routes/setup-card';
import stripeWebhook from './routes/stripe-webhook';
import tokenizeTestCard from './routes/tokenize-test-card';
import updateBillingSettings from './routes/update-billing-settings';
import voidBill from './routes/void-bill';

// Billing: the monthly run (every JST midnight it bills the month before for the contracts
// not billed yet, so a missed 1st is made up the next night, and the months held for incomplete
// billing settings once they are complete), invoices, card and bank-transfer payments, and the
// billing settings.

export const billingModule = defineModule({
  name: 'billing',
  routes: [
    listBills,
    listOutstandingBills,
    exportBillsCsv,
    getBill,
    getBillInvoice,
    markBillPaid,
    forceCompleteBill,
    voidBill,
    payBill,
    listCards,
    setupCard,
    tokenizeTestCard,
    addCard,
    removeCard,
    setDefaultCard,
    setPaymentMethod,
    getBillingSettings,
    updateBillingSettings,
    runBilling,
    stripeWebhook,
  ],
  tables: [bills, billEvents, billingAccounts, paymentCards, billingSettings, billHolds, contractPlanPeriods],
  jobs: (ctx) => ({
    'billing.invoice-mail': async (payload) => {
      await mailInvoice(ctx, String(payload.billId));
    },
    'billing.charge': async (payload) => {
      const billId = String(payload.billId);
      const attempt = Number(payload.attempt ?? 1);
      const [bill] = await ctx.db
        .select({ status: bills.status, attempts: bills.chargeAttempts })
        .from(bills)
        .where(eq(bills.id, billId));
      // Paid, settled or already tried by hand since this try was queued: nothing to do.
      if (!bill || (bill.attempts >= attempt && bill.status !== 'PROCESSING')) return;
      await chargeBill(ctx, { billId });
    },
  }),
  recurring: (ctx) => [
    {
      kind: 'billing.monthly-run',
      next: nextJstMidnight,
      run: async () => {
        const now = await databaseNow(ctx.db);
        await billMonth(ctx.db, previousMonth(now), now);
        await releaseHeldBills(ctx.db, now);
        ctx.nudgeJobs();
      },
    },
  ],
  demoSeed: seedDemoBilling,
});
