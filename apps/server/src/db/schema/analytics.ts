import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// SPEC 2 swipe analytics, DESIGN 6: visit events are written in batches to one raw table (so it
// can move to ClickHouse later without changing the query functions). No foreign key: a burst of
// events must never wait on a lock of the sites table, and a deleted site's events are purged by
// its id.

/**
 * One visitor event. `visitId` is random per page load (no cookie), `seq` numbers the visit's
 * events so a beacon sent twice is stored once (unique index). Types: VIEW (page shown), SWIPE
 * (from -> page), DWELL (ms on page), CLICK (target: LINK, CTA, PRODUCT, MENU, SNS, COMPANY),
 * LANG (language chosen).
 */
export const siteEvents = pgTable(
  'site_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: uuid('site_id').notNull(),
    visitId: varchar('visit_id', { length: 32 }).notNull(),
    seq: integer('seq').notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    page: varchar('page', { length: 8 }).notNull(),
    fromPage: varchar('from_page', { length: 8 }),
    target: varchar('target', { length: 16 }),
    targetId: varchar('target_id', { length: 64 }),
    dwellMs: integer('dwell_ms'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_events_site_time_idx').on(t.siteId, t.occurredAt),
    uniqueIndex('site_events_visit_seq_unique').on(t.siteId, t.visitId, t.seq),
  ],
);

/** Popup CTA clicks per site and kind (SPEC 3 numberClicks; applicantLimit counts down from it). */
export const siteCtaCounters = pgTable(
  'site_cta_counters',
  {
    siteId: uuid('site_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.kind] })],
);

/**
 * Who has been counted against a site's popup CTA applicant limit: one row per visitor (their
 * first-party cookie, or the visit before they have one), so repeated clicks count once.
 */
export const siteCtaApplicants = pgTable(
  'site_cta_applicants',
  {
    siteId: uuid('site_id').notNull(),
    visitorKey: varchar('visitor_key', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.visitorKey] })],
);

/**
 * VIEW events per site, moved by the event writer with every batch it stores (DESIGN 6: screens
 * read rollups): the site list shows a page of sites' views without counting their raw events.
 */
export const siteViewCounts = pgTable('site_view_counts', {
  siteId: uuid('site_id').primaryKey(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
