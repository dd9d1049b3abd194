import type {
  TNoticeAudience,
  TNoticeKind,
  TNoticeState,
  TPublication,
} from '@swipe/contracts/communications';
import type { TMediaRef, TSiteLanguage } from '@swipe/contracts/sites';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { sites } from './sites';

// Communications: latest information and notification deliveries are one table of
// notices (kind NEWS or DELIVERY) shown on the sites of `notice_sites`, so a published page reads
// both in one query; system notifications go to operators by audience, with a read mark per user.
// What an author sets is `state`; the status a list shows is derived from it and the dates.

const noticeColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  title: varchar('title', { length: 100 }).notNull(),
  linkUrl: varchar('link_url', { length: 256 }).notNull().default(''),
  content: varchar('content', { length: 200 }).notNull(),
  image: jsonb('image').$type<TMediaRef>(),
  publication: varchar('publication', { length: 16 }).$type<TPublication>().notNull(),
  /** The scheduled start (SCHEDULED only). */
  startAt: timestamp('start_at', { withTimezone: true }),
  endAt: timestamp('end_at', { withTimezone: true }),
  state: varchar('state', { length: 16 }).$type<TNoticeState>().notNull(),
  /** When it was first published: an IMMEDIATE item shows from here. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const notices = pgTable(
  'notices',
  {
    ...noticeColumns,
    kind: varchar('kind', { length: 16 }).$type<TNoticeKind>().notNull(),
    /** Whose it is: news, the author's account (its subtree sees it); a delivery, its site's account. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** A delivery's site (news: null, its sites are in notice_sites). */
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    postedDate: date('posted_date').notNull(),
    /** Site languages it shows in; empty: all. */
    languages: text('languages').array().$type<TSiteLanguage[]>().notNull().default([]),
    /** A delivery: when the delivery job sent it (pushed to subscribers). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_account_idx').on(t.accountId, t.kind, t.createdAt),
    index('notices_site_idx').on(t.siteId),
  ],
);

/** The sites a notice shows on (a delivery: its one site). */
export const noticeSites = pgTable(
  'notice_sites',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.siteId] }), index('notice_sites_site_idx').on(t.siteId)],
);

export const systemNotifications = pgTable('system_notifications', {
  ...noticeColumns,
  /** The author's account (the platform's): its image is that account's file. */
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  audiences: text('audiences').array().$type<TNoticeAudience[]>().notNull(),
});

export const systemNotificationReads = pgTable(
  'system_notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => systemNotifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('system_notification_reads_user_idx').on(t.userId),
  ],
);

/** A visitor's browser that asked for a site's notifications (Web Push). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 1000 }).notNull().unique(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    lang: varchar('lang', { length: 2 }).$type<TSiteLanguage>(),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_site_idx').on(t.siteId)],
);

/** Secrets the platform makes once and every process shares (the VAPID key pair). */
export const platformSecrets = pgTable('platform_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
