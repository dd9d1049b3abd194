import type { TCampaignInput } from '@swipe/contracts/campaigns';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sites } from './sites';

// Campaigns of a site: the designer's document (names, background, items)
// in one row, its dates beside it for the published page's "active today" lookup, and the
// clicks counted per item, once per visit.

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    document: jsonb('document').$type<TCampaignInput>().notNull(),
    /** JST days, both inclusive. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_site_idx').on(t.siteId, t.startDate)],
);

/** Clicks per campaign item (a banner or button id), kept as items are clicked. */
export const campaignItemClicks = pgTable(
  'campaign_item_clicks',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.itemId] })],
);

/** Which visit clicked which item: a visitor's repeated clicks count once per visit. */
export const campaignClickVisits = pgTable(
  'campaign_click_visits',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    visitId: varchar('visit_id', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.itemId, t.visitId] })],
);
