import { addDays, type TAnalysisQuery } from '@swipe/contracts/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { ALL, DWELL_BUCKETS_MS } from './event-rollups';

// Every number of effect measurement, one query function per metric, all over the rollups the
// event writer keeps (never site_events). This file is the only reader: moving the event store to
// a column store (ClickHouse) means rewriting these functions against its tables, nothing else.

export type TFilter = Pick<TAnalysisQuery, 'from' | 'to' | 'lang' | 'device'> & { siteId: string };

/** The rollup rows of the filter: the site, the JST days, and the language and device if chosen. */
function where(f: TFilter, table: string): SQL {
  const t = sql.raw(table);
  // Unfiltered: the rows summing every language and device. One filter: its rows (never the ALL
  // rows, whose language and device are ALL). Both: exactly those.
  const cut =
    !f.lang && !f.device
      ? sql`and ${t}.lang = ${ALL} and ${t}.device = ${ALL}`
      : sql`${f.lang ? sql`and ${t}.lang = ${f.lang}` : sql``} ${f.device ? sql`and ${t}.device = ${f.device}` : sql``}`;
  return sql`${t}.site_id = ${f.siteId} and ${t}.day between ${f.from}::date and ${f.to}::date ${cut}`;
}

const rows = async <T>(db: TDb, query: SQL) => (await db.execute(query)).rows as T[];
const num = (v: unknown) => Number(v ?? 0);

/** Visits started and visits that reached a second page. */
export async function visitTotals(db: TDb, f: TFilter) {
  const [r] = await rows<{ visits: string; engaged: string }>(
    db,
    sql`select coalesce(sum(visits), 0) as visits, coalesce(sum(engaged), 0) as engaged
        from analytics_visit_days v where ${where(f, 'v')}`,
  );
  return { visits: num(r?.visits), engaged: num(r?.engaged) };
}

/** Distinct visitors over the whole period (not a sum of days). */
export async function uniqueVisitors(db: TDb, f: TFilter) {
  const [r] = await rows<{ n: string }>(
    db,
    sql`select count(distinct visitor_id) as n from analytics_visitor_days d where ${where(f, 'd')}`,
  );
  return num(r?.n);
}

const BUCKETS = DWELL_BUCKETS_MS.length + 1;
const BUCKET_SUMS = sql.raw(
  Array.from({ length: BUCKETS }, (_, i) => `sum(dwell_${i}) as dwell_${i}`).join(', '),
);

/** Per page: views, reached, entries, exits, dwell sum, count and histogram, clicks. */
export async function pageRows(db: TDb, f: TFilter) {
  const found = await rows<Record<string, string>>(
    db,
    sql`select page, sum(views) as views, sum(reached) as reached, sum(entries) as entries,
          sum(exits) as exits, sum(dwell_ms) as dwell_ms, sum(dwells) as dwells, sum(clicks) as clicks,
          ${BUCKET_SUMS}
        from analytics_page_days p where ${where(f, 'p')} group by page`,
  );
  return found.map((r) => ({
    page: r.page!,
    views: num(r.views),
    reached: num(r.reached),
    entries: num(r.entries),
    exits: num(r.exits),
    dwellMs: num(r.dwell_ms),
    dwells: num(r.dwells),
    clicks: num(r.clicks),
    dwellHistogram: Array.from({ length: BUCKETS }, (_, i) => num(r[`dwell_${i}`])),
  }));
}

/** The most common next page of every page, and its share of the page's swipes. */
export async function nextPages(db: TDb, f: TFilter) {
  const found = await rows<{ from_page: string; to_page: string; count: string }>(
    db,
    sql`select from_page, to_page, sum(count) as count from analytics_swipe_days s where ${where(f, 's')}
        group by from_page, to_page`,
  );
  const best = new Map<string, { page: string; count: number; total: number }>();
  for (const r of found) {
    const count = num(r.count);
    const seen = best.get(r.from_page);
    if (!seen) best.set(r.from_page, { page: r.to_page, count, total: count });
    else {
      seen.total += count;
      if (count > seen.count || (count === seen.count && r.to_page < seen.page))
        Object.assign(seen, { page: r.to_page, count });
    }
  }
  return new Map(
    [...best].map(([from, b]) => [from, { page: b.page, share: b.count / Math.max(1, b.total) }]),
  );
}

