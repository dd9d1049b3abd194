import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPageDays, siteEvents, siteViewCounts, siteVisits } from '../../db/schema/analytics';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// Visit tracking: beacons in, rows out exactly once, CTA clicks counted once, per-page
// numbers for the site's owner only, and nothing acknowledged lost on shutdown.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const VISIT = 'visit-0123456789abcdef';
const live = () =>
  insertSite(t.database.db, {
    accountId: t.fixtures.accounts.company.id,
    doc: siteDocument({ rows: 2, columns: 2 }),
    published: true,
  });

const beacon = (
  siteId: string,
  events: object[],
  opts: { visit?: string; type?: string; batch?: Record<string, unknown> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/end-user/events',
    headers: { 'content-type': opts.type ?? 'application/json' },
    payload: JSON.stringify({
      site_id: siteId,
      visit_id: opts.visit ?? VISIT,
      lang: 'JP',
      events,
      ...opts.batch,
    }),
  });

const ev = (seq: number, type: string, page: string, extra: object = {}) => ({
  seq,
  type,
  page,
  at: Date.now(),
  ...extra,
});

/** A published site whose applicant-limited popup CTA runs now on A1. */
async function applicantLimitedSite(limit: number) {
  const doc = siteDocument({ rows: 1, columns: 2 });
  doc.popupCtas.applicantLimit = {
    ...doc.popupCtas.applicantLimit,
    enabled: true,
    limit: String(limit),
    startDate: new Date(Date.now() - 60_000).toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
    effectivePages: ['A1'],
  };
  return insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id, doc, published: true });
}

const rowsOf = (siteId: string) =>
  t.database.db.select().from(siteEvents).where(eq(siteEvents.siteId, siteId));

