import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, jstToday, previousPeriod } from '@swipe/contracts/analytics';
import { jstDay } from '@swipe/contracts/jst-format';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../platform/storage';
import { seedDemoModules } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { histogramMedian } from './analytics.service';
import { DWELL_BUCKETS_MS, TAP_GRID } from './event-rollups';

// Every figure the analysis screens show on the demo (a fresh `npm start`) is computed again here
// from the raw rows (site_events, site_visits, the members, submissions and survey answers) for the
// same JST period, and must equal what the analysis calls answer; and the conversions must equal
// what the member, contact, form and survey-answer lists answer for that period. Each event
// counts on its JST day; a visit is counted on the day of its first page, a page as reached on the
// day the visit first saw it (found from the views' order, not from the page's own numbering).

let t: TTestApp;
let call: TSignedInCall;
let root: string;
let siteId: string;
let surveyId: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-consistency-'));
  const site = await seedDemoModules(t.database.db, createLocalStorage({ root, publicBase: '/media' }), {
    accountId: t.fixtures.accounts.company.id,
    userId: t.fixtures.users.user.id,
  });
  siteId = site.id;
  const [survey] = (await t.database.db.execute(sql`select id from surveys where site_id = ${siteId}`))
    .rows as { id: string }[];
  surveyId = survey!.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const OWNER = 'user@example.com';
