import { jstDay } from '@swipe/contracts/jst-format';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import type { TEventRow } from '../../platform/visit-events';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { recordConversion } from '../visits/visits.service';
import { maintainEventPartitions } from './analytics.service';
import { generateVisits } from './demo-visits';
import { DWELL_BUCKETS_MS, TAP_GRID } from './event-rollups';
import { writeEvents } from './event-writer';

// The rollups the event writer keeps equal a GROUP BY over the raw events, on random visits
// around JST midnight and both month boundaries (JST and UTC), with beacons sent twice; the
// analysis calls answer from them; retention drops old partitions; tenancy and the plan flag.

let t: TTestApp;
let call: TSignedInCall;
let db: TDb;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  db = t.database.db;
});
afterAll(async () => t?.close());

const PAGES = ['A1', 'B1', 'C1', 'A2', 'B2', 'C2'];

/** Random visits (demo-visits.ts) starting within half an hour either side of each of `starts`. */
const visits = (siteId: string, count: number, seed: number, starts: number[]): TEventRow[] =>
  starts.flatMap((at, i) =>
    generateVisits({
      siteId,
      pages: PAGES,
      columns: 3,
      languages: ['JP', 'EN'],
      count: Math.ceil(count / starts.length),
      from: at - 1_800_000,
      to: at + 1_800_000,
      seed: seed * 10 + i,
    }),
  );

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
const JST_DAY_TEXT = `((occurred_at at time zone 'UTC') + interval '9 hours')::date::text`;
const JST_DAY = sql.raw(JST_DAY_TEXT);

async function site(accountId = t.fixtures.accounts.direct.id) {
  const doc = siteDocument({ name: 'Analytics', rows: 2, columns: 3 });
  return insertSite(db, { accountId, doc, published: true });
}