describe('visit events', () => {
  it('stores a batch once even when the beacon arrives twice, as JSON or as text', async () => {
    const site = await live();
    const batch = [ev(0, 'VIEW', 'A1'), ev(1, 'SWIPE', 'B1', { from: 'A1' }), ev(2, 'VIEW', 'B1')];
    const first = await beacon(site.id, batch);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ data: { accepted: 3 } });
    expect((await beacon(site.id, batch, { type: 'text/plain;charset=UTF-8' })).statusCode).toBe(202);
    await t.ctx.visits.writer.flush();
    const rows = await rowsOf(site.id);
    expect(rows.map((r) => [r.seq, r.type, r.page, r.fromPage])).toEqual([
      [0, 'VIEW', 'A1', null],
      [1, 'SWIPE', 'B1', 'A1'],
      [2, 'VIEW', 'B1', null],
    ]);
    // The site list's view count (a rollup the writer keeps) counts them once too.
    const list = await call('user@example.com', 'GET', '/api/site?page_size=100');
    expect(list.json().data.find((s: { id: string }) => s.id === site.id).views).toBe(2);
  });

  it('keeps where a visit came from with the visit: referrer, UTM and the ad click id with its network', async () => {
    const site = await live();
    const from = {
      referrer: 'www.google.com',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter',
      ad_network: 'GOOGLE',
      ad_click_id: 'Cj0KCQiA-test',
    };
    const entry = [ev(0, 'VIEW', 'A1', { n: 1 })];
    expect((await beacon(site.id, entry, { batch: from })).statusCode).toBe(202);
    // A click id without its network, or a network without an id, is not an ad click.
    expect(
      (await beacon(site.id, entry, { visit: 'visit-no-network-0001', batch: { ad_click_id: 'x' } }))
        .statusCode,
    ).toBe(202);
    expect(
      (await beacon(site.id, entry, { visit: 'visit-no-clickid-0001', batch: { ad_network: 'META' } }))
        .statusCode,
    ).toBe(202);
    // An unknown network is refused.
    expect(
      (
        await beacon(site.id, entry, {
          visit: 'visit-bad-network-01',
          batch: { ad_network: 'MYSPACE', ad_click_id: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    await t.ctx.visits.writer.flush();
    const stored = await t.database.db.select().from(siteVisits).where(eq(siteVisits.siteId, site.id));
    expect(
      stored
        .map((v) => [
          v.visitId,
          v.referrerHost,
          v.utmSource,
          v.utmMedium,
          v.utmCampaign,
          v.adNetwork,
          v.adClickId,
        ])
        .sort(),
    ).toEqual([
      [VISIT, 'www.google.com', 'google', 'cpc', 'winter', 'GOOGLE', 'Cj0KCQiA-test'],
      ['visit-no-clickid-0001', null, null, null, null, null, null],
      ['visit-no-network-0001', null, null, null, null, null, null],
    ]);
  });

  it('keeps nothing of a site visitors cannot see, and refuses malformed beacons', async () => {
    const draft = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    expect((await beacon(draft.id, [ev(0, 'VIEW', 'A1')])).json()).toEqual({ data: { accepted: 0 } });
    expect((await beacon('00000000-0000-4000-8000-000000000000', [ev(0, 'VIEW', 'A1')])).statusCode).toBe(
      202,
    );
    await t.ctx.visits.writer.flush();
    expect(await rowsOf(draft.id)).toEqual([]);

    const site = await live();
    for (const bad of [
      [ev(0, 'VIEW', 'not a page')],
      [ev(0, 'TELEPORT', 'A1')],
      [],
      Array.from({ length: 101 }, (_, i) => ev(i, 'VIEW', 'A1')),
    ])
      expect((await beacon(site.id, bad)).statusCode).toBe(400);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/end-user/events',
      headers: { 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expect(junk.statusCode).toBe(400);
  });

  it('clamps a visitor clock that is off into the last day', async () => {
    const site = await live();
    await beacon(
      site.id,
      [ev(0, 'VIEW', 'A1', { at: 0 }), ev(1, 'VIEW', 'A2', { at: Date.now() + 86_400_000 })],
      {
        visit: 'visit-clock-aaaaaaaaaaaa',
      },
    );
    await t.ctx.visits.writer.flush();
    for (const r of await rowsOf(site.id)) {
      expect(r.occurredAt.getTime()).toBeGreaterThan(Date.now() - 86_400_000 - 60_000);
      expect(r.occurredAt.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
    }
  });

  it("corrects a page's clock that is an hour ahead by when it says it sent the batch", async () => {
    const site = await live();
    const ahead = Date.now() + 3_600_000;
    await beacon(site.id, [ev(0, 'VIEW', 'A1', { at: ahead - 5_000 })], {
      visit: 'visit-ahead-aaaaaaaaaaa',
      batch: { sent_at: ahead },
    });
    await t.ctx.visits.writer.flush();
    const [row] = await rowsOf(site.id);
    expect(Math.abs(row!.occurredAt.getTime() - (Date.now() - 5_000))).toBeLessThan(65_000);
  });

  it('counts a popup CTA click once, and the applicant limit counts down from it', async () => {
    const site = await applicantLimitedSite(10);
    const click = [ev(0, 'CLICK', 'A1', { target: 'CTA', target_id: 'applicantLimit' })];
    await beacon(site.id, click, { visit: 'visit-cta-one-aaaaaaaa' });
    await beacon(site.id, click, { visit: 'visit-cta-one-aaaaaaaa' });
    await beacon(site.id, click, { visit: 'visit-cta-two-aaaaaaaa' });
    await t.ctx.visits.writer.flush();
    const buttons = await t.app.inject({ url: `/api/end-user/site/${site.id}/button/public` });
    expect(buttons.json().data.applicant_limit).toMatchObject({ clicks: 2, limit: 10, remaining: 8 });
  });

  it('counts each applicant once however often they click, and forged clicks from one address only a few times', async () => {
    const doc = siteDocument({ rows: 1, columns: 2 });
    doc.popupCtas.applicantLimit = {
      ...doc.popupCtas.applicantLimit,
      enabled: true,
      limit: '100',
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      effectivePages: ['A1'],
    };
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      doc,
      published: true,
    });
    const click = (visit: string, opts: { cookie?: string; ip: string; seq?: number }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/end-user/events',
        headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
        remoteAddress: opts.ip,
        payload: JSON.stringify({
          site_id: site.id,
          visit_id: visit,
          lang: 'JP',
          events: [ev(opts.seq ?? 0, 'CLICK', 'A1', { target: 'CTA', target_id: 'applicantLimit' })],
        }),
      });
    const remaining = async () => {
      await t.ctx.visits.writer.flush();
      const res = await t.app.inject({ url: `/api/end-user/site/${site.id}/button/public` });
      return res.json().data.applicant_limit.remaining as number;
    };

    // A visitor clicks, comes back in another visit (their cookie says who they are) and clicks again.
    const first = await click('visit-applicant-aaaaaaaa', { ip: '10.90.0.1' });
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^swipe_vid=/);
    await click('visit-applicant-bbbbbbbb', { ip: '10.90.0.1', cookie });
    await click('visit-applicant-bbbbbbbb', { ip: '10.90.0.1', cookie, seq: 1 });
    expect(await remaining()).toBe(99);

    // Forged beacons: a new visit id each time, no cookie, from one address.
    for (let i = 0; i < 30; i++)
      await click(`visit-forged-${String(i).padStart(10, '0')}`, { ip: '10.90.0.2' });
    expect(await remaining()).toBeGreaterThanOrEqual(99 - 5);
  });

  it('gives the owner views, visits, reach and dwell per page, and nobody else', async () => {
    const site = await live();
    // Two visits: both see A1, one goes on to B1 (where it stays 4 s).
    await beacon(site.id, [ev(0, 'VIEW', 'A1', { n: 1 }), ev(1, 'DWELL', 'A1', { dwell_ms: 2000 })], {
      visit: 'visit-stats-one-aaaaaa',
    });
    await beacon(
      site.id,
      [
        ev(0, 'VIEW', 'A1', { n: 1 }),
        ev(1, 'DWELL', 'A1', { dwell_ms: 1000 }),
        ev(2, 'SWIPE', 'B1', { from: 'A1' }),
        ev(3, 'VIEW', 'B1', { n: 2 }),
        ev(4, 'DWELL', 'B1', { dwell_ms: 4000 }),
      ],
      { visit: 'visit-stats-two-aaaaaa' },
    );
    await t.ctx.visits.writer.flush();
    const res = await call('user@example.com', 'GET', `/api/site/${site.id}/stats`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      visits: 2,
      views: 3,
      pages: [
        { page: 'A1', views: 2, visits: 2, reach: 1, avg_dwell_ms: 1500 },
        { page: 'B1', views: 1, visits: 1, reach: 0.5, avg_dwell_ms: 4000 },
      ],
    });
    expect((await call('direct@example.com', 'GET', `/api/site/${site.id}/stats`)).statusCode).toBe(404);

    // The site list shows each site's views.
    const list = await call('user@example.com', 'GET', '/api/site?page_size=100');
    expect(list.json().data.find((s: { id: string }) => s.id === site.id).views).toBe(3);

    // Deleting the site takes its events along, its rollups and its view count.
    expect((await call('user@example.com', 'DELETE', `/api/site/${site.id}`)).statusCode).toBe(200);
    expect(await rowsOf(site.id)).toEqual([]);
    expect(
      await t.database.db.select().from(analyticsPageDays).where(eq(analyticsPageDays.siteId, site.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(siteViewCounts).where(eq(siteViewCounts.siteId, site.id)),
    ).toEqual([]);
  });

  it('writes what it acknowledged before the app closes', async () => {
    const other = await startTestApp();
    try {
      const site = await insertSite(other.database.db, {
        accountId: other.fixtures.accounts.company.id,
        doc: siteDocument(),
        published: true,
      });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/end-user/events',
        payload: {
          site_id: site.id,
          visit_id: VISIT,
          lang: 'JP',
          events: [ev(0, 'VIEW', 'A1'), ev(1, 'VIEW', 'B1')],
        },
      });
      expect(res.statusCode).toBe(202);
      expect(other.ctx.visits.writer.pending()).toBe(2);
      await other.app.close();
      const rows = await other.database.db.select().from(siteEvents).where(eq(siteEvents.siteId, site.id));
      expect(rows).toHaveLength(2);
    } finally {
      await other.close().catch(() => {});
    }
  });
});