/** Clicks per page and target (and LINK split into the page's own button and products' links). */
export async function clickRows(db: TDb, f: TFilter) {
  const found = await rows<{ page: string; kind: string; count: string }>(
    db,
    sql`select page,
          case when target = 'LINK' and target_id like 'p-%' then 'PRODUCT_LINK' else target end as kind,
          sum(count) as count
        from analytics_click_days c where ${where(f, 'c')} group by 1, 2`,
  );
  return found.map((r) => ({ page: r.page, kind: r.kind, count: num(r.count) }));
}

/** Conversions by kind. */
export async function conversionsByKind(db: TDb, f: TFilter) {
  const found = await rows<{ kind: string; count: string }>(
    db,
    sql`select kind, sum(count) as count from analytics_conversion_days c where ${where(f, 'c')} group by kind`,
  );
  return Object.fromEntries(found.map((r) => [r.kind, num(r.count)])) as Record<string, number>;
}

/**
 * Visits and the conversions of those visits by kind, per ad network, source, medium and
 * campaign ('' where there is none).
 */
export async function sourceRows(db: TDb, f: TFilter) {
  const found = await rows<Record<string, string>>(
    db,
    sql`select network, source, medium, campaign, sum(visits) as visits, sum(member) as member,
          sum(contact) as contact, sum(form) as form, sum(survey) as survey
        from analytics_source_days s where ${where(f, 's')}
        group by network, source, medium, campaign`,
  );
  return found.map((r) => ({
    network: r.network!,
    source: r.source!,
    medium: r.medium!,
    campaign: r.campaign!,
    visits: num(r.visits),
    byKind: { MEMBER: num(r.member), CONTACT: num(r.contact), FORM: num(r.form), SURVEY: num(r.survey) },
  }));
}

/** Per JST day of the period (every day, zero when nothing happened): page views, visits, visitors, conversions. */
export async function dailySeries(db: TDb, f: TFilter) {
  const perDay = async (query: SQL) =>
    new Map((await rows<{ day: string; n: string }>(db, query)).map((r) => [r.day, num(r.n)]));
  const [views, visits, visitors, conversions] = await Promise.all([
    perDay(
      sql`select day::text as day, sum(views) as n from analytics_page_days p where ${where(f, 'p')} group by day`,
    ),
    perDay(
      sql`select day::text as day, sum(visits) as n from analytics_visit_days v where ${where(f, 'v')} group by day`,
    ),
    perDay(
      sql`select day::text as day, count(distinct visitor_id) as n from analytics_visitor_days u where ${where(f, 'u')} group by day`,
    ),
    perDay(
      sql`select day::text as day, sum(count) as n from analytics_conversion_days c where ${where(f, 'c')} group by day`,
    ),
  ]);
  const out = [];
  for (let day = f.from; day <= f.to; day = addDays(day, 1))
    out.push({
      day,
      pageViews: views.get(day) ?? 0,
      visits: visits.get(day) ?? 0,
      visitors: visitors.get(day) ?? 0,
      conversions: conversions.get(day) ?? 0,
    });
  return out;
}

/** Taps on one page per cell of the grid. */
export async function tapCells(db: TDb, f: TFilter, page: string) {
  const found = await rows<{ cell: number; count: string }>(
    db,
    sql`select cell, sum(count) as count from analytics_tap_days t where ${where(f, 't')} and t.page = ${page}
        group by cell order by cell`,
  );
  return found.map((r) => ({ cell: r.cell, count: num(r.count) }));
}

/** Page views of one JST month (its first day) of a set of accounts (Check Plan, billing). */
export async function monthlyPageViews(db: TDb, accountIds: string[], opts: { month: string }) {
  if (accountIds.length === 0) return [];
  const found = await rows<{ month: string; views: string }>(
    db,
    sql`select month::text as month, sum(views) as views from account_page_views
        where account_id = any(${sql.param(accountIds)}::uuid[]) and month = ${opts.month}::date
        group by month`,
  );
  return found.map((r) => ({ month: r.month, views: num(r.views) }));
}
