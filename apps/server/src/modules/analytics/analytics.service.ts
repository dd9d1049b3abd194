import {
  previousPeriod,
  RANKING_MIN_PAGES,
  RANKING_SIZE,
  type TAnalysisQuery,
  type THeatmap,
  type TOverview,
  type TOverviewMetrics,
  type TPagesAnalysis,
  type TRankings,
  type TSourcesAnalysis,
} from '@swipe/contracts/analytics';
import { jstMonthOf } from '@swipe/contracts/jst-format';
import type { TAdNetwork } from '@swipe/contracts/site-events';
import { coordinateOf } from '@swipe/contracts/site-grid-rules';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { storedSiteDocument } from '../../db/site-document';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loadSite, loadSiteRef } from '../site-core/site-access';
import { mediaUrls } from '../site-core/site-media';
import * as q from './analytics.queries';
import { DWELL_BUCKETS_MS, TAP_GRID } from './event-rollups';

// The answers of the analysis calls, put together from the query functions (analytics.queries.ts)
// and the site's grid. A site is read through loadSite: another tenant's is a 404.

/** The median of a dwell histogram, interpolated inside its bucket (the open last bucket ends at 10 min). */
export function histogramMedian(histogram: number[] | undefined): number | null {
  if (!histogram) return null;
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const half = total / 2;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    const count = histogram[i]!;
    if (seen + count >= half && count > 0) {
      const low = i === 0 ? 0 : DWELL_BUCKETS_MS[i - 1]!;
      const high = DWELL_BUCKETS_MS[i] ?? 600_000;
      return Math.round(low + ((half - seen) / count) * (high - low));
    }
    seen += count;
  }
  return null;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

/** The pages of a grid of `rows` x `columns`, in reading order. */
function gridPages(rows: number, columns: number) {
  const pages: string[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) pages.push(coordinateOf(r, c));
  return pages;
}

/**
 * The site's grid (published version, else the draft), read as two numbers of its document
 * rather than the whole document; another tenant's site is a 404.
 */
type TGrid = { rows: number; columns: number; pages: string[] };

async function siteGrid(db: TDb, caller: TCaller, siteId: string): Promise<TGrid> {
  await loadSiteRef(db, caller, siteId);
  const [shape] = (
    await db.execute(sql`select
      (coalesce(published, draft) ->> 'numberVertical')::int as rows,
      (coalesce(published, draft) ->> 'numberHorizontal')::int as columns
      from sites where id = ${siteId}`)
  ).rows as { rows: number; columns: number }[];
  const rows = shape?.rows ?? 0;
  const columns = shape?.columns ?? 0;
  return { rows, columns, pages: gridPages(rows, columns) };
}

const filterOf = (siteId: string, query: TAnalysisQuery): q.TFilter => ({ siteId, ...query });

/** The measures of a period, and its conversions by kind. */
async function metrics(
  db: TDb,
  f: q.TFilter,
): Promise<{ measures: TOverviewMetrics; byKind: Record<string, number> }> {
  const [visits, visitors, pages, conversions] = await Promise.all([
    q.visitTotals(db, f),
    q.uniqueVisitors(db, f),
    q.pageRows(db, f),
    q.conversionsByKind(db, f),
  ]);
  const all = new Array(DWELL_BUCKETS_MS.length + 1).fill(0);
  const totals = { views: 0, clicks: 0, dwellMs: 0, dwells: 0 };
  for (const p of pages) {
    totals.views += p.views;
    totals.clicks += p.clicks;
    totals.dwellMs += p.dwellMs;
    totals.dwells += p.dwells;
    for (let i = 0; i < all.length; i++) all[i] += p.dwellHistogram[i] ?? 0;
  }
  const converted = Object.values(conversions).reduce((a, b) => a + b, 0);
  return {
    measures: {
      pageViews: totals.views,
      visitors,
      visits: visits.visits,
      medianDwellMs: histogramMedian(all),
      meanDwellMs: totals.dwells > 0 ? Math.round(totals.dwellMs / totals.dwells) : null,
      bounceRate: ratio(visits.visits - visits.engaged, visits.visits),
      clicks: totals.clicks,
      conversions: converted,
      conversionRate: ratio(converted, visits.visits),
    },
    byKind: conversions,
  };
}

export async function overview(
  ctx: TAppContext,
  caller: TCaller,
  siteId: string,
  query: TAnalysisQuery,
): Promise<TOverview> {
  await loadSiteRef(ctx.db, caller, siteId);
  const f = filterOf(siteId, query);
  const before = previousPeriod(query.from, query.to);
  const [current, previous, daily] = await Promise.all([
    metrics(ctx.db, f),
    metrics(ctx.db, { ...f, ...before }),
    q.dailySeries(ctx.db, f),
  ]);
  return {
    period: { from: query.from, to: query.to },
    previousPeriod: before,
    current: current.measures,
    previous: previous.measures,
    daily,
    conversionsByKind: current.byKind,
  };
}