describe('rollups', () => {
  it('equal a GROUP BY over the raw events, across JST midnight and month ends, with beacons sent twice', async () => {
    const s = await site();
    // 23:30 JST on 31 October (JST month end) and 23:30 UTC on 31 October (UTC month end).
    const starts = [Date.UTC(2026, 9, 31, 14, 30), Date.UTC(2026, 9, 31, 23, 30)];
    const rows = visits(s.id, 300, 7, starts);
    for (let i = 0; i < rows.length; ) {
      const size = 1 + Math.floor(Math.random() * 400);
      const batch = rows.slice(i, i + size);
      await writeEvents(db, batch, t.database.embedded);
      // A beacon arriving twice is stored, and counted, once.
      if (i % 3 === 0) await writeEvents(db, batch, t.database.embedded);
      i += size;
    }
    // Conversions ten minutes after their visit started, each in a batch of its own: their
    // visit's source is not in the batch (the sources rollup looks it up).
    const kinds = ['MEMBER', 'CONTACT', 'FORM', 'SURVEY'];
    const late = rows
      .filter((r) => r.visit)
      .slice(0, 12)
      .map(
        ({ visit: _, ...r }, i): TEventRow => ({
          ...r,
          seq: 2_000_000 + i,
          type: 'CONV',
          target: kinds[i % kinds.length]!,
          ordinal: null,
          occurredAt: new Date(r.occurredAt.getTime() + 600_000),
        }),
      );
    for (const conversion of late) await writeEvents(db, [conversion], t.database.embedded);
    const raw = async (select: string, where: string, group: string) =>
      (
        await rowsOf<Record<string, unknown>>(
          sql`select ${sql.raw(select)} from site_events where site_id = ${s.id} and ${sql.raw(where)} group by ${sql.raw(group)} order by 1, 2`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String)));
    const rollup = async (query: string) =>
      (await rowsOf<Record<string, unknown>>(sql`${sql.raw(query.replace('$SITE', `'${s.id}'`))}`)).map((r) =>
        JSON.stringify(Object.values(r).map(String)),
      );

    expect(
      await rollup(
        `select day::text, page, sum(views) from analytics_page_days where site_id = $SITE and lang <> '*' and views > 0 group by 1, 2 order by 1, 2`,
      ),
    ).toEqual(await raw(`${JST_DAY_TEXT}, page, count(*)`, `type = 'VIEW'`, '1, 2'));
    expect(
      await rollup(
        `select day::text, page, sum(reached) from analytics_page_days where site_id = $SITE and lang <> '*' and reached > 0 group by 1, 2 order by 1, 2`,
      ),
    ).toEqual(await raw(`${JST_DAY_TEXT}, page, count(*)`, `type = 'VIEW' and ordinal is not null`, '1, 2'));
    expect(
      await rollup(
        `select day::text, page, sum(dwell_ms) from analytics_page_days where site_id = $SITE and lang <> '*' and dwells > 0 group by 1, 2 order by 1, 2`,
      ),
    ).toEqual(await raw(`${JST_DAY_TEXT}, page, sum(dwell_ms)`, `type = 'DWELL'`, '1, 2'));
    // The dwell buckets (for medians) hold each DWELL event once, in the bucket width_bucket gives it.
    const bucketColumns = [...DWELL_BUCKETS_MS, 0].map((_, i) => `dwell_${i}`);
    expect(
      await rollup(
        `select day::text, page, b, sum(n) from analytics_page_days, unnest(array[${bucketColumns.join(', ')}]) with ordinality as u(n, b) where site_id = $SITE and lang <> '*' and n > 0 group by 1, 2, 3 order by 1, 2, 3`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select ${JST_DAY}, page, width_bucket(dwell_ms, ${sql.param(DWELL_BUCKETS_MS)}::int[]) + 1, count(*) from site_events where site_id = ${s.id} and type = 'DWELL' group by 1, 2, 3 order by 1, 2, 3`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );
    expect(
      await rollup(
        `select day::text, from_page, to_page, sum(count) from analytics_swipe_days where site_id = $SITE and lang <> '*' group by 1, 2, 3 order by 1, 2, 3`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select ${JST_DAY}, from_page, page, count(*) from site_events where site_id = ${s.id} and type = 'SWIPE' group by 1, 2, 3 order by 1, 2, 3`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );
    expect(
      await rollup(
        `select day::text, page, target, sum(count) from analytics_click_days where site_id = $SITE and lang <> '*' group by 1, 2, 3 order by 1, 2, 3`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select ${JST_DAY}, page, target, count(*) from site_events where site_id = ${s.id} and type = 'CLICK' group by 1, 2, 3 order by 1, 2, 3`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );
    expect(
      await rollup(
        `select day::text, page, cell, sum(count) from analytics_tap_days where site_id = $SITE and lang <> '*' group by 1, 2, 3 order by 1, 2, 3`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select ${JST_DAY}, page, ${sql.raw(`least(${TAP_GRID - 1}, y::int * ${TAP_GRID} / 1000) * ${TAP_GRID} + least(${TAP_GRID - 1}, x::int * ${TAP_GRID} / 1000)`)}, count(*) from site_events where site_id = ${s.id} and type = 'TAP' group by 1, 2, 3 order by 1, 2, 3`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );
    expect(
      await rollup(
        `select day::text, entry_page, kind, sum(count) from analytics_conversion_days where site_id = $SITE and lang <> '*' group by 1, 2, 3 order by 1, 2, 3`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select ${JST_DAY}, page, target, count(*) from site_events where site_id = ${s.id} and type = 'CONV' group by 1, 2, 3 order by 1, 2, 3`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );
    // Visits, and the conversions of those visits, by where the visits came from: the same
    // whether a conversion came in its visit's first batch or a later one (looked up in SQL).
    const source = (v: string) =>
      `coalesce(${v}.ad_network, ''), coalesce(nullif(${v}.utm_source, ''), ${v}.referrer_host, ''), coalesce(${v}.utm_medium, ''), coalesce(${v}.utm_campaign, '')`;
    const jstDay = (column: string) => `((${column} at time zone 'UTC') + interval '9 hours')::date::text`;
    const bySource = await rowsOf<Record<string, unknown>>(
      sql.raw(`select day, network, source, medium, campaign, sum(visits), sum(member), sum(contact), sum(form), sum(survey)
        from (
          select ${jstDay('v.started_at')} as day, ${source('v')}, 1 as visits, 0 as member, 0 as contact, 0 as form, 0 as survey
          from site_visits v where v.site_id = '${s.id}'
          union all
          select ${jstDay('e.occurred_at')}, ${source('v')}, 0, (e.target = 'MEMBER')::int, (e.target = 'CONTACT')::int,
            (e.target = 'FORM')::int, (e.target = 'SURVEY')::int
          from site_events e left join site_visits v on v.site_id = e.site_id and v.visit_id = e.visit_id
          where e.site_id = '${s.id}' and e.type = 'CONV'
        ) as x(day, network, source, medium, campaign, visits, member, contact, form, survey)
        group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    );
    expect(bySource.length).toBeGreaterThan(4);
    expect(
      await rollup(
        `select day::text, network, source, medium, campaign, sum(visits), sum(member), sum(contact), sum(form), sum(survey) from analytics_source_days where site_id = $SITE and lang <> '*' group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      ),
    ).toEqual(bySource.map((r) => JSON.stringify(Object.values(r).map(String))));
    // The visit keeps its ad click: the network of its click id, and the id.
    const [clicked] = await rowsOf<{ n: string }>(
      sql`select count(*) as n from site_visits where site_id = ${s.id} and ad_network = 'GOOGLE' and ad_click_id like 'cl_%'`,
    );
    expect(Number(clicked!.n)).toBeGreaterThan(0);
    // Visits and bounces per day; exits over the period land on each visit's last page.
    expect(
      await rollup(
        `select day::text, sum(visits), sum(engaged) from analytics_visit_days where site_id = $SITE and lang <> '*' group by 1 order by 1`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select ${JST_DAY}, count(*) filter (where ordinal = 1), count(*) filter (where ordinal = 2) from site_events where site_id = ${s.id} and type = 'VIEW' and ordinal in (1, 2) group by 1 order by 1`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );
    expect(
      await rollup(
        `select page, sum(exits) from analytics_page_days where site_id = $SITE and lang <> '*' group by 1 having sum(exits) <> 0 order by 1`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select page, count(*) from (select distinct on (visit_id) visit_id, page from site_events where site_id = ${s.id} and type = 'VIEW' order by visit_id, seq desc) last group by 1 order by 1`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );
    const [visitors] = await rowsOf<{ n: string }>(
      sql`select count(distinct visitor_id) as n from site_visits where site_id = ${s.id}`,
    );
    const [uniques] = await rowsOf<{ n: string }>(
      sql`select count(distinct visitor_id) as n from analytics_visitor_days where site_id = ${s.id}`,
    );
    expect(uniques!.n).toBe(visitors!.n);
    // The rows under ALL languages and devices sum the others, column by column.
    const sums = (all: boolean) =>
      rollup(
        `select day::text, page, sum(views), sum(reached), sum(entries), sum(exits), sum(dwell_ms), sum(clicks), sum(taps), sum(dwell_3) from analytics_page_days where site_id = $SITE and (lang = '*') = ${all} group by 1, 2 order by 1, 2`,
      );
    expect(await sums(true)).toEqual(await sums(false));
    // Page views per account and JST month.
    expect(
      await rollup(
        `select month::text, views from account_page_views where account_id = '${t.fixtures.accounts.direct.id}' order by 1`,
      ),
    ).toEqual(
      (
        await rowsOf<Record<string, unknown>>(
          sql`select date_trunc('month', ((occurred_at at time zone 'UTC') + interval '9 hours'))::date::text, count(*) from site_events e join sites s on s.id = e.site_id where s.account_id = ${t.fixtures.accounts.direct.id} and type = 'VIEW' group by 1 order by 1`,
        )
      ).map((r) => JSON.stringify(Object.values(r).map(String))),
    );

    // The swipe analysis answers the same numbers.
    const res = await call(
      'direct@example.com',
      'GET',
      `/api/analysis/sites/${s.id}/pages?from=2026-10-31&to=2026-11-01`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body.rows).toBe(2);
    expect(body.columns).toBe(3);
    const [entries] = await rowsOf<{ n: string }>(
      sql`select count(*) as n from site_events where site_id = ${s.id} and type = 'VIEW' and ordinal = 1`,
    );
    expect(body.visits).toBe(Number(entries!.n));
    const a1 = body.pages.find((p: { page: string }) => p.page === 'A1');
    const [reachedA1] = await rowsOf<{ n: string }>(
      sql`select count(*) as n from site_events where site_id = ${s.id} and type = 'VIEW' and page = 'A1' and ordinal is not null`,
    );
    expect(a1.reached).toBe(Number(reachedA1!.n));
    expect(a1.reach).toBeCloseTo(Number(reachedA1!.n) / Number(entries!.n), 6);
  });
  it('count a visit converting twice of the same kind, at two moments of one batch, twice; a beacon sent twice once', async () => {
    // The INSERT (PostgreSQL, and PGlite once COPY meets a row stored before) and PGlite's COPY.
    for (const embedded of [undefined, t.database.embedded]) {
      const s = await site();
      const at = Date.UTC(2026, 10, 2, 3, 0);
      const conversion = (ms: number): TEventRow => ({
        siteId: s.id,
        visitId: 'convertedTwice00000001',
        seq: 1_000_001,
        type: 'CONV',
        lang: 'JP',
        device: 'PHONE',
        page: 'A1',
        fromPage: null,
        target: 'CONTACT',
        targetId: null,
        dwellMs: null,
        ordinal: null,
        x: null,
        y: null,
        occurredAt: new Date(ms),
      });
      const batch = [conversion(at), conversion(at + 60_000)];
      expect(await writeEvents(db, embedded ? batch : [...batch, ...batch], embedded)).toBe(2);
      expect(await writeEvents(db, [...batch, ...batch], embedded)).toBe(0);
      const [counted] = await rowsOf<{ raw: number; days: number; sources: number }>(
        sql`select
          (select count(*)::int from site_events where site_id = ${s.id} and type = 'CONV') as raw,
          (select sum(count)::int from analytics_conversion_days where site_id = ${s.id} and lang <> '*') as days,
          (select sum(contact)::int from analytics_source_days where site_id = ${s.id} and lang <> '*') as sources`,
      );
      expect(counted, embedded ? 'COPY' : 'INSERT').toEqual({ raw: 2, days: 2, sources: 2 });
    }
  });
});

describe('the analysis calls', () => {
  it('answer every view and its CSV for the owner; another tenant gets 404, a plan without the flag 403', async () => {
    const s = await site();
    await writeEvents(db, visits(s.id, 40, 11, [Date.now() - 3_600_000]), t.database.embedded);
    for (const name of ['overview', 'pages', 'creatives', 'rankings', 'sources']) {
      const res = await call('direct@example.com', 'GET', `/api/analysis/sites/${s.id}/${name}`);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const csv = await call('direct@example.com', 'GET', `/api/analysis/sites/${s.id}/${name}/export-csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.startsWith('\uFEFF')).toBe(true);
    }
    const overview = (await call('direct@example.com', 'GET', `/api/analysis/sites/${s.id}/overview`)).json()
      .data;
    expect(overview.current.visits).toBe(40);
    expect(overview.daily).toHaveLength(30);
    const heat = await call('direct@example.com', 'GET', `/api/analysis/sites/${s.id}/heatmap?page=A1`);
    expect(heat.statusCode, heat.body).toBe(200);
    expect(heat.json().data.grid).toBe(TAP_GRID);
    const rankings = (await call('direct@example.com', 'GET', `/api/analysis/sites/${s.id}/rankings`)).json()
      .data;
    expect(rankings).toMatchObject({ eligible: false, page_count: 6 });
    // Acquisition: every visit under its ad network and campaign, the networks summing them.
    const sources = (await call('direct@example.com', 'GET', `/api/analysis/sites/${s.id}/sources`)).json()
      .data;
    type TCount = {
      visits: number;
      conversions: number;
      conversion_rate: number | null;
      network: string | null;
    };
    const total = (list: TCount[], key: 'visits' | 'conversions') => list.reduce((n, r) => n + r[key], 0);
    expect(total(sources.campaigns, 'visits')).toBe(40);
    expect(total(sources.networks, 'visits')).toBe(40);
    expect(total(sources.networks, 'conversions')).toBe(total(sources.campaigns, 'conversions'));
    expect(sources.campaigns).toContainEqual(
      expect.objectContaining({ network: 'GOOGLE', source: 'google', medium: 'cpc', campaign: 'autumn' }),
    );
    expect(sources.networks.map((n: TCount) => n.network)).toContain(null);
    for (const n of sources.networks as TCount[])
      expect(n.conversion_rate).toBeCloseTo(n.conversions / n.visits, 10);
    const sourcesCsv = await call(
      'direct@example.com',
      'GET',
      `/api/analysis/sites/${s.id}/sources/export-csv`,
    );
    expect(sourcesCsv.body.split('\r\n')[0]).toBe(
      '\uFEFFad_network,source,medium,campaign,visits,conversions,conversion_rate,member,contact,form,survey',
    );

    // Bad periods are a 400 with the message.
    const bad = await call(
      'direct@example.com',
      'GET',
      `/api/analysis/sites/${s.id}/pages?from=2026-11-10&to=2026-11-01`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      field: 'from',
      message: 'The start date must be on or before the end date.',
    });
    expect(
      (await call('direct@example.com', 'GET', `/api/analysis/sites/${s.id}/heatmap?page=Z9`)).statusCode,
    ).toBe(400);

    // Another tenant: 404 on every call (the OEM's tree does not hold the direct customer).
    for (const name of ['overview', 'pages', 'creatives', 'rankings', 'heatmap?page=A1', 'sources'])
      expect(
        (await call('oem@example.com', 'GET', `/api/analysis/sites/${s.id}/${name}`)).statusCode,
        name,
      ).toBe(404);
  });

  it('refuses a plan without effect measurement on every call, with the plan message', async () => {
    const light = await site(t.fixtures.accounts.minato.id);
    for (const name of [
      'overview',
      'pages',
      'creatives',
      'rankings',
      'heatmap?page=A1',
      'pages/export-csv',
      'sources',
      'sources/export-csv',
    ]) {
      const res = await call('minato@example.com', 'GET', `/api/analysis/sites/${light.id}/${name}`);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code).toBe('PLAN_FEATURE_UNAVAILABLE');
    }
  });
});

describe('rankings', () => {
  it('rank the pages of a site of 10 pages by reach, dwell and clicks per view', async () => {
    const doc = siteDocument({ name: 'Ten pages', rows: 2, columns: 5 });
    const ten = await insertSite(db, { accountId: t.fixtures.accounts.direct.id, doc, published: true });
    const pages = ['A1', 'B1', 'C1', 'D1', 'E1', 'A2', 'B2', 'C2', 'D2', 'E2'];
    await writeEvents(
      db,
      generateVisits({
        siteId: ten.id,
        pages,
        columns: 5,
        languages: ['JP'],
        count: 200,
        from: Date.now() - 7_200_000,
        to: Date.now() - 60_000,
        seed: 5,
      }),
      t.database.embedded,
    );
    const res = await call('direct@example.com', 'GET', `/api/analysis/sites/${ten.id}/rankings`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ eligible: true, page_count: 10 });
    // Visits mostly start on A1: it reaches the most.
    expect(r.reach.best[0].page).toBe('A1');
    expect(r.reach.best).toHaveLength(5);
    // Clicks per view agree with the creative analysis of the same page.
    const creatives = (
      await call('direct@example.com', 'GET', `/api/analysis/sites/${ten.id}/creatives`)
    ).json().data.pages;
    const best = r.click_rate.best[0];
    const c = creatives.find((p: { page: string }) => p.page === best.page);
    const clicks =
      c.link_clicks + c.product_opens + c.product_clicks + c.cta_clicks + c.campaign_clicks + c.other_clicks;
    expect(best.value).toBeCloseTo(clicks / c.views, 9);
  });
});

