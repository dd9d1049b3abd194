import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { sitePreviewShares } from './preview';
import { sites } from './sites';

// Review comments on a shared preview: a thread pinned on a point of a page of the
// draft by an invited person, with replies by invitees and the site's creators. The author is an
// invitation (site_preview_shares) or a user; their name (email) is kept with the text so a
// revoked invitation or a deleted user leaves the conversation readable.

const authorColumns = {
  /** INVITEE or CREATOR. */
  authorKind: varchar('author_kind', { length: 8 }).notNull(),
  authorShareId: uuid('author_share_id').references(() => sitePreviewShares.id, { onDelete: 'set null' }),
  authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The invitee's email or the creator's name, as it was when they wrote. */
  authorName: varchar('author_name', { length: 256 }).notNull(),
};

export const previewComments = pgTable(
  'preview_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** 1, 2, ... per site: how pins and lists name a thread. */
    number: smallint('number').notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    page: varchar('page', { length: 8 }).notNull(),
    /** The point, in thousandths of the page's width and height. */
    x: smallint('x').notNull(),
    y: smallint('y').notNull(),
    body: text('body').notNull(),
    ...authorColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('preview_comments_site_number_unique').on(t.siteId, t.number)],
);

export const previewCommentReplies = pgTable(
  'preview_comment_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => previewComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    ...authorColumns,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('preview_comment_replies_comment_idx').on(t.commentId, t.createdAt)],
);
