import type { TWebhookDeliveryStatus } from '@swipe/contracts/webhooks';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { sites } from './sites';

// Conversion webhooks: the HTTPS endpoints a site's conversions are POSTed to, and one
// row per event and endpoint recording every attempt (the console's delivery log). The sending
// itself runs from the durable job queue (platform/jobs.ts), one job per delivery.

export const siteWebhooks = pgTable(
  'site_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    /** The HMAC key of the signature (random, 32 bytes as hex with a prefix). */
    secret: varchar('secret', { length: 80 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_webhooks_site_url_unique').on(t.siteId, t.url)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => siteWebhooks.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    /** The event's id: the same on every attempt, so a receiver can drop a repeat. */
    eventId: uuid('event_id').notNull(),
    /** MEMBER, CONTACT, FORM, SURVEY or TEST. */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** The JSON body, fixed when the delivery is made (every attempt sends the same bytes). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 10 }).$type<TWebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: smallint('attempts').notNull().default(0),
    responseStatus: smallint('response_status'),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
);

/** Test mode: what `.test` webhook URLs received (the /dev/webhooks page), demo servers only. */
export const webhookTestInbox = pgTable('webhook_test_inbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: varchar('url', { length: 2048 }).notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull(),
  body: text('body').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
