import {
  BELL_MAX,
  type TNoticeAudience,
  type TNoticeListQuery,
  type TSystemNotification,
  type TSystemNotificationInput,
  zSystemNotificationInput,
} from '@swipe/contracts/communications';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { systemNotificationReads, systemNotifications } from '../../db/schema/communications';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { assertRefsOwned } from '../site-core/site-media';
import {
  answersOf,
  contentValues,
  imageRefs,
  pageOf,
  searchSql,
  showingSql,
  statusFilterSql,
  visibleFromSql,
} from './notice-shared';

// System notifications: MASTER writes them for audiences of operators (OEM master, OEM
// admin, OEM user, master user); each operator of an audience reads the ones that have started
// and marks them read. MASTER manages them all; any other caller knows only those addressed to
// its role that have started: another one is as unknown as a made-up id.

type TRow = typeof systemNotifications.$inferSelect;
const t = systemNotifications;

const isManager = (caller: TCaller) => caller.actingRole === 'MASTER';
const audienceOf = (caller: TCaller) => caller.actingRole as TNoticeAudience;

/** What a reader may see: addressed to its role, published and started (showing or expired). */
const readableSql = (caller: TCaller, now: Date): SQL =>
  sql`(${t.state} = 'PUBLISHED' and ${audienceOf(caller)} = any(${t.audiences}) and ${visibleFromSql(t)} <= ${now.toISOString()}::timestamptz)`;

async function toNotifications(
  ctx: TAppContext,
  caller: TCaller,
  rows: TRow[],
  now: Date,
): Promise<TSystemNotification[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [reads, counts, answers] = await Promise.all([
    ctx.db
      .select({ id: systemNotificationReads.notificationId })
      .from(systemNotificationReads)
      .where(
        and(
          inArray(systemNotificationReads.notificationId, ids),
          eq(systemNotificationReads.userId, caller.userId),
        ),
      ),
    isManager(caller)
      ? ctx.db
          .select({ id: systemNotificationReads.notificationId, n: sql<number>`count(*)::int` })
          .from(systemNotificationReads)
          .where(inArray(systemNotificationReads.notificationId, ids))
          .groupBy(systemNotificationReads.notificationId)
      : [],
    // Who wrote it is MASTER's business, not its readers'.
    answersOf(ctx, rows, now, { authors: isManager(caller) }),
  ]);
  const read = new Set(reads.map((r) => r.id));
  return answers.map(({ row, common }) => ({
    ...common,
    audiences: row.audiences,
    read: read.has(row.id),
    readCount: counts.find((c) => c.id === row.id)?.n ?? 0,
  }));
}

async function loadNotification(ctx: TAppContext, caller: TCaller, id: string, now: Date) {
  const [row] = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.id, id), isManager(caller) ? undefined : readableSql(caller, now)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function listSystemNotifications(
  ctx: TAppContext,
  opts: { caller: TCaller; query: TNoticeListQuery; now?: Date },
) {
  const now = opts.now ?? new Date();
  const { query, caller } = opts;
  const where = and(
    isManager(caller) ? undefined : readableSql(caller, now),
    statusFilterSql(t, query.status, now),
    searchSql(t, query.search),
  );
  const { rows, meta } = await pageOf(
    query,
    (limit, offset) =>
      ctx.db
        .select()
        .from(t)
        .where(where)
        .orderBy(desc(sql`coalesce(${t.startAt}, ${t.publishedAt}, ${t.createdAt})`), desc(t.createdAt))
        .limit(limit)
        .offset(offset),
    () => ctx.db.select({ n: sql<number>`count(*)::int` }).from(t).where(where),
  );
  return { data: await toNotifications(ctx, caller, rows, now), meta };
}

