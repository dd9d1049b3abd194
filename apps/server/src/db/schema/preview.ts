import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { sites } from './sites';

// Preview sharing: a site's draft shown to invited emails, optionally
// behind a password. Revoking an email ends its sessions.

/** One row per site once its owner has touched sharing: private or not, and the password hash. */
export const sitePreviewSettings = pgTable('site_preview_settings', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  /** On: only invited emails (and the password, when set) open the preview. */
  isPrivate: boolean('is_private').notNull().default(true),
  /** argon2id of the preview password; null when none is required. */
  passwordHash: text('password_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An invited email; revokedAt set when the owner removes it. */
export const sitePreviewShares = pgTable(
  'site_preview_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('site_preview_shares_site_email_unique').on(t.siteId, t.email)],
);

/** A signed-in preview visitor: the token (at least 128 random bits) is stored hashed only. */
export const sitePreviewSessions = pgTable(
  'site_preview_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id')
      .notNull()
      .references(() => sitePreviewShares.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_preview_sessions_share_idx').on(t.shareId)],
);

/**
 * The live sign-in code of an invitation (private sharing): at most one per invited email, a new
 * request replaces it. The 6 digits are kept as a keyed hash, the mailed link's token as a hash;
 * using either deletes the row, and `tries` counts the answers given to it.
 */
export const sitePreviewCodes = pgTable('site_preview_codes', {
  shareId: uuid('share_id')
    .primaryKey()
    .references(() => sitePreviewShares.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  linkHash: varchar('link_hash', { length: 64 }).notNull().unique(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
