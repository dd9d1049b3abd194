import { GOAL_BITS, type TExperimentGoal } from '@swipe/contracts/experiments';
import { CONVERSION_KINDS, type TConversionKind } from '@swipe/contracts/site-events';
import { type SQL, sql } from 'drizzle-orm';
import { JST_OFFSET_MS, jstDate } from '../../platform/schedule';
import type { TEventRow, TVisitMeta } from '../../platform/visit-events';

const DAY_MS = 86_400_000;

// The rollups every batch of new visit events moves (screens read rollups, never raw
// events): their deltas are summed here, in the process (a batch of thousands of events moves a
// few hundred rollup rows), then upserted in one statement inside the batch's transaction.

/** Dwell buckets' upper bounds (ms): bucket i holds dwell < DWELL_BUCKETS_MS[i]; the last is open. */
export const DWELL_BUCKETS_MS = [
  1000, 2000, 3000, 5000, 8000, 13000, 20000, 30000, 45000, 60000, 120000, 300000,
];
/** Taps are counted in a TAP_GRID x TAP_GRID grid over the creative. */
export const TAP_GRID = 40;

/**
 * The visits that start in this batch, as a relation for site_visits; `goals`: the experiment
 * goals (GOAL_BITS) each visit of a variation reached in this batch, by visit key.
 */
function visitsRelation(rows: TEventRow[], goals: Map<string, number>) {
  const starts = rows.filter((r) => r.visit);
  const v = (pick: (r: TEventRow) => unknown) => sql.param(starts.map(pick));
  return sql`select * from unnest(
    ${v((r) => r.siteId)}::uuid[], ${v((r) => r.visitId)}::varchar[], ${v((r) => r.visit!.visitorId)}::varchar[],
    ${v((r) => r.occurredAt.toISOString())}::timestamptz[], ${v((r) => r.lang)}::varchar[],
    ${v((r) => r.device)}::varchar[], ${v((r) => r.page)}::varchar[],
    ${v((r) => r.visit!.referrerHost)}::varchar[], ${v((r) => r.visit!.utmSource)}::varchar[],
    ${v((r) => r.visit!.utmMedium)}::varchar[], ${v((r) => r.visit!.utmCampaign)}::varchar[],
    ${v((r) => r.visit!.adNetwork)}::varchar[], ${v((r) => r.visit!.adClickId)}::varchar[],
    ${v((r) => r.visit!.variationId ?? null)}::uuid[],
    ${v((r) => goals.get(`${r.siteId}\u0000${r.visitId}`) ?? 0)}::smallint[])`;
}

/** The experiment goal an event reaches: a conversion of its kind, or the goal button's click. */
const goalOf = (r: TEventRow): TExperimentGoal | null =>
  r.type === 'GOAL'
    ? 'BUTTON'
    : r.type === 'CONV' && r.target && r.target in GOAL_BITS
      ? (r.target as TExperimentGoal)
      : null;

/**
 * Where a visit came from, as the sources rollup keys it: the ad network of its click id, its
 * utm_source or else its referrer's host, its utm_medium and utm_campaign ('' for what is absent).
 * sourceSql says the same of a site_visits row.
 */
export const sourceOf = (v: TVisitMeta): [string, string, string, string] => [
  v.adNetwork ?? '',
  v.utmSource || v.referrerHost || '',
  v.utmMedium ?? '',
  v.utmCampaign ?? '',
];
const sourceSql = (v: string) =>
  sql.raw(`coalesce(${v}.ad_network, ''), coalesce(nullif(${v}.utm_source, ''), ${v}.referrer_host, ''),
    coalesce(${v}.utm_medium, ''), coalesce(${v}.utm_campaign, '')`);

/**
 * The language and device of the rollup rows that sum every language and device: the screens'
 * unfiltered view reads those (the rows of one language, or one device, are the others).
 */
export const ALL = '*';