/** The swipe analysis of a grid, with each page's clicks (for the rankings). */
async function pageTable(db: TDb, grid: TGrid, f: q.TFilter) {
  const [visits, perPage, next] = await Promise.all([
    q.visitTotals(db, f),
    q.pageRows(db, f),
    q.nextPages(db, f),
  ]);
  const byPage = new Map(perPage.map((p) => [p.page, p]));
  const pages = grid.pages.map((page) => {
    const p = byPage.get(page);
    const reached = p?.reached ?? 0;
    return {
      page,
      views: p?.views ?? 0,
      reached,
      reach: visits.visits > 0 ? reached / visits.visits : 0,
      entries: p?.entries ?? 0,
      exits: Math.max(0, p?.exits ?? 0),
      exitRate: reached > 0 ? Math.min(1, Math.max(0, (p?.exits ?? 0) / reached)) : null,
      medianDwellMs: histogramMedian(p?.dwellHistogram),
      meanDwellMs: p && p.dwells > 0 ? Math.round(p.dwellMs / p.dwells) : null,
      nextPage: next.get(page)?.page ?? null,
      nextShare: next.get(page)?.share ?? null,
    };
  });
  return { visits: visits.visits, pages, clicks: new Map(perPage.map((p) => [p.page, p.clicks])) };
}

export async function pagesAnalysis(
  ctx: TAppContext,
  caller: TCaller,
  siteId: string,
  query: TAnalysisQuery,
): Promise<TPagesAnalysis> {
  const grid = await siteGrid(ctx.db, caller, siteId);
  const table = await pageTable(ctx.db, grid, filterOf(siteId, query));
  return {
    period: { from: query.from, to: query.to },
    rows: grid.rows,
    columns: grid.columns,
    visits: table.visits,
    pages: table.pages,
  };
}

export async function creativesAnalysis(
  ctx: TAppContext,
  caller: TCaller,
  siteId: string,
  query: TAnalysisQuery,
) {
  const grid = await siteGrid(ctx.db, caller, siteId);
  const f = filterOf(siteId, query);
  const [perPage, clicks] = await Promise.all([q.pageRows(ctx.db, f), q.clickRows(ctx.db, f)]);
  const views = new Map(perPage.map((p) => [p.page, p.views]));
  const byKind = new Map(clicks.map((c) => [`${c.page}|${c.kind}`, c.count]));
  const count = (page: string, kinds: string[]) =>
    kinds.reduce((sum, kind) => sum + (byKind.get(`${page}|${kind}`) ?? 0), 0);
  return {
    period: { from: query.from, to: query.to },
    pages: grid.pages.map((page) => {
      const linkClicks = count(page, ['LINK']);
      return {
        page,
        views: views.get(page) ?? 0,
        linkClicks,
        linkClickRate: ratio(linkClicks, views.get(page) ?? 0),
        productOpens: count(page, ['PRODUCT']),
        productClicks: count(page, ['PRODUCT_LINK']),
        ctaClicks: count(page, ['CTA']),
        campaignClicks: count(page, ['CAMPAIGN']),
        otherClicks: count(page, ['MENU', 'SNS', 'COMPANY']),
      };
    }),
  };
}

/** Best and worst RANKING_SIZE pages by a value (pages without one are left out). */
function ranking(values: { page: string; value: number | null }[]) {
  const known = values
    .filter((v) => v.value !== null)
    .sort((a, b) => b.value! - a.value! || a.page.localeCompare(b.page));
  return { best: known.slice(0, RANKING_SIZE), worst: known.slice(-RANKING_SIZE).reverse() };
}

export async function rankings(
  ctx: TAppContext,
  caller: TCaller,
  siteId: string,
  query: TAnalysisQuery,
): Promise<TRankings> {
  const grid = await siteGrid(ctx.db, caller, siteId);
  const period = { from: query.from, to: query.to };
  const empty = { best: [], worst: [] };
  if (grid.pages.length < RANKING_MIN_PAGES)
    return {
      period,
      pageCount: grid.pages.length,
      eligible: false,
      reach: empty,
      dwell: empty,
      clickRate: empty,
    };
  const table = await pageTable(ctx.db, grid, filterOf(siteId, query));
  return {
    period,
    pageCount: grid.pages.length,
    eligible: true,
    reach: ranking(table.pages.map((p) => ({ page: p.page, value: p.reach }))),
    dwell: ranking(table.pages.map((p) => ({ page: p.page, value: p.medianDwellMs }))),
    // Every click on the page (link, product, popup CTA, menu, SNS, company) per view.
    clickRate: ranking(
      table.pages.map((p) => ({ page: p.page, value: ratio(table.clicks.get(p.page) ?? 0, p.views) })),
    ),
  };
}

