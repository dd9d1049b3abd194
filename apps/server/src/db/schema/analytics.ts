import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// Swipe analytics: visit events are written in batches to one raw table (so it
// can move to ClickHouse later without changing the query functions). No foreign key: a burst of
// events must never wait on a lock of the sites table, and a deleted site's events are purged by
// its id.

/**
 * One visitor event. `visitId` is random per page load, `seq` numbers the visit's events so a
 * beacon sent twice is stored once (unique index). Types: VIEW (page shown; `ordinal` n on the
 * first view of the visit's n-th distinct page), SWIPE (from -> page), DWELL (ms on page),
 * CLICK (target: LINK, CTA, PRODUCT, MENU, SNS, COMPANY), TAP (x, y in thousandths of the
 * creative), LANG (language chosen), CONV (a conversion of the visit: target MEMBER, CONTACT,
 * FORM or SURVEY, page = the visit's entry page).
 *
 * Partitioned by month of `occurred_at` (migration 0007; the partitions are made ahead and
 * dropped after the retention by the analytics module's job), so the unique key and the primary
 * key carry `occurred_at`.
 */
export const siteEvents = pgTable(
  'site_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    siteId: uuid('site_id').notNull(),
    visitId: varchar('visit_id', { length: 32 }).notNull(),
    seq: integer('seq').notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    /** PHONE, TABLET or DESKTOP. */
    device: varchar('device', { length: 8 }).notNull().default('PHONE'),
    page: varchar('page', { length: 8 }).notNull(),
    fromPage: varchar('from_page', { length: 8 }),
    target: varchar('target', { length: 16 }),
    targetId: varchar('target_id', { length: 64 }),
    dwellMs: integer('dwell_ms'),
    ordinal: smallint('ordinal'),
    x: smallint('x'),
    y: smallint('y'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.occurredAt] }),
    index('site_events_site_time_idx').on(t.siteId, t.occurredAt),
    uniqueIndex('site_events_visit_seq_unique').on(t.siteId, t.visitId, t.seq, t.occurredAt),
  ],
);

/**
 * One row per visit, written with its entry event: who (a first-party random visitor id, never
 * an address), from where (referrer host, UTM) and on what. Deleted after the retention.
 */
export const siteVisits = pgTable(
  'site_visits',
  {
    siteId: uuid('site_id').notNull(),
    visitId: varchar('visit_id', { length: 32 }).notNull(),
    visitorId: varchar('visitor_id', { length: 32 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    device: varchar('device', { length: 8 }).notNull(),
    entryPage: varchar('entry_page', { length: 8 }).notNull(),
    referrerHost: varchar('referrer_host', { length: 255 }),
    utmSource: varchar('utm_source', { length: 100 }),
    utmMedium: varchar('utm_medium', { length: 100 }),
    utmCampaign: varchar('utm_campaign', { length: 100 }),
    /** The ad click that brought the visit: GOOGLE, META, YAHOO, TIKTOK or LINE, and its id. */
    adNetwork: varchar('ad_network', { length: 8 }),
    adClickId: varchar('ad_click_id', { length: 255 }),
    /** The variation of a running experiment the visit was shown, if any. */
    variationId: uuid('variation_id'),
    /** The experiment goals the visit reached (GOAL_BITS of contracts/experiments), for its results. */
    goals: smallint('goals').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.visitId] }),
    index('site_visits_started_idx').on(t.startedAt),
    index('site_visits_variation_idx').on(t.variationId).where(sql`${t.variationId} is not null`),
  ],
);

// --- rollups, moved with every batch of new events (screens never read raw events).
// `day` is the JST date of the event; `device` PHONE, TABLET or DESKTOP; `lang` the site language.

const rollupKey = {
  siteId: uuid('site_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  lang: varchar('lang', { length: 2 }).notNull(),
  device: varchar('device', { length: 8 }).notNull(),
};

/** Per page and day: views, visits reaching it (first view), entries, exits, dwell (sum and buckets), clicks and taps. */
export const analyticsPageDays = pgTable(
  'analytics_page_days',
  {
    ...rollupKey,
    page: varchar('page', { length: 8 }).notNull(),
    views: integer('views').notNull().default(0),
    reached: integer('reached').notNull().default(0),
    entries: integer('entries').notNull().default(0),
    /** Visits whose last page this is (a swipe moves the exit from its origin to its target). */
    exits: integer('exits').notNull().default(0),
    dwellMs: bigint('dwell_ms', { mode: 'number' }).notNull().default(0),
    dwells: integer('dwells').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    taps: integer('taps').notNull().default(0),
    /** Dwell times in fixed buckets (DWELL_BUCKETS_MS; the last is open), for medians. */
    dwell0: integer('dwell_0').notNull().default(0),
    dwell1: integer('dwell_1').notNull().default(0),
    dwell2: integer('dwell_2').notNull().default(0),
    dwell3: integer('dwell_3').notNull().default(0),
    dwell4: integer('dwell_4').notNull().default(0),
    dwell5: integer('dwell_5').notNull().default(0),
    dwell6: integer('dwell_6').notNull().default(0),
    dwell7: integer('dwell_7').notNull().default(0),
    dwell8: integer('dwell_8').notNull().default(0),
    dwell9: integer('dwell_9').notNull().default(0),
    dwell10: integer('dwell_10').notNull().default(0),
    dwell11: integer('dwell_11').notNull().default(0),
    dwell12: integer('dwell_12').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lang, t.device, t.page] })],
);