/** The dwell bucket of a time on page: how many bounds it reached (SQL's width_bucket). */
export const dwellBucket = (ms: number) => {
  let i = 0;
  while (i < DWELL_BUCKETS_MS.length && ms >= DWELL_BUCKETS_MS[i]!) i++;
  return i;
};

/** The cell of a tap (x, y in thousandths) in the TAP_GRID x TAP_GRID raster. */
export const tapCell = (x: number, y: number) =>
  Math.min(TAP_GRID - 1, Math.floor((y * TAP_GRID) / 1000)) * TAP_GRID +
  Math.min(TAP_GRID - 1, Math.floor((x * TAP_GRID) / 1000));

/** Sums numeric columns by key; the keys come out sorted (locks taken in one order everywhere). */
class Sums<K extends readonly (string | number)[]> {
  private readonly map = new Map<string, { key: K; values: number[] }>();
  constructor(private readonly width: number) {}
  /** The values of the row of `key`, whose parts `id` joins (made on first use). */
  row(id: string, key: () => K): number[] {
    let found = this.map.get(id);
    if (!found) {
      found = { key: key(), values: new Array<number>(this.width).fill(0) };
      this.map.set(id, found);
    }
    return found.values;
  }
  /** Adds `n` to value `index` of the row of `key`. */
  add(key: K, index = 0, n = 1) {
    this.row(key.join('\u0000'), () => key)[index]! += n;
  }
  /** Column i of the sorted rows (keys first, then values). */
  columns(): unknown[][] {
    const rows = [...this.map.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => [...r.key, ...r.values]);
    const width = rows[0]?.length ?? 0;
    return Array.from({ length: width }, (_, c) => rows.map((r) => r[c]));
  }
  get size() {
    return this.map.size;
  }
}

type TKey = [string, string, string, string];

/** The conversion kinds, in the order of the sources rollup's columns. */
const CONVERSION_ORDER = CONVERSION_KINDS;
const CONVERSION_COLUMNS = CONVERSION_ORDER.map((k) => k.toLowerCase());

/**
 * The upsert of the sources rollup: the visits and conversions summed here, plus the conversions
 * of visits that started in an earlier batch, whose source is read from their site_visits row
 * (under their own language and device and under ALL, like every rollup row).
 */
function sourceDays(
  parts: SQL[],
  sums: Sums<readonly (string | number)[]>,
  later: TEventRow[],
  dayOf: (at: Date) => string,
) {
  if (sums.size === 0 && later.length === 0) return;
  const c = sums.columns();
  const types = ['uuid', 'date', 'varchar', 'varchar', 'varchar', 'varchar', 'varchar', 'varchar', 'int'];
  const here = sql.join(
    [...types, ...CONVERSION_ORDER.map(() => 'int')].map(
      (type, i) => sql`${sql.param(c[i] ?? [])}::${sql.raw(type)}[]`,
    ),
    sql`, `,
  );
  const l = (pick: (r: TEventRow) => unknown) => sql.param(later.map(pick));
  const earlier =
    later.length === 0
      ? sql``
      : sql`union all
        select c.site_id, c.day, k.lang, k.device, ${sourceSql('v')}, 0,
          ${sql.raw(CONVERSION_ORDER.map((kind) => `(c.kind = '${kind}')::int`).join(', '))}
        from unnest(${l((r) => r.siteId)}::uuid[], ${l((r) => r.visitId)}::varchar[],
          ${l((r) => dayOf(r.occurredAt))}::date[], ${l((r) => r.lang)}::varchar[],
          ${l((r) => r.device)}::varchar[], ${l((r) => r.target)}::varchar[])
          as c(site_id, visit_id, day, lang, device, kind)
        left join site_visits v on v.site_id = c.site_id and v.visit_id = c.visit_id
        cross join lateral (values (c.lang, c.device), (${ALL}, ${ALL})) as k(lang, device)`;
  const keys = 'site_id, day, lang, device, network, source, medium, campaign';
  const values = ['visits', ...CONVERSION_COLUMNS];
  parts.push(sql`sources as (
    insert into analytics_source_days as t (${sql.raw(`${keys}, ${values.join(', ')}`)})
    select ${sql.raw(keys)}, ${sql.raw(values.map((v) => `sum(${v})`).join(', '))}
    from (select * from unnest(${here}) as h(${sql.raw(`${keys}, ${values.join(', ')}`)}) ${earlier}) as x
    group by ${sql.raw(keys)} order by ${sql.raw(keys)}
    on conflict (${sql.raw(keys)}) do update set
      ${sql.raw(values.map((v) => `${v} = t.${v} + excluded.${v}`).join(', '))}
    returning 1)`);
}