export async function heatmap(
  ctx: TAppContext,
  caller: TCaller,
  siteId: string,
  query: TAnalysisQuery & { page: string },
): Promise<THeatmap> {
  const row = await loadSite(ctx.db, caller, siteId);
  const doc = storedSiteDocument(row.site.published ?? row.site.draft);
  const pages = gridPages(doc.numberVertical, doc.numberHorizontal);
  if (!pages.includes(query.page))
    throw new AppError(400, 'VALIDATION_FAILED', 'analytics.pageInvalid', undefined, [
      { field: 'page', messageKey: 'analytics.pageInvalid' },
    ]);
  const cells = await q.tapCells(ctx.db, filterOf(siteId, query), query.page);
  const lang = query.lang ?? doc.defaultLanguage;
  const creative = (doc.content[lang] ?? doc.content[doc.defaultLanguage])?.creatives.find(
    (c) => c.coordinate === query.page,
  );
  const urls = await mediaUrls(ctx.db, {
    accountId: row.site.accountId,
    doc,
    publicUrl: (key) => ctx.storage.publicUrl(key),
  });
  const assetId = creative?.media?.kind === 'IMAGE' ? creative.media.assetId : undefined;
  return {
    period: { from: query.from, to: query.to },
    page: query.page,
    pages,
    grid: TAP_GRID,
    taps: cells.reduce((a, c) => a + c.count, 0),
    cells,
    imageUrl: assetId ? (urls[assetId] ?? null) : null,
  };
}

/** Page views of a JST month ('YYYY-MM', this one by default) of a set of accounts: the usage counter Check Plan and billing read. */
export async function pageViewsOfMonth(db: TDb, accountIds: string[], opts: { month?: string } = {}) {
  const month = opts.month ?? jstMonthOf(Date.now());
  const found = await q.monthlyPageViews(db, accountIds, { month: `${month}-01` });
  return found.reduce((a, r) => a + r.views, 0);
}

/** Drops the raw event partitions older than the retention and makes the next months' ahead. */
export async function maintainEventPartitions(db: TDb, opts: { retentionMonths: number; now: Date }) {
  for (let ahead = 0; ahead <= 2; ahead++) {
    const month = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth() + ahead, 1));
    await db.execute(sql`select site_events_partition_for(${month.toISOString()}::timestamptz)`);
  }
  const oldest = new Date(
    Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth() - opts.retentionMonths + 1, 1),
  );
  const partitions = (
    await db.execute(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'site_events'`)
  ).rows as { name: string }[];
  const dropped: string[] = [];
  for (const { name } of partitions) {
    const m = /^site_events_(\d{4})_(\d{2})$/.exec(name);
    if (!m) continue;
    if (Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) < oldest.getTime()) {
      await db.execute(sql.raw(`drop table if exists "${name}"`));
      dropped.push(name);
    }
  }
  // Who visited (visitor ids) goes with the raw events; the counts stay.
  await db.execute(sql`delete from site_visits where started_at < ${oldest.toISOString()}::timestamptz`);
  await db.execute(
    sql`delete from analytics_visitor_days where day < ${oldest.toISOString().slice(0, 10)}::date`,
  );
  return { dropped };
}

/**
 * Acquisition: visits, conversions and conversion rate per ad network, and per network, source,
 * medium and campaign; most visits first.
 */
export async function sourcesAnalysis(
  ctx: TAppContext,
  caller: TCaller,
  siteId: string,
  query: TAnalysisQuery,
): Promise<TSourcesAnalysis> {
  await loadSiteRef(ctx.db, caller, siteId);
  const found = await q.sourceRows(ctx.db, filterOf(siteId, query));
  const counted = <T extends { visits: number; byKind: TSourcesAnalysis['campaigns'][number]['byKind'] }>(
    row: T,
  ) => {
    const conversions = Object.values(row.byKind).reduce((a, b) => a + b, 0);
    return { ...row, conversions, conversionRate: ratio(conversions, row.visits) };
  };
  const byVisits = (a: { visits: number; conversions: number }, b: { visits: number; conversions: number }) =>
    b.visits - a.visits || b.conversions - a.conversions;
  const networks = new Map<
    string,
    { network: TAdNetwork | null; visits: number; byKind: Record<string, number> }
  >();
  for (const r of found) {
    const n = networks.get(r.network) ?? {
      network: (r.network || null) as TAdNetwork | null,
      visits: 0,
      byKind: { MEMBER: 0, CONTACT: 0, FORM: 0, SURVEY: 0 },
    };
    n.visits += r.visits;
    for (const [kind, count] of Object.entries(r.byKind)) n.byKind[kind] = (n.byKind[kind] ?? 0) + count;
    networks.set(r.network, n);
  }
  return {
    period: { from: query.from, to: query.to },
    networks: [...networks.values()]
      .map((n) => counted(n as TSourcesAnalysis['networks'][number]))
      .sort(byVisits),
    campaigns: found
      .map((r) => counted({ ...r, network: (r.network || null) as TAdNetwork | null }))
      .sort(
        (a, b) =>
          byVisits(a, b) ||
          `${a.source}\u0000${a.medium}\u0000${a.campaign}`.localeCompare(
            `${b.source}\u0000${b.medium}\u0000${b.campaign}`,
          ),
      ),
  };
}
