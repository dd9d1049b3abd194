import { VARIATION_COOKIE } from '@swipe/contracts/experiments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVisits } from '../../db/schema/analytics';
import { startTestApp, type TTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { recordConversion } from '../visits/visits.service';
import { api, experimentsTestKit, OWNER } from './experiments-test-kit';

// An experiment's results from the visits of its variations: visitors and those who reached the
// goal (a form, or the goal button's GOAL event). Only visits the server started count (their
// beacons carry its visit key), so beacons with made-up visitor or visit ids move no result.

let t: TTestApp;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());

const { publishedSite, runningExperiment, startVisit, beacon, visitOf } = experimentsTestKit(
  () => t,
  () => call,
);

const resultsOf = async (siteId: string) => {
  await t.ctx.visits.writer.flush();
  const list = (await call(OWNER, 'GET', api(siteId))).json().data;
  return list[0].variations.map((v: { result: { visitors: number; conversions: number } }) => ({
    visitors: v.result.visitors,
    conversions: v.result.conversions,
  }));
};

const entry = (at = Date.now()) => ({ seq: 0, type: 'VIEW', page: 'A1', n: 1, at });
const goalClick = (at = Date.now()) => [
  { seq: 1, type: 'CLICK', page: 'A1', target: 'LINK', target_id: 'A1', at },
  { seq: 2, type: 'GOAL', page: 'A1', target: 'LINK', target_id: 'A1', at },
];
const visitId = (name: string) => name.padEnd(16, '_');

describe('results', () => {
  it("count each variation's visitors and those who reached the goal, a form or the goal button", async () => {
    const { site, experiment, a, b } = await runningExperiment();
    for (let i = 0; i < 4; i++) await visitOf(site.id, visitId(`visitA${i}`), a.id, [entry()]);
    for (let i = 0; i < 2; i++) await visitOf(site.id, visitId(`visitB${i}`), b.id, [entry()]);
    await t.ctx.visits.writer.flush();
    // A contact form sent in a later batch than the visit's start: found through the visit.
    expect(
      recordConversion(t.ctx, {
        siteId: site.id,
        lang: 'JP',
        token: `${site.id}.${visitId('visitB0')}.A1.PHONE`,
        kind: 'CONTACT',
      }),
    ).toBe(true);
    await t.ctx.visits.writer.flush();
    const list = (await call(OWNER, 'GET', api(site.id))).json().data;
    const results = list[0].variations.map((v: { result: unknown }) => v.result);
    expect(results[0]).toMatchObject({ visitors: 4, conversions: 0, rate: 0, beats_base: null });
    expect(results[1]).toMatchObject({ visitors: 2, conversions: 1, rate: 0.5 });
    expect(results[1].low).toBeGreaterThan(0);
    expect(results[1].high).toBeLessThan(1);
    expect(results[1].beats_base).toBeGreaterThan(0.5);
    expect(list[0].id).toBe(experiment.id);
  });

  it('counts a click on the goal button, once, through its GOAL event', async () => {
    const { site, b } = await runningExperiment({
      goal: 'BUTTON',
      goalButton: { target: 'LINK', target_id: 'A1' },
    });
    const page = await fetch(`${base}/sites/${site.id}/`, {
      headers: { cookie: `${VARIATION_COOKIE}=${b.id}` },
    });
    expect(await page.text()).toContain('data-goal="LINK:A1"');
    await visitOf(site.id, visitId('goalVisit'), b.id, [entry(), ...goalClick()]);
    await t.ctx.visits.writer.flush();
    const [visit] = await t.database.db
      .select()
      .from(siteVisits)
      .where(eq(siteVisits.visitId, visitId('goalVisit')));
    expect(visit).toMatchObject({ variationId: b.id, goals: 16 });
    expect((await resultsOf(site.id))[1]).toEqual({ visitors: 1, conversions: 1 });
    // The click is still a click of the page's analysis; the GOAL event adds no page row.
    const [pages] = (
      await t.database.db.execute(
        sql`select sum(clicks)::int as clicks, sum(views)::int as views from analytics_page_days where site_id = ${site.id} and lang = '*'`,
      )
    ).rows as { clicks: number; views: number }[];
    expect(pages).toEqual({ clicks: 1, views: 1 });
  });
});

