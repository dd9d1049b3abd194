import type { TSubmissionAnswer } from '@swipe/contracts/submissions';
import type { TStoredSurveyAnswer, TSurveyDocument } from '@swipe/contracts/surveys';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { users } from './accounts';
import { sites } from './sites';

// Members (and their registration), surveys and submissions: what visitors of a published site
// leave with it. Every row hangs off its site (cascade on delete), so the site's owner tree is the
// one tenant that may read it, and a visitor of one site is nobody on another.

/**
 * A member of one site. PENDING until the confirmation link is opened, then ACTIVE. The same
 * email may be a member of many sites, each with its own password.
 */
export const siteMembers = pgTable(
  'site_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** PENDING (temporary registration) or ACTIVE (confirmed). */
    status: varchar('status', { length: 8 }).notNull().default('PENDING'),
    /** The site language the visitor registered in (JP, EN, KR, CN): mails speak it. */
    lang: varchar('lang', { length: 2 }).notNull(),
    /** The other fields of the membership form: [{ title, value }], as asked at the time. */
    data: jsonb('data').$type<TSubmissionAnswer[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('site_members_site_email_unique').on(t.siteId, t.email),
    index('site_members_site_created_idx').on(t.siteId, t.createdAt),
  ],
);

/**
 * One-use tokens of a member, stored hashed: CONFIRM (the registration link) and SESSION (a
 * signed-in visitor; the cookie or bearer token of the end-user API). A session belongs to the
 * member's site only: the site id is repeated so every check names it.
 */
export const siteMemberTokens = pgTable(
  'site_member_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => siteMembers.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_member_tokens_member_idx').on(t.memberId)],
);

/**
 * A contact (CONTACT) or homepage (HOMEPAGE) form sent by a visitor. `data` keeps each field's
 * title with the answer as the form asked it, so the list still reads right after the creator
 * changes the form. `requestKey` makes a retried post store one row.
 */
export const siteSubmissions = pgTable(
  'site_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    companyName: varchar('company_name', { length: 256 }).notNull().default(''),
    data: jsonb('data').$type<TSubmissionAnswer[]>().notNull().default([]),
    /** The homepage form's optional `mode`. */
    mode: varchar('mode', { length: 32 }),
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_submissions_request_unique').on(t.siteId, t.requestKey),
    index('site_submissions_site_kind_created_idx').on(t.siteId, t.kind, t.createdAt),
  ],
);

/**
 * A survey of a site: questions with answer options worth points, in the site's
 * languages. The whole survey is one document (ZSurveyDocument), like a site.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id),
    name: varchar('name', { length: 128 }).notNull(),
    /** Open for answers (visitors reach it only then). */
    isOpen: boolean('is_open').notNull().default(true),
    /** One answer per email unless the creator allows more. */
    allowMultiple: boolean('allow_multiple').notNull().default(false),
    document: jsonb('document').$type<TSurveyDocument>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_site_idx').on(t.siteId)],
);

/**
 * One visitor's answers to a survey, with the total score shown to them. `onceKey` is the email
 * when the survey takes one answer per email (unique), else null.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    /** [{ questionId, question, optionIds, answers, points }] as asked at the time. */
    answers: jsonb('answers').$type<TStoredSurveyAnswer[]>().notNull(),
    totalScore: integer('total_score').notNull(),
    onceKey: varchar('once_key', { length: 254 }),
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_responses_once_unique')
      .on(t.surveyId, t.onceKey)
      .where(sql`${t.onceKey} is not null`),
    uniqueIndex('survey_responses_request_unique').on(t.surveyId, t.requestKey),
    index('survey_responses_survey_created_idx').on(t.surveyId, t.createdAt),
  ],
);