const get = async (url: string) => {
  const res = await call(OWNER, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const rows = async <T = Record<string, unknown>>(query: SQL) =>
  (await t.database.db.execute(query)).rows as T[];
const n = (v: unknown) => Number(v ?? 0);
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

type TPeriod = { from: string; to: string };
const dayOf = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '9 hours')::date`);
const within = (column: string, p: TPeriod) =>
  sql`${dayOf(column)} between ${p.from}::date and ${p.to}::date`;

/** Each visit's pages in the order it first saw them (k = 1 its entry page), with the day of that view. */
const firstViews = (p: TPeriod) => sql`(
  select page, k, ${dayOf('occurred_at')} as day from (
    select visit_id, page, occurred_at,
      row_number() over (partition by visit_id order by seq) as k
    from (
      select distinct on (visit_id, page) visit_id, page, occurred_at, seq
      from site_events where site_id = ${siteId} and type = 'VIEW'
      order by visit_id, page, seq
    ) as f
  ) as r where ${within('occurred_at', p)})`;

/** Events of a type in the period. */
const events = (type: string, p: TPeriod) =>
  sql`site_events e where e.site_id = ${siteId} and e.type = ${type} and ${within('e.occurred_at', p)}`;

/** The raw figures of the swipe analysis, page by page. */
async function rawPages(p: TPeriod, pages: string[]) {
  const firsts = await rows<{ page: string; k: string; n: string }>(
    sql`select page, least(k, 3) as k, count(*) as n from ${firstViews(p)} as v group by 1, 2`,
  );
  const count = (page: string | null, k: number | null) =>
    firsts
      .filter((r) => (page === null || r.page === page) && (k === null || n(r.k) === k))
      .reduce((a, r) => a + n(r.n), 0);
  const visits = count(null, 1);
  const views = new Map(
    (
      await rows<{ page: string; n: string }>(
        sql`select page, count(*) as n from ${events('VIEW', p)} group by 1`,
      )
    ).map((r) => [r.page, n(r.n)]),
  );
  const swipes = await rows<{ from_page: string; page: string; n: string }>(
    sql`select from_page, page, count(*) as n from ${events('SWIPE', p)} group by 1, 2 order by 1, 2`,
  );
  const dwells = await rows<{ page: string; bucket: number; n: string; ms: string }>(
    sql`select page, width_bucket(dwell_ms, ${sql.param(DWELL_BUCKETS_MS)}::int[]) as bucket, count(*) as n,
          sum(dwell_ms) as ms from ${events('DWELL', p)} group by 1, 2`,
  );
  const histogram = (page: string | null) => {
    const h = new Array(DWELL_BUCKETS_MS.length + 1).fill(0);
    for (const d of dwells) if (page === null || d.page === page) h[d.bucket] += n(d.n);
    return h;
  };
  const dwell = (page: string | null) => {
    const of = dwells.filter((d) => page === null || d.page === page);
    const count = of.reduce((a, d) => a + n(d.n), 0);
    return { count, ms: of.reduce((a, d) => a + n(d.ms), 0) };
  };
  return {
    visits,
    engaged: count(null, 2),
    pages: pages.map((page) => {
      const reached = count(page, null);
      const out = swipes.filter((s) => s.from_page === page);
      const total = out.reduce((a, s) => a + n(s.n), 0);
      // The most common next page (the first by name on a tie).
      const next = [...out].sort((a, b) => n(b.n) - n(a.n) || a.page.localeCompare(b.page))[0];
      // A visit leaves from its last page: its entry, then every swipe moves the exit on.
      const exits =
        count(page, 1) + swipes.filter((s) => s.page === page).reduce((a, s) => a + n(s.n), 0) - total;
      const d = dwell(page);
      return {
        page,
        views: views.get(page) ?? 0,
        reached,
        reach: visits > 0 ? reached / visits : 0,
        entries: count(page, 1),
        exits: Math.max(0, exits),
        exit_rate: reached > 0 ? Math.min(1, Math.max(0, exits / reached)) : null,
        median_dwell_ms: histogramMedian(d.count > 0 ? histogram(page) : undefined),
        mean_dwell_ms: d.count > 0 ? Math.round(d.ms / d.count) : null,
        next_page: next?.page ?? null,
        next_share: next ? n(next.n) / Math.max(1, total) : null,
      };
    }),
    dwell: { median: histogramMedian(histogram(null)), ...dwell(null) },
  };
}

/** The raw figures of the LP analysis (the overview's nine measures). */
async function rawMetrics(p: TPeriod, pages: string[]) {
  const swipe = await rawPages(p, pages);
  const [visitors] = await rows<{ n: string }>(
    sql`select count(distinct visitor_id) as n from site_visits where site_id = ${siteId} and ${within('started_at', p)}`,
  );
  const [clicks] = await rows<{ n: string }>(sql`select count(*) as n from ${events('CLICK', p)}`);
  const byKind = await conversionsByKind(p);
  const conversions = Object.values(byKind).reduce((a, b) => a + b, 0);
  return {
    page_views: swipe.pages.reduce((a, r) => a + r.views, 0),
    visitors: n(visitors!.n),
    visits: swipe.visits,
    median_dwell_ms: swipe.dwell.median,
    mean_dwell_ms: swipe.dwell.count > 0 ? Math.round(swipe.dwell.ms / swipe.dwell.count) : null,
    bounce_rate: ratio(swipe.visits - swipe.engaged, swipe.visits),
    clicks: n(clicks!.n),
    conversions,
    conversion_rate: ratio(conversions, swipe.visits),
  };
}

async function conversionsByKind(p: TPeriod) {
  const found = await rows<{ target: string; n: string }>(
    sql`select target, count(*) as n from ${events('CONV', p)} group by 1`,
  );
  return Object.fromEntries(found.map((r) => [r.target, n(r.n)])) as Record<string, number>;
}

/** The periods compared: the screens' default (the last 30 days), the one before it, a week, a day. */
function periods(): TPeriod[] {
  const today = jstToday();
  const last30 = { from: addDays(today, -29), to: today };
  return [
    last30,
    previousPeriod(last30.from, last30.to),
    { from: addDays(today, -6), to: today },
    { from: addDays(today, -10), to: addDays(today, -10) },
  ];
}

describe('the analysis screens on the demo', () => {
  it('start every visit on A1, so A1 reaches 100 % of the visits', async () => {
    const entries = await rows<{ page: string; n: string }>(
      sql`select page, count(*) as n from ${firstViews({ from: '2000-01-01', to: '2100-01-01' })} as v where k = 1 group by 1 order by 1`,
    );
    expect(entries.map((e) => e.page)).toEqual(['A1']);
    const today = jstToday();
    const pages = (await get(`/api/analysis/sites/${siteId}/pages?from=${addDays(today, -29)}&to=${today}`))
      .data;
    expect(pages.visits).toBeGreaterThan(3000);
    expect(pages.pages.find((p: { page: string }) => p.page === 'A1')).toMatchObject({ reach: 1 });
    for (const p of pages.pages) expect(p.reach).toBeLessThanOrEqual(1);
  });

  it('answer the numbers of the raw events for the same JST period, in every view', async () => {
    for (const [i, p] of periods().entries()) {
      const q = `from=${p.from}&to=${p.to}`;
      const swipe = (await get(`/api/analysis/sites/${siteId}/pages?${q}`)).data;
      const order = swipe.pages.map((r: { page: string }) => r.page);
      expect(order).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'B3']);
      const raw = await rawPages(p, order);
      expect({ visits: swipe.visits, pages: swipe.pages }, `pages ${q}`).toEqual({
        visits: raw.visits,
        pages: raw.pages,
      });

      const overview = (await get(`/api/analysis/sites/${siteId}/overview?${q}`)).data;
      const before = previousPeriod(p.from, p.to);
      expect(overview.current, `overview ${q}`).toEqual(await rawMetrics(p, order));
      expect(overview.previous, `previous of ${q}`).toEqual(await rawMetrics(before, order));
      expect(overview.conversions_by_kind).toEqual(await conversionsByKind(p));
      // Day by day (the chart), over the screens' default period.
      for (const day of i === 0 ? overview.daily : []) {
        const d = { from: day.day, to: day.day };
        const m = await rawMetrics(d, order);
        expect(day, day.day).toEqual({
          day: day.day,
          page_views: m.page_views,
          visits: m.visits,
          visitors: m.visitors,
          conversions: m.conversions,
        });
      }

      // The creative analysis: views and clicks of each page by what was clicked.
      const creatives = (await get(`/api/analysis/sites/${siteId}/creatives?${q}`)).data.pages;
      const clicks = await rows<{ page: string; kind: string; n: string }>(
        sql`select page, case when target = 'LINK' and target_id like 'p-%' then 'PRODUCT_LINK' else target end as kind,
              count(*) as n from ${events('CLICK', p)} group by 1, 2`,
      );
      const clicked = (page: string, kinds: string[]) =>
        clicks.filter((c) => c.page === page && kinds.includes(c.kind)).reduce((a, c) => a + n(c.n), 0);
      expect(creatives, `creatives ${q}`).toEqual(
        raw.pages.map((r) => ({
          page: r.page,
          views: r.views,
          link_clicks: clicked(r.page, ['LINK']),
          link_click_rate: ratio(clicked(r.page, ['LINK']), r.views),
          product_opens: clicked(r.page, ['PRODUCT']),
          product_clicks: clicked(r.page, ['PRODUCT_LINK']),
          cta_clicks: clicked(r.page, ['CTA']),
          campaign_clicks: clicked(r.page, ['CAMPAIGN']),
          other_clicks: clicked(r.page, ['MENU', 'SNS', 'COMPANY']),
        })),
      );

      // The tap heatmap of A1.
      const heatmap = (await get(`/api/analysis/sites/${siteId}/heatmap?${q}&page=A1`)).data;
      const cells = await rows<{ cell: number; n: string }>(
        sql`select ${sql.raw(`least(${TAP_GRID - 1}, y::int * ${TAP_GRID} / 1000) * ${TAP_GRID} + least(${TAP_GRID - 1}, x::int * ${TAP_GRID} / 1000)`)} as cell,
              count(*) as n from ${events('TAP', p)} and e.page = 'A1' group by 1 order by 1`,
      );
      expect(heatmap.cells).toEqual(cells.map((c) => ({ cell: c.cell, count: n(c.n) })));
      expect(heatmap.taps).toBe(cells.reduce((a, c) => a + n(c.n), 0));

      // Acquisition: the visits started in the period and the conversions in it, by the visit's source.
      const sources = (await get(`/api/analysis/sites/${siteId}/sources?${q}`)).data;
      const source = `coalesce(v.ad_network, '') as network, coalesce(nullif(v.utm_source, ''), v.referrer_host, '') as source,
        coalesce(v.utm_medium, '') as medium, coalesce(v.utm_campaign, '') as campaign`;
      const bySource = await rows<Record<string, string>>(
        sql`select network, source, medium, campaign, sum(visits) as visits, sum(conversions) as conversions from (
              select ${sql.raw(source)}, 1 as visits, 0 as conversions
              from site_visits v where v.site_id = ${siteId} and ${within('v.started_at', p)}
              union all
              select ${sql.raw(source)}, 0, 1
              from site_events e left join site_visits v on v.site_id = e.site_id and v.visit_id = e.visit_id
              where e.site_id = ${siteId} and e.type = 'CONV' and ${within('e.occurred_at', p)}
            ) as x group by 1, 2, 3, 4`,
      );
      const key = (r: { network: string | null; source: string; medium: string; campaign: string }) =>
        `${r.network ?? ''}|${r.source}|${r.medium}|${r.campaign}`;
      const sourceCounts = (list: { visits: unknown; conversions: unknown }[] & object[]) =>
        Object.fromEntries(
          (list as (Parameters<typeof key>[0] & { visits: unknown; conversions: unknown })[]).map((r) => [
            key(r),
            [n(r.visits), n(r.conversions)],
          ]),
        );
      expect(sourceCounts(sources.campaigns), `sources ${q}`).toEqual(sourceCounts(bySource as never));
      expect(sources.networks.reduce((a: number, r: { visits: number }) => a + r.visits, 0)).toBe(raw.visits);

      // Rankings need 10 pages; the demo has 6.
      const rankings = (await get(`/api/analysis/sites/${siteId}/rankings?${q}`)).data;
      expect(rankings).toMatchObject({ eligible: false, page_count: 6 });
    }
  });

  it('count the conversions the member, contact, form and survey-answer lists hold for the same period', async () => {
    const all = async (url: string) => {
      const found: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const body = await get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&page_size=100`);
        found.push(...body.data);
        if (found.length >= body.meta.total) return { items: found, total: body.meta.total as number };
      }
    };
    const members = (await all(`/api/site-member/${siteId}`)).items as {
      status: string;
      confirmed_at: string | null;
    }[];
    for (const p of periods()) {
      const q = `from=${p.from}&to=${p.to}`;
      const byKind = (await get(`/api/analysis/sites/${siteId}/overview?${q}`)).data.conversions_by_kind;
      const lists = {
        // A registration converts when it is confirmed.
        MEMBER: members.filter(
          (m) => m.confirmed_at && jstDay(m.confirmed_at) >= p.from && jstDay(m.confirmed_at) <= p.to,
        ).length,
        CONTACT: (await all(`/api/site-contact/${siteId}?${q}`)).total,
        FORM: (await all(`/api/site-form/${siteId}?${q}`)).total,
        SURVEY: (await all(`/api/surveys/${surveyId}/responses?${q}`)).total,
      };
      expect(
        { MEMBER: 0, CONTACT: 0, FORM: 0, SURVEY: 0, ...byKind },
        `conversions against the lists, ${q}`,
      ).toEqual(lists);
    }
    const last30 = periods()[0]!;
    const totals = (await get(`/api/analysis/sites/${siteId}/overview?from=${last30.from}&to=${last30.to}`))
      .data.conversions_by_kind;
    console.info('demo conversions of the last 30 days', totals);
  });

  it("answer the A/B table's visitors and conversions of the raw visits and events", async () => {
    const [experiment] = (await get(`/api/site/${siteId}/experiments`)).data.filter(
      (e: { status: string }) => e.status === 'RUNNING',
    );
    expect(experiment).toBeDefined();
    for (const v of experiment.variations as {
      id: string;
      share: number;
      result: { visitors: number; conversions: number };
    }[]) {
      const [raw] = await rows<{ visitors: string; conversions: string }>(
        sql`select count(distinct v.visitor_id) as visitors,
              count(distinct v.visitor_id) filter (where exists (select 1 from site_events e
                where e.site_id = v.site_id and e.visit_id = v.visit_id and e.type = 'CONV' and e.target = 'CONTACT')) as conversions
            from site_visits v where v.site_id = ${siteId} and v.variation_id = ${v.id}`,
      );
      expect(v.result).toMatchObject({ visitors: n(raw!.visitors), conversions: n(raw!.conversions) });
    }
  });
});