/**
 * The rollups' deltas of a batch of new events, summed here (a batch of thousands of events
 * moves a few hundred rollup rows), then upserted in one statement: every rollup and counter
 * moves together with the events, in the caller's transaction.
 */
export function rollUp(rows: TEventRow[]): SQL {
  // views, reached, entries, exits, dwell ms, dwells, clicks, taps, then the dwell buckets
  const [VIEWS, REACHED, ENTRIES, EXITS, DWELL_MS, DWELLS, CLICKS, TAPS, BUCKET_0] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ];
  const pages = new Sums<[...TKey, string]>(BUCKET_0 + DWELL_BUCKETS_MS.length + 1);
  const swipes = new Sums<[...TKey, string, string]>(1);
  const clicks = new Sums<[...TKey, string, string, string]>(1);
  const taps = new Sums<[...TKey, string, number]>(1);
  const visits = new Sums<TKey>(2);
  const conversions = new Sums<[...TKey, string, string]>(1);
  // visits, then conversions by kind (CONVERSION_ORDER), by where the visit came from
  const sources = new Sums<[...TKey, string, string, string, string]>(1 + CONVERSION_ORDER.length);
  /** Where each visit that starts in this batch came from (its conversions are summed here too). */
  const startedHere = new Map<string, [string, string, string, string]>();
  // Experiment goals: of the visits of a variation that start here, kept with the
  // visit (goalsHere, filled below: every visit of a variation has a key); of earlier visits, set
  // on their site_visits row (only a variation's visit keeps them).
  const goalsHere = new Map<string, number>();
  for (const r of rows)
    if (r.visit) {
      const key = `${r.siteId}\u0000${r.visitId}`;
      startedHere.set(key, sourceOf(r.visit));
      if (r.visit.variationId) goalsHere.set(key, 0);
    }
  const laterGoals: [string, string, number][] = [];
  /** Conversions of visits that started earlier: their source is looked up in SQL (site_visits). */
  const laterConversions: TEventRow[] = [];
  const views = new Sums<[string, string]>(1);
  const cta = new Sums<[string, string]>(1);
  // A batch spans a few JST days: each is formatted once (by its day number), not once a row.
  const days = new Map<number, string>();
  const dayOf = (at: Date) => {
    const n = Math.floor((at.getTime() + JST_OFFSET_MS) / DAY_MS);
    const known = days.get(n);
    if (known !== undefined) return known;
    const day = jstDate(at);
    days.set(n, day);
    return day;
  };
  for (const r of rows) {
    const goal = r.type === 'GOAL' || r.type === 'CONV' ? goalOf(r) : null;
    if (goal) {
      const key = `${r.siteId}\u0000${r.visitId}`;
      const here = goalsHere.get(key);
      if (here !== undefined) goalsHere.set(key, here | GOAL_BITS[goal]);
      else if (!startedHere.has(key)) laterGoals.push([r.siteId, r.visitId, GOAL_BITS[goal]]);
    }
    // A goal button's click is counted as a CLICK too: its GOAL event moves the experiment only.
    if (r.type === 'GOAL') continue;
    const day = dayOf(r.occurredAt);
    if (r.type === 'VIEW') views.add([r.siteId, day.slice(0, 7)]);
    if (r.type === 'CLICK' && r.target === 'CTA' && r.targetId === 'timeLimit')
      cta.add([r.siteId, r.targetId]);
    // Each rollup row twice: under its language and device, and under ALL (the unfiltered view
    // reads a sixth of the rows).
    const own = `${r.siteId}\u0000${day}\u0000${r.lang}\u0000${r.device}`;
    const all = `${r.siteId}\u0000${day}\u0000${ALL}\u0000${ALL}`;
    for (let twice = 0; twice < 2; twice++) {
      const k = (twice === 0 ? [r.siteId, day, r.lang, r.device] : [r.siteId, day, ALL, ALL]) as TKey;
      const here = pages.row(
        `${twice === 0 ? own : all}\u0000${r.page}`,
        () => [...k, r.page] as [...TKey, string],
      );
      switch (r.type) {
        case 'VIEW':
          here[VIEWS]! += 1;
          if (r.ordinal !== null) here[REACHED]! += 1;
          if (r.ordinal === 1) {
            here[ENTRIES]! += 1;
            here[EXITS]! += 1;
            visits.add(k, 0);
          }
          if (r.visit) sources.add([...k, ...sourceOf(r.visit)], 0);
          if (r.ordinal === 2) visits.add(k, 1);
          break;
        case 'SWIPE':
          here[EXITS]! += 1;
          if (r.fromPage) {
            pages.add([...k, r.fromPage], EXITS, -1);
            swipes.add([...k, r.fromPage, r.page]);
          }
          break;
        case 'DWELL':
          here[DWELL_MS]! += r.dwellMs ?? 0;
          here[DWELLS]! += 1;
          here[BUCKET_0 + dwellBucket(r.dwellMs ?? 0)]! += 1;
          break;
        case 'CLICK':
          here[CLICKS]! += 1;
          clicks.add([...k, r.page, r.target ?? '', r.targetId ?? '']);
          break;
        case 'TAP':
          here[TAPS]! += 1;
          if (r.x !== null && r.y !== null) taps.add([...k, r.page, tapCell(r.x, r.y)]);
          break;
        case 'CONV': {
          if (!r.target) break;
          conversions.add([...k, r.page, r.target]);
          const kind = CONVERSION_ORDER.indexOf(r.target as TConversionKind);
          const source = startedHere.get(`${r.siteId}\u0000${r.visitId}`);
          if (kind >= 0 && source) sources.add([...k, ...source], 1 + kind);
          else if (kind >= 0 && twice === 0) laterConversions.push(r);
          break;
        }
      }
    }
  }
  const p = (columns: unknown[][], i: number, type: string) =>
    sql`${sql.param(columns[i] ?? [])}::${sql.raw(type)}[]`;
  const parts: SQL[] = [];
  const part = (name: string, size: number, body: SQL) => {
    if (size > 0) parts.push(sql`${sql.raw(name)} as (${body} returning 1)`);
  };
  /**
   * The upsert of one daily rollup: `keys` after (site_id, day, lang, device), then the `values`
   * its rows add to what is stored, in the order the Sums holds them.
   */
  const daily = (
    table: string,
    sums: Sums<readonly (string | number)[]>,
    keys: [string, string][],
    values: [string, string][],
  ) => {
    const columns: [string, string][] = [
      ['site_id', 'uuid'],
      ['day', 'date'],
      ['lang', 'varchar'],
      ['device', 'varchar'],
      ...keys,
      ...values,
    ];
    const c = sums.columns();
    const names = (list: [string, string][]) => sql.raw(list.map(([n]) => n).join(', '));
    part(
      table,
      sums.size,
      sql`insert into ${sql.raw(table)} as t (${names(columns)})
        select * from unnest(${sql.join(
          columns.map(([, type], i) => p(c, i, type)),
          sql`, `,
        )})
        on conflict (${names(columns.slice(0, 4 + keys.length))}) do update set
          ${sql.raw(values.map(([n]) => `${n} = t.${n} + excluded.${n}`).join(', '))}`,
    );
  };
  sourceDays(parts, sources, laterConversions, dayOf);
  const int = (name: string): [string, string] => [name, 'int'];
  const varchar = (name: string): [string, string] => [name, 'varchar'];
  daily(
    'analytics_page_days',
    pages,
    [varchar('page')],
    [
      ...['views', 'reached', 'entries', 'exits'].map(int),
      ['dwell_ms', 'bigint'],
      ...['dwells', 'clicks', 'taps'].map(int),
      ...Array.from({ length: DWELL_BUCKETS_MS.length + 1 }, (_, i) => int(`dwell_${i}`)),
    ],
  );
  daily('analytics_swipe_days', swipes, [varchar('from_page'), varchar('to_page')], [int('count')]);
  daily(
    'analytics_click_days',
    clicks,
    [varchar('page'), varchar('target'), varchar('target_id')],
    [int('count')],
  );
  daily('analytics_tap_days', taps, [varchar('page'), ['cell', 'smallint']], [int('count')]);
  daily('analytics_visit_days', visits, [], [int('visits'), int('engaged')]);
  daily('analytics_conversion_days', conversions, [varchar('entry_page'), varchar('kind')], [int('count')]);
  const wc = views.columns();
  part(
    'site_views',
    views.size,
    sql`insert into site_view_counts as t (site_id, views)
      select site_id, sum(n) from unnest(${p(wc, 0, 'uuid')}, ${p(wc, 2, 'int')}) as v(site_id, n)
      group by site_id order by site_id
      on conflict (site_id) do update set views = t.views + excluded.views, updated_at = now()`,
  );
  part(
    'usage',
    views.size,
    sql`insert into account_page_views as t (account_id, month, views)
      select s.account_id, (v.month || '-01')::date, sum(v.n)
      from unnest(${p(wc, 0, 'uuid')}, ${p(wc, 1, 'varchar')}, ${p(wc, 2, 'int')}) as v(site_id, month, n)
      join sites s on s.id = v.site_id
      group by 1, 2 order by 1, 2
      on conflict (account_id, month) do update set views = t.views + excluded.views`,
  );
  const tcta = cta.columns();
  part(
    'cta',
    cta.size,
    sql`insert into site_cta_counters as t (site_id, kind, clicks)
      select * from unnest(${p(tcta, 0, 'uuid')}, ${p(tcta, 1, 'varchar')}, ${p(tcta, 2, 'bigint')})
      on conflict (site_id, kind) do update set clicks = t.clicks + excluded.clicks, updated_at = now()`,
  );
  const starts = rows.filter((r) => r.visit);
  if (starts.length > 0) {
    parts.push(sql`new_visits as (
      insert into site_visits (site_id, visit_id, visitor_id, started_at, lang, device, entry_page,
        referrer_host, utm_source, utm_medium, utm_campaign, ad_network, ad_click_id, variation_id, goals)
      ${visitsRelation(starts, goalsHere)}
      on conflict (site_id, visit_id) do nothing
      returning site_id, visitor_id, started_at, lang, device)`);
    parts.push(sql`visitors as (
      insert into analytics_visitor_days (site_id, day, lang, device, visitor_id)
      select distinct site_id, ((started_at at time zone 'UTC') + interval '9 hours')::date, l, d, visitor_id
      from new_visits, lateral (values (lang, device), (${ALL}, ${ALL})) as k(l, d)
      order by 1, 2, 3, 4, 5
      on conflict do nothing
      returning 1)`);
  }
  if (laterGoals.length > 0) {
    const g = (i: number) => sql.param(laterGoals.map((x) => x[i]));
    parts.push(sql`goals as (
      update site_visits v set goals = v.goals | g.bits
      from (select site_id, visit_id, bit_or(bit)::smallint as bits
        from unnest(${g(0)}::uuid[], ${g(1)}::varchar[], ${g(2)}::smallint[]) as x(site_id, visit_id, bit)
        group by 1, 2 order by 1, 2) as g
      where v.site_id = g.site_id and v.visit_id = g.visit_id and v.variation_id is not null
      returning 1)`);
  }
  if (parts.length === 0) return sql`select 1`;
  return sql`with ${sql.join(parts, sql`, `)} select 1`;
}
