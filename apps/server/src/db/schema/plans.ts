import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

// Plans. A plan is versioned: editing one writes a new row with the same code and the
// next version, so contracts keep pointing at the version they signed.
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 32 }).notNull(),
    version: integer('version').notNull().default(1),
    tier: varchar('tier', { length: 16 }).notNull(),
    multilingual: boolean('multilingual').notNull().default(false),
    name: varchar('name', { length: 128 }).notNull(),
    price: integer('price').notNull(),
    quantitySwipe: integer('quantity_swipe').notNull(),
    quantitySite: integer('quantity_site').notNull(),
    limitAccess: integer('limit_access').notNull(),
    limitAccessPrice: integer('limit_access_price').notNull(),
    swipe: boolean('swipe').notNull().default(true),
    privateDomain: boolean('private_domain').notNull().default(false),
    settingPopupCta: boolean('setting_popup_cta').notNull().default(false),
    settingFormContact: boolean('setting_form_contact').notNull().default(false),
    analyticsEffect: boolean('analytics_effect').notNull().default(false),
    settingTagSeo: boolean('setting_tag_seo').notNull().default(false),
    multiLanguage: boolean('multi_language').notNull().default(false),
    isCurrent: boolean('is_current').notNull().default(true),
    /** Set when plan management withdraws a plan: no new contracts, existing ones keep it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_code_version_unique').on(t.code, t.version)],
);

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    status: varchar('status', { length: 16 }).notNull().default('ACTIVE'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    // A plan change waits for the first day of the next month (JST).
    pendingPlanId: uuid('pending_plan_id').references(() => plans.id),
    pendingPlanFrom: date('pending_plan_from'),
    licenseIssued: boolean('license_issued').notNull().default(false),
    /** The contract includes the initial creative fee, billed once on its first bill. */
    initialCreativeFee: boolean('initial_creative_fee').notNull().default(false),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    /** When the contract-end job unpublished all the account's sites. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_account_unique').on(t.accountId),
    index('contracts_status_idx').on(t.status),
  ],
);
