import { sql } from 'drizzle-orm';
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

// The company tree (DESIGN 5). `path` is the materialized chain of ids from the root, e.g.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('accounts_parent_idx').on(t.parentId), index('accounts_path_idx').on(t.path)],
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
    index('users_parent_idx').on(t.parentUserId),
  ],
);
