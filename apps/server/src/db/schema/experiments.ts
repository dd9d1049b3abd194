import type {
  TAllocation,
  TExperimentGoal,
  TExperimentStatus,
  TGoalButton,
  TVariationOverrides,
} from '@swipe/contracts/experiments';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  real,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { sites } from './sites';

// Variations of a published site: an experiment splits the site's visitors between
// its base and its challengers (contracts/experiments.ts). A site has at most one experiment in
// preparation or running (the partial unique index); ended ones stay, with their results (the
// visits keep their variation in site_visits.variation_id).

export const siteExperiments = pgTable(
  'site_experiments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    status: varchar('status', { length: 8 }).$type<TExperimentStatus>().notNull().default('DRAFT'),
    goal: varchar('goal', { length: 8 }).$type<TExperimentGoal>().notNull(),
    goalButton: jsonb('goal_button').$type<TGoalButton>(),
    allocation: varchar('allocation', { length: 8 }).$type<TAllocation>().notNull().default('AUTO'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    winnerId: uuid('winner_id'),
  },
  (t) => [
    index('site_experiments_site_idx').on(t.siteId, t.createdAt),
    uniqueIndex('site_experiments_one_active').on(t.siteId).where(sql`${t.status} in ('DRAFT', 'RUNNING')`),
  ],
);

export const siteVariations = pgTable(
  'site_variations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    experimentId: uuid('experiment_id')
      .notNull()
      .references(() => siteExperiments.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    isBase: boolean('is_base').notNull().default(false),
    position: smallint('position').notNull(),
    /** The fixed allocation's weight, 0-100. */
    weight: smallint('weight').notNull().default(50),
    /** The share of new visitors it gets now (automatic allocation: moved by Thompson sampling). */
    share: real('share').notNull().default(0),
    overrides: jsonb('overrides').$type<TVariationOverrides>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_variations_experiment_idx').on(t.experimentId, t.position)],
);
