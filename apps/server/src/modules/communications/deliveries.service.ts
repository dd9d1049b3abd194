import {
  type TDelivery,
  type TDeliveryInput,
  type TNoticeListQuery,
  zDeliveryInput,
} from '@swipe/contracts/communications';
import { and, desc, eq, sql } from 'drizzle-orm';
import { noticeSites, notices } from '../../db/schema/communications';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { loadSite, type TSiteRow } from '../site-core/site-access';
import { assertRefsOwned } from '../site-core/site-media';
import { scheduleNoticeJobs } from './notice-jobs';
import { answersOf, contentValues, imageRefs, pageOf, searchSql, statusFilterSql } from './notice-shared';

// Notification delivery: what a site's creators send to its visitors, at once or at a set time.
// Tenancy is the site's (loadSite: another tenant's site or delivery is 404 with every verb).

type TNoticeRow = typeof notices.$inferSelect;

async function toDeliveries(ctx: TAppContext, rows: TNoticeRow[], now: Date): Promise<TDelivery[]> {
  return (await answersOf(ctx, rows, now)).map(({ row, common }) => ({
    ...common,
    siteId: row.siteId!,
    postedDate: row.postedDate,
    languages: row.languages,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

async function loadDelivery(ctx: TAppContext, caller: TCaller, id: string) {
  const [row] = await ctx.db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.kind, 'DELIVERY')))
    .limit(1);
  if (!row?.siteId) throw notFound();
  const site = await loadSite(ctx.db, caller, row.siteId);
  return { row, site };
}

function assertWritable(site: TSiteRow['site']) {
  if (site.status === 'EXPIRED') throw new AppError(409, 'CONFLICT', 'sites.expired');
}

async function checkInput(ctx: TAppContext, site: TSiteRow, raw: TDeliveryInput, now: Date) {
  const input = zDeliveryInput(() => now).parse(raw);
  await assertRefsOwned(ctx.db, site.account.id, imageRefs(input.image));
  return input;
}

export async function listDeliveries(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; query: TNoticeListQuery; now?: Date },
) {
  const now = opts.now ?? new Date();
  const site = await loadSite(ctx.db, opts.caller, opts.siteId);
  const { query } = opts;
  const where = and(
    eq(notices.kind, 'DELIVERY'),
    eq(notices.siteId, site.site.id),
    statusFilterSql(notices, query.status, now),
    searchSql(notices, query.search),
  );
  const { rows, meta } = await pageOf(
    query,
    (limit, offset) =>
      ctx.db
        .select()
        .from(notices)
        .where(where)
        .orderBy(desc(sql`coalesce(${notices.startAt}, ${notices.publishedAt}, ${notices.createdAt})`))
        .limit(limit)
        .offset(offset),
    () => ctx.db.select({ n: sql<number>`count(*)::int` }).from(notices).where(where),
  );
  return { data: await toDeliveries(ctx, rows, now), meta };
}

export async function getDelivery(ctx: TAppContext, opts: { caller: TCaller; id: string; now?: Date }) {
  const { row } = await loadDelivery(ctx, opts.caller, opts.id);
  return (await toDeliveries(ctx, [row], opts.now ?? new Date()))[0]!;
}

export async function createDelivery(
  ctx: TAppContext,
  opts: { caller: TCaller; siteId: string; input: TDeliveryInput; ip?: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const site = await loadSite(ctx.db, opts.caller, opts.siteId);
  assertWritable(site.site);
  const input = await checkInput(ctx, site, opts.input, now);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(notices)
      .values({
        kind: 'DELIVERY',
        accountId: site.account.id,
        siteId: site.site.id,
        ...contentValues(input, null, now),
        postedDate: input.postedDate,
        languages: input.languages,
        createdBy: opts.caller.userId,
      })
      .returning();
    await tx.insert(noticeSites).values({ noticeId: created!.id, siteId: site.site.id });
    await scheduleNoticeJobs(tx, created!, now);
    await ctx.siteChanged(tx, { siteId: site.site.id });
    return created!;
  });
  ctx.nudgeJobs();
  await audit(ctx.db, {
    action: 'deliveries.created',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'delivery',
    targetId: row.id,
    details: { siteId: site.site.id, state: input.state },
    ip: opts.ip,
  });
  return getDelivery(ctx, { caller: opts.caller, id: row.id, now });
}

export async function updateDelivery(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; input: TDeliveryInput; ip?: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const { row, site } = await loadDelivery(ctx, opts.caller, opts.id);
  assertWritable(site.site);
  const input = await checkInput(ctx, site, opts.input, now);
  const timing = contentValues(input, row, now);
  // A delivery whose start moves is delivered again at its new time.
  const moved =
    (timing.startAt ?? timing.publishedAt)?.getTime() !== (row.startAt ?? row.publishedAt)?.getTime();
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notices)
      .set({
        ...timing,
        postedDate: input.postedDate,
        languages: input.languages,
        ...(moved ? { deliveredAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(notices.id, row.id))
      .returning();
    await scheduleNoticeJobs(tx, updated!, now);
    await ctx.siteChanged(tx, { siteId: site.site.id });
  });
  ctx.nudgeJobs();
  await audit(ctx.db, {
    action: 'deliveries.updated',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'delivery',
    targetId: row.id,
    details: { state: input.state },
    ip: opts.ip,
  });
  return getDelivery(ctx, { caller: opts.caller, id: row.id, now });
}

export async function deleteDelivery(ctx: TAppContext, opts: { caller: TCaller; id: string; ip?: string }) {
  const { row, site } = await loadDelivery(ctx, opts.caller, opts.id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(notices).where(eq(notices.id, row.id));
    await ctx.siteChanged(tx, { siteId: site.site.id });
  });
  await audit(ctx.db, {
    action: 'deliveries.deleted',
    actorUserId: opts.caller.userId,
    accountId: site.account.id,
    targetType: 'delivery',
    targetId: row.id,
    ip: opts.ip,
  });
}