describe('campaign clicks', () => {
  it('count per page in the creative analysis', async () => {
    const s = await site();
    const at = new Date();
    const click = (seq: number, page: string): TEventRow => ({
      siteId: s.id,
      visitId: 'campaign-visit-000001',
      seq,
      type: 'CLICK',
      lang: 'JP',
      device: 'DESKTOP',
      page,
      fromPage: null,
      target: 'CAMPAIGN',
      targetId: null,
      dwellMs: null,
      ordinal: null,
      x: null,
      y: null,
      occurredAt: at,
    });
    await writeEvents(db, [click(1, 'A1'), click(2, 'A1'), click(3, 'B1')], t.database.embedded);
    const today = jstDay(at);
    const res = await call(
      'direct@example.com',
      'GET',
      `/api/analysis/sites/${s.id}/creatives?from=${today}&to=${today}`,
    );
    const pages = res.json().data.pages as { page: string; campaign_clicks: number; link_clicks: number }[];
    expect(pages.find((p) => p.page === 'A1')).toMatchObject({ campaign_clicks: 2, link_clicks: 0 });
    expect(pages.find((p) => p.page === 'B1')).toMatchObject({ campaign_clicks: 1 });
  });
});

describe('conversions', () => {
  it("are counted for the visit the visitor page names, by its entry page, and never for another site's visit", async () => {
    const s = await site();
    const other = await site();
    const visit = 'visit-conv-aaaaaaaaaaa';
    expect(
      recordConversion(t.ctx, {
        siteId: s.id,
        lang: 'JP',
        token: `${s.id}.${visit}.B2.TABLET`,
        kind: 'CONTACT',
      }),
    ).toBe(true);
    expect(
      recordConversion(t.ctx, {
        siteId: s.id,
        lang: 'JP',
        token: `${other.id}.${visit}.A1.PHONE`,
        kind: 'CONTACT',
      }),
    ).toBe(false);
    expect(recordConversion(t.ctx, { siteId: s.id, lang: 'JP', token: 'garbage', kind: 'FORM' })).toBe(false);
    expect(recordConversion(t.ctx, { siteId: s.id, lang: 'JP', token: undefined, kind: 'FORM' })).toBe(false);
    await t.ctx.visits.writer.flush();
    const rows = await rowsOf<Record<string, unknown>>(
      sql`select entry_page, kind, device, count from analytics_conversion_days where site_id in (${s.id}, ${other.id}) and lang <> '*'`,
    );
    expect(rows).toEqual([{ entry_page: 'B2', kind: 'CONTACT', device: 'TABLET', count: 1 }]);
  });
});

