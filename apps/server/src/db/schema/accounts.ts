import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// The company tree. `path` is the materialized chain of ids from the root, e.g.
// "/<platform>/<oem>/<company>/", so "is X inside my subtree" is one prefix comparison.
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id'),
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    path: text('path').notNull(),
    depth: integer('depth').notNull().default(0),
    // The user's contract details: the person to contact at the company, the platform-side
    // manager in charge of it, and whether it may put its own logo on the console and sites.
    contactName: varchar('contact_name', { length: 256 }),
    managerName: varchar('manager_name', { length: 256 }),
    logoEnabled: boolean('logo_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('accounts_parent_idx').on(t.parentId),
    // Subtree scopes are `path LIKE '/a/b/%'`: a pattern-ops b-tree serves that prefix under any
    // database collation (a plain one only under "C").
    index('accounts_path_prefix_idx').using('btree', t.path.op('text_pattern_ops')),
    // The read API lists customers oldest first; the user list sorts by company name.
    index('accounts_created_idx').on(t.createdAt, t.id),
    index('accounts_name_idx').on(t.name),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    // A SUB_ADMIN hangs under the user whose prefix and role it takes.
    parentUserId: uuid('parent_user_id'),
    email: varchar('email', { length: 256 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    authority: varchar('authority', { length: 8 }).notNull().default('EDIT'),
    adminRoleLabel: varchar('admin_role_label', { length: 16 }),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('ja'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_account_idx').on(t.accountId),
    // The user list's orders: newest first (the default), or by email. (Its order by contract
    // end is a left join's column, which no index of contracts can drive.)
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_idx').on(t.email),
    index('users_parent_idx').on(t.parentUserId),
  ],
);

// The profile picture setting: one small image per user, kept in the database (at most
// about 2 MB, checked by its bytes) so it needs no file store and goes with the user row.
export const profilePictures = pgTable('profile_pictures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: varchar('content_type', { length: 32 }).notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// API settings: how an account's own programs reach the read API under /api/v1.
// Secrets are stored hashed; the key is shown once when issued.
export const apiSettings = pgTable(
  'api_settings',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    enabled: boolean('enabled').notNull().default(false),
    method: varchar('method', { length: 16 }).notNull().default('API_KEY'),
    /** Identifies the account in IP-restriction mode (X-Api-Client header); not a secret. */
    clientId: varchar('client_id', { length: 64 }).notNull(),
    ipList: jsonb('ip_list').$type<string[]>().notNull().default([]),
    basicId: varchar('basic_id', { length: 64 }),
    basicPasswordHash: text('basic_password_hash'),
    keyPrefix: varchar('key_prefix', { length: 16 }),
    keyHash: varchar('key_hash', { length: 64 }),
    keyIssuedAt: timestamp('key_issued_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_settings_client_unique').on(t.clientId),
    uniqueIndex('api_settings_basic_unique').on(t.basicId),
    uniqueIndex('api_settings_key_prefix_unique').on(t.keyPrefix),
  ],
);