/** The caller's current notifications (showing now, addressed to its role), newest first, and its unread count. */
export async function showSystemNotifications(ctx: TAppContext, opts: { caller: TCaller; now?: Date }) {
  const now = opts.now ?? new Date();
  const current = and(showingSql(t, now), sql`${audienceOf(opts.caller)} = any(${t.audiences})`);
  const unreadSql = sql<number>`count(*) filter (where not exists (select 1 from ${systemNotificationReads} r where r.notification_id = ${t.id} and r.user_id = ${opts.caller.userId}))::int`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(t)
      .where(current)
      .orderBy(desc(visibleFromSql(t)))
      .limit(BELL_MAX),
    ctx.db.select({ unread: unreadSql }).from(t).where(current),
  ]);
  return { items: await toNotifications(ctx, opts.caller, rows, now), unread: count?.unread ?? 0 };
}

export async function markAsRead(ctx: TAppContext, opts: { caller: TCaller; ids: string[]; now?: Date }) {
  const now = opts.now ?? new Date();
  // Only what the caller may read is marked: another id is ignored, never an error that tells.
  const readable = await ctx.db
    .select({ id: t.id })
    .from(t)
    .where(and(inArray(t.id, opts.ids), isManager(opts.caller) ? undefined : readableSql(opts.caller, now)));
  if (readable.length > 0)
    await ctx.db
      .insert(systemNotificationReads)
      .values(readable.map((r) => ({ notificationId: r.id, userId: opts.caller.userId })))
      .onConflictDoNothing();
  return { unread: (await showSystemNotifications(ctx, { caller: opts.caller, now })).unread };
}

export async function getSystemNotification(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const row = await loadNotification(ctx, opts.caller, opts.id, now);
  return (await toNotifications(ctx, opts.caller, [row], now))[0]!;
}

async function checkInput(ctx: TAppContext, caller: TCaller, raw: TSystemNotificationInput, now: Date) {
  const input = zSystemNotificationInput(() => now).parse(raw);
  await assertRefsOwned(ctx.db, caller.accountId, imageRefs(input.image));
  return { ...input, audiences: [...new Set(input.audiences)] };
}

export async function createSystemNotification(
  ctx: TAppContext,
  opts: { caller: TCaller; input: TSystemNotificationInput; ip?: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const input = await checkInput(ctx, opts.caller, opts.input, now);
  const [row] = await ctx.db
    .insert(t)
    .values({
      ...contentValues(input, null, now),
      audiences: input.audiences,
      accountId: opts.caller.accountId,
      createdBy: opts.caller.userId,
    })
    .returning();
  await audit(ctx.db, {
    action: 'systemNotifications.created',
    actorUserId: opts.caller.userId,
    accountId: opts.caller.accountId,
    targetType: 'system_notification',
    targetId: row!.id,
    details: { audiences: input.audiences, state: input.state },
    ip: opts.ip,
  });
  return getSystemNotification(ctx, { caller: opts.caller, id: row!.id, now });
}

export async function updateSystemNotification(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; input: TSystemNotificationInput; ip?: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const row = await loadNotification(ctx, opts.caller, opts.id, now);
  const input = await checkInput(ctx, opts.caller, opts.input, now);
  await ctx.db
    .update(t)
    .set({
      ...contentValues(input, row, now),
      audiences: input.audiences,
      updatedAt: now,
    })
    .where(eq(t.id, row.id));
  await audit(ctx.db, {
    action: 'systemNotifications.updated',
    actorUserId: opts.caller.userId,
    accountId: opts.caller.accountId,
    targetType: 'system_notification',
    targetId: row.id,
    details: { audiences: input.audiences, state: input.state },
    ip: opts.ip,
  });
  return getSystemNotification(ctx, { caller: opts.caller, id: row.id, now });
}

export async function deleteSystemNotification(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; ip?: string },
) {
  const row = await loadNotification(ctx, opts.caller, opts.id, new Date());
  await ctx.db.delete(t).where(eq(t.id, row.id));
  await audit(ctx.db, {
    action: 'systemNotifications.deleted',
    actorUserId: opts.caller.userId,
    accountId: opts.caller.accountId,
    targetType: 'system_notification',
    targetId: row.id,
    ip: opts.ip,
  });
}
