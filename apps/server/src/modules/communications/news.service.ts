import {
  type TNews,
  type TNewsInput,
  type TNoticeListQuery,
  zNewsInput,
} from '@swipe/contracts/communications';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { noticeSites, notices } from '../../db/schema/communications';
import { sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { siteScope } from '../site-core/site-access';
import { assertRefsOwned } from '../site-core/site-media';
import { scheduleNoticeJobs } from './notice-jobs';
import {
  answersOf,
  contentValues,
  fieldRefusal,
  imageRefs,
  pageOf,
  searchSql,
  statusFilterSql,
} from './notice-shared';

// Latest information: news that platform staff publish to sites of their subtree (MASTER to any
// site, OEM staff to their companies' sites). A caller sees the news of its subtree's accounts:
// another OEM's news is as unknown as a made-up id, with every verb. Saving tells the
// distribution sites' cached pages (every process) that they changed.

type TNoticeRow = typeof notices.$inferSelect;

/** News of the caller's subtree (the author's account is in it). */
const newsScope = (caller: Pick<TCaller, 'accountPath'>) =>
  sql`exists (select 1 from ${accounts} where ${accounts.id} = ${notices.accountId} and ${accounts.path} like ${`${caller.accountPath}%`})`;

async function toNews(ctx: TAppContext, rows: TNoticeRow[], now: Date): Promise<TNews[]> {
  if (rows.length === 0) return [];
  const [links, answers] = await Promise.all([
    ctx.db
      .select({ noticeId: noticeSites.noticeId, id: sites.id, name: sites.name })
      .from(noticeSites)
      .innerJoin(sites, eq(sites.id, noticeSites.siteId))
      .where(
        inArray(
          noticeSites.noticeId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(sites.name)),
    answersOf(ctx, rows, now),
  ]);
  return answers.map(({ row, common }) => {
    const own = links.filter((l) => l.noticeId === row.id).map(({ id, name }) => ({ id, name }));
    return {
      ...common,
      postedDate: row.postedDate,
      languages: row.languages,
      siteIds: own.map((s) => s.id),
      sites: own,
    };
  });
}

async function loadNews(ctx: TAppContext, caller: TCaller, id: string) {
  const [row] = await ctx.db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.kind, 'NEWS'), newsScope(caller)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The sites the caller may publish news to: those of its subtree. */
export async function newsSiteOptions(ctx: TAppContext, caller: TCaller) {
  return ctx.db
    .select({ id: sites.id, name: sites.name, accountName: accounts.name })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(and(siteScope(caller), isNull(accounts.deletedAt)))
    .orderBy(asc(accounts.name), asc(sites.name))
    .limit(1000);
}

/** Validated input whose sites are of the caller's subtree and whose image is its account's. */
async function checkInput(
  ctx: TAppContext,
  caller: TCaller,
  opts: { raw: TNewsInput; accountId: string; now: Date },
) {
  const { raw, now } = opts;
  const input = zNewsInput(() => now).parse(raw);
  const siteIds = [...new Set(input.siteIds)];
  const found = await ctx.db
    .select({ id: sites.id })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(and(inArray(sites.id, siteIds), siteScope(caller)));
  const known = new Set(found.map((s) => s.id));
  const bad = input.siteIds.findIndex((s) => !known.has(s));
  if (bad >= 0) throw fieldRefusal(`site_ids.${bad}`, 'communications.siteNotYours');
  await assertRefsOwned(ctx.db, opts.accountId, imageRefs(input.image));
  return { ...input, siteIds };
}

/** Every site the notice shows on, before and after a change, is told it changed. */
async function sitesChanged(ctx: TAppContext, tx: TDbOrTx, siteIds: Iterable<string>) {
  for (const siteId of new Set(siteIds)) await ctx.siteChanged(tx, { siteId });
}

export async function listNews(
  ctx: TAppContext,
  opts: { caller: TCaller; query: TNoticeListQuery; now?: Date },
) {
  const now = opts.now ?? new Date();
  const { query } = opts;
  const where = and(
    eq(notices.kind, 'NEWS'),
    newsScope(opts.caller),
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
        .orderBy(desc(notices.postedDate), desc(notices.createdAt))
        .limit(limit)
        .offset(offset),
    () => ctx.db.select({ n: sql<number>`count(*)::int` }).from(notices).where(where),
  );
  return { data: await toNews(ctx, rows, now), meta };
}

export async function getNews(ctx: TAppContext, opts: { caller: TCaller; id: string; now?: Date }) {
  const row = await loadNews(ctx, opts.caller, opts.id);
  return (await toNews(ctx, [row], opts.now ?? new Date()))[0]!;
}

export async function createNews(
  ctx: TAppContext,
  opts: { caller: TCaller; input: TNewsInput; ip?: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const input = await checkInput(ctx, opts.caller, {
    raw: opts.input,
    accountId: opts.caller.accountId,
    now,
  });
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(notices)
      .values({
        kind: 'NEWS',
        accountId: opts.caller.accountId,
        ...contentValues(input, null, now),
        postedDate: input.postedDate,
        languages: input.languages,
        createdBy: opts.caller.userId,
      })
      .returning();
    await tx.insert(noticeSites).values(input.siteIds.map((siteId) => ({ noticeId: created!.id, siteId })));
    await scheduleNoticeJobs(tx, created!, now);
    await sitesChanged(ctx, tx, input.siteIds);
    return created!;
  });
  await audit(ctx.db, {
    action: 'news.created',
    actorUserId: opts.caller.userId,
    accountId: opts.caller.accountId,
    targetType: 'news',
    targetId: row.id,
    details: { sites: input.siteIds.length, state: input.state },
    ip: opts.ip,
  });
  return getNews(ctx, { caller: opts.caller, id: row.id, now });
}

export async function updateNews(
  ctx: TAppContext,
  opts: { caller: TCaller; id: string; input: TNewsInput; ip?: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const row = await loadNews(ctx, opts.caller, opts.id);
  const input = await checkInput(ctx, opts.caller, { raw: opts.input, accountId: row.accountId, now });
  await ctx.db.transaction(async (tx) => {
    const before = await tx
      .select({ siteId: noticeSites.siteId })
      .from(noticeSites)
      .where(eq(noticeSites.noticeId, row.id));
    const [updated] = await tx
      .update(notices)
      .set({
        ...contentValues(input, row, now),
        postedDate: input.postedDate,
        languages: input.languages,
        updatedAt: now,
      })
      .where(eq(notices.id, row.id))
      .returning();
    await tx.delete(noticeSites).where(eq(noticeSites.noticeId, row.id));
    await tx.insert(noticeSites).values(input.siteIds.map((siteId) => ({ noticeId: row.id, siteId })));
    await scheduleNoticeJobs(tx, updated!, now);
    await sitesChanged(ctx, tx, [...before.map((b) => b.siteId), ...input.siteIds]);
  });
  await audit(ctx.db, {
    action: 'news.updated',
    actorUserId: opts.caller.userId,
    accountId: row.accountId,
    targetType: 'news',
    targetId: row.id,
    details: { state: input.state },
    ip: opts.ip,
  });
  return getNews(ctx, { caller: opts.caller, id: row.id, now });
}

export async function deleteNews(ctx: TAppContext, opts: { caller: TCaller; id: string; ip?: string }) {
  const row = await loadNews(ctx, opts.caller, opts.id);
  await ctx.db.transaction(async (tx) => {
    const before = await tx
      .select({ siteId: noticeSites.siteId })
      .from(noticeSites)
      .where(eq(noticeSites.noticeId, row.id));
    await tx.delete(notices).where(eq(notices.id, row.id));
    await sitesChanged(
      ctx,
      tx,
      before.map((b) => b.siteId),
    );
  });
  await audit(ctx.db, {
    action: 'news.deleted',
    actorUserId: opts.caller.userId,
    accountId: row.accountId,
    targetType: 'news',
    targetId: row.id,
    ip: opts.ip,
  });
}
