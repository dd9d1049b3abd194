import {
  isScheduled,
  noticeStatus,
  type TNoticeFilter,
  type TNoticeListQuery,
  type TNoticeState,
  type TPublication,
} from '@swipe/contracts/communications';
import type { TMessageKey } from '@swipe/contracts/messages';
import type { TMediaRef } from '@swipe/contracts/sites';
import { ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/accounts';
import type { TAppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { containsPattern } from '../../platform/list-filters';
import { refUrls } from '../site-core/site-media';

// What latest information, deliveries and system notifications share: the stored timing
// columns, the status derived from them (in SQL for list filters, in TypeScript for answers:
// the same rule, contracts' noticeStatus), and the input they are saved from.

type TTimingColumns = {
  state: AnyPgColumn;
  startAt: AnyPgColumn;
  endAt: AnyPgColumn;
  publishedAt: AnyPgColumn;
};

/** The instant an item shows from: its scheduled start, or its first publication. */
export const visibleFromSql = (t: TTimingColumns) => sql`coalesce(${t.startAt}, ${t.publishedAt})`;

/** Items showing at `now` (published, started, not ended). */
export const showingSql = (t: TTimingColumns, now: Date): SQL =>
  sql`(${t.state} = 'PUBLISHED' and ${visibleFromSql(t)} <= ${now.toISOString()}::timestamptz and (${t.endAt} is null or ${t.endAt} > ${now.toISOString()}::timestamptz))`;

/** The rows of one status filter, by the same rule as `noticeStatus`. */
export function statusFilterSql(t: TTimingColumns, filter: TNoticeFilter, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ended = sql`(${t.endAt} is not null and ${t.endAt} <= ${at})`;
  switch (filter) {
    case 'ALL':
      return undefined;
    case 'DRAFT':
      return sql`${t.state} = 'DRAFT'`;
    case 'PUBLISHED':
      return showingSql(t, now);
    case 'EXPIRED':
      return sql`(${t.state} = 'PUBLISHED' and ${ended})`;
    case 'UNPUBLISHED':
      return sql`(${t.state} = 'UNPUBLISHED' or (${t.state} = 'PUBLISHED' and not ${ended} and (${visibleFromSql(t)} is null or ${visibleFromSql(t)} > ${at})))`;
  }
}

type TTimingRow = {
  state: TNoticeState;
  publication: TPublication;
  startAt: Date | null;
  endAt: Date | null;
  publishedAt: Date | null;
};

/** The derived fields every answer carries. */
export function timingOf(row: TTimingRow, now: Date) {
  const timing = {
    state: row.state,
    visibleFrom: (row.startAt ?? row.publishedAt)?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
  };
  return {
    publication: row.publication,
    startAt: row.startAt?.toISOString() ?? null,
    endAt: timing.endAt,
    state: row.state,
    status: noticeStatus(timing, now),
    scheduled: isScheduled(timing, now),
    visibleFrom: timing.visibleFrom,
  };
}

/** The stored timing of a saved input: an IMMEDIATE item starts at its (first) publication. */
export function storedTiming(
  input: { publication: TPublication; startAt: string | null; endAt: string | null; state: TNoticeState },
  previous: { publishedAt: Date | null } | null,
  now: Date,
) {
  return {
    publication: input.publication,
    startAt: input.publication === 'SCHEDULED' && input.startAt ? new Date(input.startAt) : null,
    endAt: input.endAt ? new Date(input.endAt) : null,
    state: input.state,
    // The first publication stays: republishing a withdrawn item does not make it new again.
    publishedAt:
      input.state === 'PUBLISHED' ? (previous?.publishedAt ?? now) : (previous?.publishedAt ?? null),
  };
}

/** The image, checked to be a finished image file of `accountId` by the caller (assertRefsOwned). */
export const imageRefs = (image: TMediaRef | null) => (image ? [{ field: 'image', ref: image }] : []);

/** 400 for a field of the input, with the message of the contract's rules. */
export const fieldRefusal = (field: string, messageKey: TMessageKey) =>
  new AppError(400, 'VALIDATION_FAILED', messageKey, undefined, [{ field, messageKey }]);

// --- what the three services share: reading rows into answers, lists, saving -----------------

type TContentRow = TTimingRow & {
  id: string;
  title: string;
  linkUrl: string;
  content: string;
  image: TMediaRef | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Image URLs of the rows, each from its own account's files (by asset id). */
export async function imageUrls(ctx: TAppContext, rows: { accountId: string; image: TMediaRef | null }[]) {
  const byAccount = new Map<string, { ref: TMediaRef }[]>();
  for (const r of rows)
    if (r.image) byAccount.set(r.accountId, [...(byAccount.get(r.accountId) ?? []), { ref: r.image }]);
  const parts = await Promise.all(
    [...byAccount].map(([accountId, refs]) =>
      refUrls(ctx.db, { accountId, refs, publicUrl: (key) => ctx.storage.publicUrl(key) }),
    ),
  );
  return Object.assign({}, ...parts) as Record<string, string>;
}

/** What every answer carries besides its own fields: content, image, timing, author and dates. */
export async function answersOf<R extends TContentRow & { accountId: string }>(
  ctx: TAppContext,
  rows: R[],
  now: Date,
  opts: { authors?: boolean } = {},
) {
  const authorIds = [...new Set(rows.map((r) => r.createdBy).filter((x): x is string => !!x))];
  const [authors, images] = await Promise.all([
    authorIds.length > 0 && opts.authors !== false
      ? ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))
      : [],
    imageUrls(ctx, rows),
  ]);
  return rows.map((row) => ({
    row,
    common: {
      id: row.id,
      title: row.title,
      linkUrl: row.linkUrl,
      content: row.content,
      image: row.image ?? null,
      imageUrl: row.image ? (images[row.image.assetId] ?? null) : null,
      ...timingOf(row, now),
      author: authors.find((a) => a.id === row.createdBy) ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  }));
}

/** What a saved input writes: its content, image and stored timing. */
export const contentValues = (
  input: Pick<TContentRow, 'title' | 'linkUrl' | 'content' | 'image'> & Parameters<typeof storedTiming>[0],
  previous: { publishedAt: Date | null } | null,
  now: Date,
) => ({
  title: input.title,
  linkUrl: input.linkUrl,
  content: input.content,
  image: input.image,
  ...storedTiming(input, previous, now),
});

/** The list's search: the title or the content contains it. */
export const searchSql = (t: { title: AnyPgColumn; content: AnyPgColumn }, search: string) =>
  search ? or(ilike(t.title, containsPattern(search)), ilike(t.content, containsPattern(search))) : undefined;

/** One page of a list: `rows(limit, offset)` and `count()` under the same conditions. */
export async function pageOf<R>(
  query: TNoticeListQuery,
  rows: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<{ n: number }[]>,
) {
  const [data, [total]] = await Promise.all([
    rows(query.pageSize, (query.page - 1) * query.pageSize),
    count(),
  ]);
  return { rows: data, meta: { total: total?.n ?? 0, page: query.page, pageSize: query.pageSize } };
}
