import {
  addMonths,
  monthsBetween,
  summaryRangeProblems,
  type TSummary,
  ZSummary,
} from '@swipe/contracts/billing';
import { type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { escapeLike } from '../../platform/list-filters';

// The summary dashboard (SPEC 2): sites, customer companies, MRR, ARR and paid plans of the
// caller's subtree, per JST month of a range of at most the last 13 months. One named query per
// metric (DESIGN 3.8), each a single pass over its table grouped by JST month, so the cost does
// not grow with the number of months; the per-month series are folded together here.

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
 * Paid bills per month of payment: the plan fees (tax excluded) of bills PAID in the month, and
 * the contracts with a paid plan (fee above zero). One pass: grouped by (month, contract) first,
 * which both sums the fees and makes each contract count once (a hash, not count(distinct)'s sort).
 */
export async function revenueByMonth(db: TDb, r: TRange) {
  const rows = await rowsOf<{ month: string; mrr: string; paid: string }>(
    db,
    sql`select to_char(m, 'YYYY-MM') as month, sum(fee) as mrr, count(*) filter (where paid) as paid
        from (select date_trunc('month', (b.paid_at at time zone 'UTC') + interval '9 hours') as m,
                     sum(b.plan_fee) as fee, bool_or(b.plan_fee > 0) as paid
              from bills b
              where ${paidIn(r, r.from)}
              group by 1, b.contract_id) c
        group by m`,
  );
  return new Map(rows.map((row) => [row.month, { mrr: num(row.mrr), paidPlans: num(row.paid) }]));
}

/** The last month's paid plans (contracts with a fee above zero) by plan name, most first. */
export async function paidPlansByName(db: TDb, r: TRange) {
  const rows = await rowsOf<{ name: string; n: string }>(
    db,
    sql`select plan_name as name, count(distinct b.contract_id) as n
        from bills b
        where ${paidIn(r, r.to)} and b.plan_fee > 0
        group by 1`,
  );
  return rows
    .map((row) => ({ name: row.name, count: num(row.n) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Bills PAID from the start of `from` to the end of the range, of accounts in scope. */
function paidIn(r: TRange, from: string) {
  const start = monthStart(from).toISOString();
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
  checkRange(opts, opts.now);
  const r: TRange = { from: opts.from, to: opts.to, prefix: opts.caller.accountPath };
  const months = monthsBetween(r.from, r.to);
  const [sites, companies, revenue, plans] = await Promise.all([
    sitesByMonth(ctx.db, r),
    companiesByMonth(ctx.db, r, months),
    revenueByMonth(ctx.db, r),
    paidPlansByName(ctx.db, r),
  ]);
  const series = months.map((month) => ({
    month,
    sitesCreated: sites.created.get(month) ?? 0,
    companies: companies.get(month) ?? 0,
    mrr: revenue.get(month)?.mrr ?? 0,
    paidPlans: revenue.get(month)?.paidPlans ?? 0,
  }));
  const last = series.at(-1)!;
  return ZSummary.parse({
    totals: {
      sites: sites.total,
      companies: last.companies,
      mrr: last.mrr,
      arr: last.mrr * 12,
      paidPlans: last.paidPlans,
    },
    months: series,
    plans,
  });
}
