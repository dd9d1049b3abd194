import {
  type TNews,
  type TNewsInput,
  type TNoticeListQuery,
  zNewsInput,
} from '@swipe/contracts/communications';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/accounts';
import { noticeSites, notices } from '../../db/schema/communications';
import { sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';
import { audit } from '../../platform/audit';
import type { TAppContext, TCaller } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { containsPattern } from '../../platform/list-filters';
import { siteScope } from '../site-core/site-access';
import { assertRefsOwned, refUrls } from '../site-core/site-media';
import { scheduleNoticeJobs } from './notice-jobs';
import { fieldRefusal, imageRefs, statusFilterSql, storedTiming, timingOf } from './notice-shared';

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
  const ids = rows.map((r) => r.id);
  const [links, authors] = await Promise.all([
    ctx.db
      .select({ noticeId: noticeSites.noticeId, id: sites.id, name: sites.name })
      .from(noticeSites)
      .innerJoin(sites, eq(sites.id, noticeSites.siteId))
      .where(inArray(noticeSites.noticeId, ids))
      .orderBy(asc(sites.name)),
    ctx.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.createdBy).filter((x): x is string => !!x),
        ),
      ),
  ]);
  const images = await imageUrls(ctx, rows);
  return rows.map((row) => {
    const own = links.filter((l) => l.noticeId === row.id).map(({ id, name }) => ({ id, name }));
    const author = authors.find((a) => a.id === row.createdBy);
    return {
      id: row.id,
      title: row.title,
      linkUrl: row.linkUrl,
      content: row.content,
      postedDate: row.postedDate,
      image: row.image ?? null,
      imageUrl: row.image ? (images[row.image.assetId] ?? null) : null,
      languages: row.languages,
      siteIds: own.map((s) => s.id),
      sites: own,
      ...timingOf(row, now),
      author: author ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Image URLs of the rows, each from its own account's files. */
export async function imageUrls(
  ctx: TAppContext,
  rows: { accountId?: string; image: { assetId: string; kind: 'IMAGE' | 'VIDEO' } | null }[],
  accountOf?: (row: (typeof rows)[number]) => string,
) {
  const byAccount = new Map<string, { ref: NonNullable<(typeof rows)[number]['image']> }[]>();
  for (const r of rows) {
    if (!r.image) continue;
    const account = accountOf ? accountOf(r) : r.accountId!;
    byAccount.set(account, [...(byAccount.get(account) ?? []), { ref: r.image }]);
  }
  const parts = await Promise.all(
    [...byAccount].map(([accountId, refs]) =>
      refUrls(ctx.db, { accountId, refs, publicUrl: (key) => ctx.storage.publicUrl(key) }),
    ),
  );
  return Object.assign({}, ...parts) as Record<string, string>;
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
    query.search
      ? or(
          ilike(notices.title, containsPattern(query.search)),
          ilike(notices.content, containsPattern(query.search)),
        )
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.postedDate), desc(notices.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(notices).where(where),
  ]);
  return {
    data: await toNews(ctx, rows, now),
    meta: { total: count?.n ?? 0, page: query.page, pageSize: query.pageSize },
  };
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
        title: input.title,
        linkUrl: input.linkUrl,
        content: input.content,
        postedDate: input.postedDate,
        image: input.image,
        languages: input.languages,
        ...storedTiming(input, null, now),
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
        title: input.title,
        linkUrl: input.linkUrl,
        content: input.content,
        postedDate: input.postedDate,
        image: input.image,
        languages: input.languages,
        ...storedTiming(input, row, now),
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
