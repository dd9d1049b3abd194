import type { TSiteDocument } from '@swipe/contracts/sites';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

// Sites: the draft and the published version are each a whole site document (JSONB,
// checked by the contracts' ZSiteDocument on the way in, read back through db/site-document.ts).
// Editing changes the draft only; publishing copies it to `published`, which is what visitors see.
export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdBy: uuid('created_by').references(() => users.id),
    name: varchar('name', { length: 128 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('DRAFT'),
    draft: jsonb('draft').$type<TSiteDocument>().notNull(),
    /**
     * The draft's languages, kept by the database on every write, so the site list shows them
     * without reading whole documents (a 100-page one is about 80 KB).
     */
    languages: jsonb('languages')
      .$type<string[]>()
      .notNull()
      .generatedAlwaysAs(sql`coalesce(draft -> 'languages', '[]'::jsonb)`),
    /** Bumped by every save; an editor saving an older revision gets a 409. */
    revision: integer('revision').notNull().default(0),
    published: jsonb('published').$type<TSiteDocument>(),
    /** Bumped by every publish: the viewer caches per published version. */
    publishedVersion: integer('published_version').notNull().default(0),
    /** The draft revision that was last published (draft newer: unpublished changes). */
    publishedRevision: integer('published_revision'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Pages of the draft grid (rows x columns), kept for plan usage. */
    pages: integer('pages').notNull().default(1),
    customDomain: varchar('custom_domain', { length: 253 }),
    customPath: varchar('custom_path', { length: 64 }),
    /** NONE, VERIFYING (the CNAME check runs for up to 72 hours), VERIFIED, FAILED. */
    domainStatus: varchar('domain_status', { length: 16 }).notNull().default('NONE'),
    domainCheckStartedAt: timestamp('domain_check_started_at', { withTimezone: true }),
    /** The experiment visitors are split by now, if any (site_experiments). */
    liveExperimentId: uuid('live_experiment_id'),
    /** Bumped by every change of what the live experiment serves: the page cache compares it. */
    experimentVersion: integer('experiment_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sites_account_idx').on(t.accountId),
    // The site list's order: last updated first.
    index('sites_updated_idx').on(t.updatedAt, t.id),
    uniqueIndex('sites_custom_domain_unique').on(t.customDomain).where(sql`${t.customDomain} is not null`),
    uniqueIndex('sites_custom_path_unique').on(t.customPath).where(sql`${t.customPath} is not null`),
  ],
);

// The revision history of a site's draft: the document as each save left it, so any
// of them can be restored. Autosaves of one author within a few minutes replace their own entry
// (one editing burst, one entry); publishing and restoring always add one. The newest
// REVISIONS_KEPT entries are kept per site.
export const siteRevisions = pgTable(
  'site_revisions',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The site's `revision` this document was saved as. */
    revision: integer('revision').notNull(),
    document: jsonb('document').$type<TSiteDocument>().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** DRAFT, PUBLISH, PRIVATE or RESTORE (with `restoredFrom`). */
    kind: varchar('kind', { length: 10 }).notNull(),
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.revision] })],
);

// Files of an account's media library (creative images and videos, logos, product images).
// Created PENDING by generate-urls, filled by the signed PUT, READY once checked and resized.
export const siteAssets = pgTable(
  'site_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    /** IMAGE or VIDEO, as announced; the bytes must agree. */
    kind: varchar('kind', { length: 8 }).notNull(),
    originalName: text('original_name').notNull(),
    /** The size the browser announced; the upload may not exceed it. */
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    mime: varchar('mime', { length: 64 }),
    width: integer('width'),
    height: integer('height'),
    /** Storage key of the stored original (for images: the converted/normalised file). */
    storageKey: text('storage_key'),
    /** Responsive WebP variants: [{ width, key }], smallest first. */
    variants: jsonb('variants').$type<{ width: number; key: string }[]>().notNull().default([]),
    status: varchar('status', { length: 8 }).notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('site_assets_account_idx').on(t.accountId)],
);