describe('retention', () => {
  it('drops the raw partitions older than the retention and keeps the rollups', async () => {
    const s = await site();
    const old = new Date(Date.UTC(2025, 5, 15, 3));
    const recent = new Date(Date.UTC(2026, 10, 2, 3));
    const rows = [...visits(s.id, 3, 21, [old.getTime()]), ...visits(s.id, 3, 22, [recent.getTime()])];
    await writeEvents(db, rows, t.database.embedded);
    const { dropped } = await maintainEventPartitions(db, {
      retentionMonths: 13,
      now: new Date(Date.UTC(2026, 10, 25)),
    });
    expect(dropped).toContain('site_events_2025_06');
    expect(dropped).not.toContain('site_events_2026_11');
    const left = await rowsOf<{ n: string }>(
      sql`select count(*) as n from site_events where site_id = ${s.id} and occurred_at < '2025-07-01'`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    const kept = await rowsOf<{ n: string }>(
      sql`select count(*) as n from site_events where site_id = ${s.id}`,
    );
    expect(Number(kept[0]!.n)).toBeGreaterThan(0);
    const rollups = await rowsOf<{ n: string }>(
      sql`select coalesce(sum(views), 0) as n from analytics_page_days where site_id = ${s.id} and day < '2025-07-01'`,
    );
    expect(Number(rollups[0]!.n)).toBeGreaterThan(0);
    // The next months are made ahead.
    const next = await rowsOf<{ name: string | null }>(
      sql`select to_regclass('site_events_2027_01')::text as name`,
    );
    expect(next[0]!.name).toBe('site_events_2027_01');
  });
});