/** Swipes from page to page per day. */
export const analyticsSwipeDays = pgTable(
  'analytics_swipe_days',
  {
    ...rollupKey,
    fromPage: varchar('from_page', { length: 8 }).notNull(),
    toPage: varchar('to_page', { length: 8 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lang, t.device, t.fromPage, t.toPage] })],
);

/** Clicks per page, target and target id ('' when none) per day. */
export const analyticsClickDays = pgTable(
  'analytics_click_days',
  {
    ...rollupKey,
    page: varchar('page', { length: 8 }).notNull(),
    target: varchar('target', { length: 16 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lang, t.device, t.page, t.target, t.targetId] })],
);

/** Taps per page per day in a TAP_GRID x TAP_GRID grid over the creative (cell = row * grid + column). */
export const analyticsTapDays = pgTable(
  'analytics_tap_days',
  {
    ...rollupKey,
    page: varchar('page', { length: 8 }).notNull(),
    cell: smallint('cell').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lang, t.device, t.page, t.cell] })],
);

/** Visits per day: started, engaged (reached a second page), and conversions by kind. */
export const analyticsVisitDays = pgTable(
  'analytics_visit_days',
  {
    ...rollupKey,
    visits: integer('visits').notNull().default(0),
    engaged: integer('engaged').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lang, t.device] })],
);

/** Conversions per day, by kind and the entry page of their visit. */
export const analyticsConversionDays = pgTable(
  'analytics_conversion_days',
  {
    ...rollupKey,
    entryPage: varchar('entry_page', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lang, t.device, t.entryPage, t.kind] })],
);

/**
 * Visits per day by where they came from, and the conversions of those visits by kind (counted
 * on the day of the conversion): `network` is the ad network of the visit's click id ('' for
 * none), `source` its utm_source or else its referrer's host ('' for a direct visit), `medium` and
 * `campaign` its utm_medium and utm_campaign ('' when absent).
 */
export const analyticsSourceDays = pgTable(
  'analytics_source_days',
  {
    ...rollupKey,
    network: varchar('network', { length: 8 }).notNull(),
    source: varchar('source', { length: 255 }).notNull(),
    medium: varchar('medium', { length: 100 }).notNull(),
    campaign: varchar('campaign', { length: 100 }).notNull(),
    visits: integer('visits').notNull().default(0),
    member: integer('member').notNull().default(0),
    contact: integer('contact').notNull().default(0),
    form: integer('form').notNull().default(0),
    survey: integer('survey').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'analytics_source_days_pk',
      columns: [t.siteId, t.day, t.lang, t.device, t.network, t.source, t.medium, t.campaign],
    }),
  ],
);

/** Which visitors came on a day (unique visitors over any range: a count of distinct ids here). */
export const analyticsVisitorDays = pgTable(
  'analytics_visitor_days',
  {
    ...rollupKey,
    visitorId: varchar('visitor_id', { length: 32 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lang, t.device, t.visitorId] })],
);

/** Page views per account and JST month: the usage Check Plan shows and billing charges. */
export const accountPageViews = pgTable(
  'account_page_views',
  {
    accountId: uuid('account_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

/** Popup CTA clicks per site and kind (numberClicks; applicantLimit counts down from it). */
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
 * VIEW events per site, moved by the event writer with every batch it stores (screens read
 * rollups): the site list shows a page of sites' views without counting their raw events.
 */
export const siteViewCounts = pgTable('site_view_counts', {
  siteId: uuid('site_id').primaryKey(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every table holding a site's visits or their rollups: they go with the site. */
/** The daily rollups of a site's visits (the analytics module's). */
export const SITE_ROLLUP_TABLES = [
  analyticsPageDays,
  analyticsSwipeDays,
  analyticsClickDays,
  analyticsTapDays,
  analyticsVisitDays,
  analyticsConversionDays,
  analyticsSourceDays,
  analyticsVisitorDays,
] as const;

export const SITE_VISIT_TABLES = [
  siteEvents,
  siteVisits,
  ...SITE_ROLLUP_TABLES,
  siteCtaCounters,
  siteCtaApplicants,
  siteViewCounts,
] as const;