describe('visits the server did not start', () => {
  it('move no result: made-up visitor and visit ids, keys of other visits, visitors or sites', async () => {
    const { site, a, b } = await runningExperiment({
      goal: 'BUTTON',
      goalButton: { target: 'LINK', target_id: 'A1' },
    });
    const other = await publishedSite();
    // The real visits: one of A (not converting), one of B (converting).
    const realA = await visitOf(site.id, visitId('realA'), a.id, [entry()]);
    const realB = await visitOf(site.id, visitId('realB'), b.id, [entry(), ...goalClick()]);
    const real = [
      { visitors: 1, conversions: 0 },
      { visitors: 1, conversions: 1 },
    ];
    expect(await resultsOf(site.id)).toEqual(real);

    const madeUp = 'madeUpVisitor'.padEnd(32, 'x');
    const forged = async (name: string, ids: { visitor_id?: string; visit_key?: string }) => {
      const res = await beacon(site.id, { visit_id: visitId(name), ...ids }, b.id, [entry(), ...goalClick()]);
      expect(res.statusCode, res.body).toBe(202);
    };
    // No key at all, a made-up visitor id with another visit's key, an issued visitor id on a
    // visit id its key was not issued for, a key issued for another site.
    await forged('noKey', { visitor_id: madeUp });
    const issued = await startVisit(site.id, visitId('issuedFor'));
    await forged('issuedFor', { visitor_id: madeUp, visit_key: issued.visit_key });
    await forged('otherVisit', { visitor_id: realB.visitor_id, visit_key: realB.visit_key });
    const elsewhere = await startVisit(other.id, visitId('elsewhere'));
    await forged('elsewhere', elsewhere);
    // A GOAL for A's real visit, its ids right but without the key.
    const goal = await beacon(
      site.id,
      { visit_id: visitId('realA'), visitor_id: realA.visitor_id },
      a.id,
      goalClick(),
    );
    expect(goal.statusCode).toBe(202);
    // A form sent from a visit that was never started by the server.
    recordConversion(t.ctx, {
      siteId: site.id,
      lang: 'JP',
      token: `${site.id}.${visitId('noKey')}.A1.PHONE`,
      kind: 'CONTACT',
    });
    expect(await resultsOf(site.id)).toEqual(real);
    // They still count in the site's analysis (as views), just not in the experiment.
    const kept = await t.database.db
      .select()
      .from(siteVisits)
      .where(eq(siteVisits.visitId, visitId('noKey')));
    expect(kept).toMatchObject([{ variationId: null, goals: 0 }]);

    // A visit started with the server counts, goal and all.
    await visitOf(site.id, visitId('realA2'), a.id, [entry(), ...goalClick()]);
    expect(await resultsOf(site.id)).toEqual([
      { visitors: 2, conversions: 1 },
      { visitors: 1, conversions: 1 },
    ]);
  });

  it('keeps a visitor the id it was issued, and replaces one it made up', async () => {
    const site = await publishedSite();
    const first = await startVisit(site.id, visitId('first'));
    expect(first.visitor_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.visit_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = await startVisit(site.id, visitId('again'), first.visitor_id);
    expect(again.visitor_id).toBe(first.visitor_id);
    expect(again.visit_key).not.toBe(first.visit_key);
    const madeUp = `${first.visitor_id.slice(0, 16)}${'A'.repeat(16)}`;
    const replaced = await startVisit(site.id, visitId('made'), madeUp);
    expect(replaced.visitor_id).not.toBe(madeUp);
    expect(replaced.visitor_id).not.toBe(first.visitor_id);
  });
});
