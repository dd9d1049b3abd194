import {
  addMonths,
  monthsBetween,
  summaryRangeProblems,
  type TSummary,
  ZSummary,
} from '@swipe/contracts/billing';
import { addDays, jstDay, lastDayOfMonth } from '@swipe/contracts/jst-format';
import { type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { escapeLike } from '../../platform/list-filters';

// The summary dashboard: sites, customer companies, MRR, ARR, paid plans and cash
// received of the caller's subtree, per JST month of a range of at most the last 13 months. One
// named query per metric, each a single pass over its tables, so the cost does not
// grow with the number of months; the per-month series are folded together here.
//
// MRR is the industry's: a snapshot of the monthly plan fees (tax excluded) of the contracts
// active at the month's end, whether their bills are paid or not (a declined card or a transfer
// still awaited does not lower it); ARR is 12 x MRR. A month's end is the end of its last day in
// Japan, or of today for the current month. Cash received is the other figure: the bills paid in
// the month, tax included, whichever month they bill.

/** The customer companies: companies under an OEM and the platform's direct customers. */
const COMPANY_TYPES = ['COMPANY', 'DIRECT'] as const;

type TRange = { from: string; to: string; prefix: string };

/** 00:00 JST on the first day of `month` (YYYY-MM), as an instant. */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00+09:00`);

/**
 * A column's JST month within the range, as width_bucket's index over the months' starts: 0
 * before the range, 1..n its months, n + 1 after it (null for a null column). One comparison
 * per boundary, no formatting per row: the grouping costs little even over every account.
 */
const bucket = (column: SQL, r: TRange) => {
  const starts = [...monthsBetween(r.from, r.to), addMonths(r.to, 1)].map((m) => monthStart(m).toISOString());
  return sql`width_bucket(${column}, ${`{${starts.join(',')}}`}::timestamptz[])`;
};

/** The month of a bucket index: '0000-00' before the range, null after it. */
const monthOfBucket = (index: number | string | null, r: TRange) => {
  if (index === null) return null;
  const i = Number(index);
  const months = monthsBetween(r.from, r.to);
  return i === 0 ? '0000-00' : i > months.length ? null : months[i - 1]!;
};

const rowsOf = async <T>(db: TDb, query: SQL) => (await db.execute(query)).rows as T[];
const num = (v: unknown) => Number(v ?? 0);

/** Whether a path is a root's (the platform's): its subtree is every account. */
const isRoot = (path: string) => path.split('/').filter(Boolean).length === 1;

/** The accounts of the caller's subtree (its own included): one prefix scan of the path index. */
const inScope = (alias: string, r: TRange) => sql`${sql.raw(alias)}.path like ${`${escapeLike(r.prefix)}%`}`;

/** Sites created per month of the range, and how many exist at its end (sites are deleted for good). */
export async function sitesByMonth(db: TDb, r: TRange) {
  const end = monthStart(addMonths(r.to, 1)).toISOString();
  const rows = await rowsOf<{ month: number | null; n: string }>(
    db,
    sql`select ${bucket(sql`s.created_at`, r)} as month, count(*) as n
        from sites s join accounts a on a.id = s.account_id
        where ${inScope('a', r)} and s.created_at < ${end}::timestamptz
          and (a.deleted_at is null or a.deleted_at >= ${end}::timestamptz)
        group by 1`,
  );
  const created = new Map(rows.map((row) => [monthOfBucket(row.month, r), num(row.n)]));
  return { created, total: rows.reduce((sum, row) => sum + num(row.n), 0) };
}

/** Customer companies existing at the end of each month: created before it, not deleted by then. */
export async function companiesByMonth(db: TDb, r: TRange, months: string[]) {
  const end = monthStart(addMonths(r.to, 1)).toISOString();
  // Grouped by (created, deleted) month, both clamped: at most (n + 1)^2 rows, folded below.
  const rows = await rowsOf<{ created: number; deleted: number | null; n: string }>(
    db,
    sql`select ${bucket(sql`a.created_at`, r)} as created, ${bucket(sql`a.deleted_at`, r)} as deleted,
               count(*) as n
        from accounts a
        where ${inScope('a', r)} and a.type in (${sql.join(
          COMPANY_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )})
          and a.created_at < ${end}::timestamptz
          and (a.deleted_at is null or a.deleted_at >= ${monthStart(r.from).toISOString()}::timestamptz)
        group by 1, 2`,
  );
  const spans = rows.map((row) => ({
    created: monthOfBucket(row.created, r) ?? '9999-99',
    deleted: monthOfBucket(row.deleted, r),
    n: row.n,
  }));
  return new Map(
    months.map((m) => [
      m,
      spans
        .filter((row) => row.created <= m && (row.deleted === null || row.deleted > m))
        .reduce((sum, row) => sum + num(row.n), 0),
    ]),
  );
}

/**
 * The day each month of the range is measured on (its last, or today for the current month, both
 * JST) and the instant that day ends (00:00 JST the next day).
 */
export function monthEnds(months: string[], now: number) {
  const today = jstDay(now);
  return months.map((month) => {
    const last = lastDayOfMonth(month);
    const day = last < today ? last : today;
    const next = addDays(day, 1);
    return { month, day, endsAt: new Date(`${next}T00:00:00+09:00`).toISOString() };
  });
}

/**
 * MRR, paid plans and the last month's paid plans by name, from the contracts active at each
 * month's end (monthEnds): started on or before that day, ending on or after it, neither
 * terminated nor its account deleted before the day ended. A suspended contract is still billed,
 * so it counts. The fee is the plan's (tax excluded) of the plan period holding the day, as the
 * monthly run bills it: before the first period its first plan, with no period the contract's.
 *
 * One pass that does not grow with the months: each contract's plan periods become spans of
 * days, and as the measured days only move forward, the months a span is active on are one run,
 * from the first whose day is in it to the last whose day (and end) it still covers. Only the
 * contracts with a period starting after the first measured day need their periods read: the
 * latest period holds the contract's plan (the periods' trigger writes one on every switch), so
 * on every measured day the others hold it too. Those bounds are width_bucket indexes over the days
 * and ends; grouped by (first, last, plan) the rows are at most (n + 1)^2 per plan, folded per
 * month here.
 */
export async function recurringByMonth(db: TDb, r: TRange, months: string[], now: number) {
  const ends = monthEnds(months, now);
  const days = `{${ends.map((e) => e.day).join(',')}}`;
  const instants = `{${ends.map((e) => e.endsAt).join(',')}}`;
  const n = ends.length;
  // The platform's tree is every contract: only the deleted accounts (few) are looked up.
  const accountsJoin = isRoot(r.prefix)
    ? sql`left join accounts a on a.id = c.account_id and a.deleted_at is not null`
    : sql`join accounts a on a.id = c.account_id and ${inScope('a', r)}`;
  // first: 1 + the months measured on a day before the span starts; last: the months whose day
  // the span still covers and that ended before the contract was terminated or its account deleted.
  const rows = await rowsOf<{ first: number; last: number; name: string; price: number; n: string }>(
    db,
    sql`with switched as (
          select distinct contract_id from contract_plan_periods where valid_from > ${ends[0]!.day}::date
        ),
        periods as (
          select contract_id, plan_id,
                 case when row_number() over w = 1 then '-infinity'::date else valid_from end as valid_from,
                 coalesce(lead(valid_from) over w, 'infinity'::date) as valid_to
          from contract_plan_periods
          where contract_id in (select contract_id from switched)
          window w as (partition by contract_id order by valid_from)
        ),
        spans as (
          select coalesce(p.plan_id, c.plan_id) as plan_id,
                 width_bucket(greatest(c.start_date, p.valid_from) - 1, ${days}::date[]) + 1 as first,
                 least(
                   width_bucket(least(c.end_date, p.valid_to - 1), ${days}::date[]),
                   coalesce(width_bucket(c.terminated_at, ${instants}::timestamptz[]), ${n}),
                   coalesce(width_bucket(a.deleted_at, ${instants}::timestamptz[]), ${n})
                 ) as last
          from contracts c
          ${accountsJoin}
          left join periods p on p.contract_id = c.id
          where c.start_date <= ${ends.at(-1)!.day}::date and c.end_date >= ${ends[0]!.day}::date
        ),
        runs as (
          select plan_id, first, last, count(*) as n from spans where first <= last group by 1, 2, 3
        )
        select r.first, r.last, pl.name, pl.price, sum(r.n) as n
        from runs r join plans pl on pl.id = r.plan_id
        where pl.price > 0
        group by 1, 2, 3, 4`,
  );
  const byMonth = new Map(months.map((m) => [m, { mrr: 0, paidPlans: 0 }]));
  const plans = new Map<string, number>();
  for (const row of rows) {
    const count = num(row.n);
    const first = Math.max(1, num(row.first));
    const last = Math.min(n, num(row.last));
    for (let i = first; i <= last; i++) {
      const m = byMonth.get(ends[i - 1]!.month)!;
      m.mrr += num(row.price) * count;
      m.paidPlans += count;
    }
    if (first <= n && last >= n) plans.set(row.name, (plans.get(row.name) ?? 0) + count);
  }
  return {
    byMonth,
    plans: [...plans]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
  };
}

/** Cash received per month: the totals (tax included) of the bills paid in it, of accounts in scope. */
export async function cashByMonth(db: TDb, r: TRange) {
  const rows = await rowsOf<{ month: number; cash: string }>(
    db,
    sql`select ${bucket(sql`b.paid_at`, r)} as month, sum(b.total) as cash
        from bills b
        where ${paidInRange(r)}
        group by 1`,
  );
  return new Map(rows.map((row) => [monthOfBucket(row.month, r), num(row.cash)]));
}

/** Bills PAID within the range (JST months), of accounts in scope. */
function paidInRange(r: TRange) {
  const start = monthStart(r.from).toISOString();
  const end = monthStart(addMonths(r.to, 1)).toISOString();
  // The platform's tree is every account: no need to look them up.
  const scope = isRoot(r.prefix)
    ? sql``
    : sql`and exists (select 1 from accounts a where a.id = b.account_id and ${inScope('a', r)})`;
  return sql`b.status = 'PAID' and b.paid_at >= ${start}::timestamptz and b.paid_at < ${end}::timestamptz ${scope}`;
}

/** Refuses a range outside the current JST month and the SUMMARY_MONTHS_BACK before it (400). */
export function checkRange(q: { from: string; to: string }, now = Date.now()) {
  const problems = summaryRangeProblems(q, now);
  if (problems.length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', 'common.invalid', undefined, problems);
}

export async function summary(
  ctx: TAppContext,
  opts: { caller: TCaller; from: string; to: string; now?: number },
): Promise<TSummary> {
  const now = opts.now ?? Date.now();
  checkRange(opts, now);
  const r: TRange = { from: opts.from, to: opts.to, prefix: opts.caller.accountPath };
  const months = monthsBetween(r.from, r.to);
  const [sites, companies, recurring, cash] = await Promise.all([
    sitesByMonth(ctx.db, r),
    companiesByMonth(ctx.db, r, months),
    recurringByMonth(ctx.db, r, months, now),
    cashByMonth(ctx.db, r),
  ]);
  const series = months.map((month) => ({
    month,
    sitesCreated: sites.created.get(month) ?? 0,
    companies: companies.get(month) ?? 0,
    mrr: recurring.byMonth.get(month)?.mrr ?? 0,
    paidPlans: recurring.byMonth.get(month)?.paidPlans ?? 0,
    cashReceived: cash.get(month) ?? 0,
  }));
  const last = series.at(-1)!;
  return ZSummary.parse({
    totals: {
      sites: sites.total,
      companies: last.companies,
      mrr: last.mrr,
      arr: last.mrr * 12,
      paidPlans: last.paidPlans,
      cashReceived: last.cashReceived,
    },
    months: series,
    plans: recurring.plans,
  });
}
