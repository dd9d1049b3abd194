import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { contracts, plans } from './plans';

// Billing (payments and invoices). A bill is one contract's month: its fees are copied at
// billing time (a later plan edit or settings change never rewrites an issued invoice). Its
// status moves only along BILL_TRANSITIONS (contracts/billing.ts), each move a conditional
// UPDATE plus a row of bill_events (who, when, why).

/**
 * Which plan version a contract held from which day. Plan changes take effect on the 1st (JST),
 * so the plan of a month is the period holding its last day; written when a contract is made
 * and when its pending plan is applied, whichever job runs first on the 1st.
 */
export const contractPlanPeriods = pgTable(
  'contract_plan_periods',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    validFrom: date('valid_from').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.validFrom] })],
);

export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The invoice number: INV-YYYYMM-NNNNNN. */
    number: varchar('number', { length: 32 }).notNull(),
    /** The contract's holder, to whom the bill is addressed. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    /** The first day of the month billed. */
    month: date('month').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    planName: varchar('plan_name', { length: 128 }).notNull(),
    planVersion: integer('plan_version').notNull(),
    recipientName: varchar('recipient_name', { length: 256 }).notNull(),
    blocksUsed: integer('blocks_used').notNull().default(0),
    pageViews: integer('page_views').notNull().default(0),
    pageViewLimit: integer('page_view_limit').notNull(),
    pageViewPrice: integer('page_view_price').notNull(),
    planFee: integer('plan_fee').notNull(),
    pageViewFee: integer('page_view_fee').notNull(),
    licenseFee: integer('license_fee').notNull(),
    initialFee: integer('initial_fee').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('UNPAID'),
    /** The provider that charges it ('TEST' or 'STRIPE'), set on the first charge. */
    provider: varchar('provider', { length: 16 }),
    providerPaymentId: varchar('provider_payment_id', { length: 128 }),
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    failureMessage: text('failure_message'),
    /** The last charge's failure as the provider's code (card_declined, insufficient_funds, ...): what people read is the catalogue's text for it. */
    failureCode: varchar('failure_code', { length: 64 }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_contract_month_unique').on(t.contractId, t.month),
    uniqueIndex('bills_number_unique').on(t.number),
    index('bills_account_month_idx').on(t.accountId, t.month),
    index('bills_month_status_idx').on(t.month, t.status),
    // The summary dashboard sums the bills paid in a range of months.
    index('bills_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'PAID'`),
  ],
);

/** The audit trail of a bill: every status move, with who, when and why. */
export const billEvents = pgTable(
  'bill_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    /** RUN (the monthly run), USER, CHARGE (a charge's answer) or WEBHOOK. */
    source: varchar('source', { length: 16 }).notNull(),
    reason: text('reason'),
    /** The provider's code of a failed charge (card_declined…), read out in the reader's language. */
    failureCode: varchar('failure_code', { length: 64 }),
    /** The provider's event id of a webhook: a replayed event finds it and moves nothing. */
    providerEventId: varchar('provider_event_id', { length: 128 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bill_events_bill_idx').on(t.billId, t.id),
    uniqueIndex('bill_events_provider_event_unique').on(t.providerEventId),
  ],
);

/** An account's payment setup: its customer at the provider and how it pays. */
export const billingAccounts = pgTable('billing_accounts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  method: varchar('method', { length: 16 }).notNull().default('BANK_TRANSFER'),
  provider: varchar('provider', { length: 16 }),
  providerCustomerId: varchar('provider_customer_id', { length: 128 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Saved cards: only what the provider tells about them (brand, last four digits, expiry). */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's id of the card (a Stripe PaymentMethod, a test-mode card token). */
    providerCardId: varchar('provider_card_id', { length: 512 }).notNull(),
    brand: varchar('brand', { length: 32 }).notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('payment_cards_account_idx').on(t.accountId)],
);

/** The platform's billing settings (one row): issuer, registration number, license fee, bank. */
export const billingSettings = pgTable('billing_settings', {
  id: smallint('id').primaryKey().default(1),
  issuerName: varchar('issuer_name', { length: 256 }).notNull(),
  issuerAddress: varchar('issuer_address', { length: 512 }).notNull().default(''),
  registrationNumber: varchar('registration_number', { length: 14 }).notNull(),
  licenseFee: integer('license_fee').notNull().default(0),
  /** The account bank-transfer bills are paid to (all required before such a bill is issued). */
  bankName: varchar('bank_name', { length: 128 }).notNull().default(''),
  bankBranch: varchar('bank_branch', { length: 128 }).notNull().default(''),
  /** ORDINARY (普通), CHECKING (当座) or SAVINGS (貯蓄). */
  bankAccountType: varchar('bank_account_type', { length: 16 }).notNull().default('ORDINARY'),
  bankAccountNumber: varchar('bank_account_number', { length: 7 }).notNull().default(''),
  bankAccountHolder: varchar('bank_account_holder', { length: 128 }).notNull().default(''),
  notes: text('notes').notNull().default(''),
  paymentTermDays: integer('payment_term_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/**
 * Months whose bank-transfer bills the monthly run held back because the billing settings were
 * incomplete (no issuer, registration number or bank account to print): the bills are made as
 * soon as the settings are complete (on saving them, or by the next nightly run), then the row goes.
 */
export const billHolds = pgTable('bill_holds', {
  /** The first day of the month held. */
  month: date('month').primaryKey(),
  /** How many contracts' bills wait, as the last run counted them. */
  contracts: integer('contracts').notNull(),
  heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
});
