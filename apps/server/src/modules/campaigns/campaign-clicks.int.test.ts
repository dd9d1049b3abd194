import { randomBytes } from 'node:crypto';
import { jstToday } from '@swipe/contracts/analytics';
import type { TCampaignInput } from '@swipe/contracts/campaigns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client';
import { siteVisits } from '../../db/schema/analytics';
import { campaignItemClicks, campaigns } from '../../db/schema/campaigns';
import { sites } from '../../db/schema/sites';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { campaignInput } from './campaign-fixtures';

// A visitor's click on a campaign item: counted once per visit and item, only for a
// visit the server started for the campaign's site (its key, from POST /api/end-user/events/visit),
// only while the campaign runs on a published site; anything else is answered alike and counts
// nothing.

let t: TTestApp;
let db: TDb;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const company = () => t.fixtures.accounts.company.id;
/** A visit id as the published page draws it (22 of the id alphabet). */
const newVisitId = () => randomBytes(16).toString('base64url').slice(0, 22);
const NOT_COUNTED = { count: 0, counted: false };

/** A campaign with two buttons (btn-1, btn-2) on a site of its own, running today unless told. */
async function campaignOn(
  opts: { published?: boolean; status?: string; input?: Partial<TCampaignInput> } = {},
) {
  const site = await insertSite(db, {
    accountId: company(),
    published: opts.published ?? true,
    ...(opts.status ? { status: opts.status } : {}),
  });
  const base = campaignInput({ startDate: '2001-01-01', endDate: '2099-12-31', ...opts.input });
  const input = { ...base, buttons: [base.buttons[0]!, { ...base.buttons[0]!, id: 'btn-2' }] };
  const [campaign] = await db
    .insert(campaigns)
    .values({ siteId: site.id, document: input, startDate: input.startDate, endDate: input.endDate })
    .returning();
  return { site, campaign: campaign! };
}

type TVisit = { visitId: string; visitorId: string; key: string };

/** A visit started as the published page starts it: the server answers its visitor and key. */
async function visitOf(siteId: string): Promise<TVisit> {
  const visitId = newVisitId();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/end-user/events/visit',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ site_id: siteId, visit_id: visitId }),
  });
  const { visitor_id: visitorId, visit_key: key } = res.json().data;
  return { visitId, visitorId, key };
}

/** A visit that only ever sent beacons (the intake records it) and never got a key. */
async function beaconOnlyVisit(siteId: string): Promise<TVisit> {
  const visitId = newVisitId();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/end-user/events',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      site_id: siteId,
      visit_id: visitId,
      lang: 'JP',
      events: [{ seq: 0, type: 'VIEW', page: 'A1', n: 1, at: Date.now() }],
    }),
  });
  expect(res.json().data.accepted).toBe(1);
  await t.ctx.visits.writer.flush();
  const [row] = await db.select().from(siteVisits).where(eq(siteVisits.visitId, visitId));
  expect(row).toBeDefined();
  return { visitId, visitorId: visitId, key: 'A'.repeat(22) };
}

const madeUp = (): TVisit => ({ visitId: newVisitId(), visitorId: 'v'.repeat(32), key: 'A'.repeat(22) });

async function click(campaignId: string, item: string, visit?: TVisit) {
  const query = visit ? `&v=${visit.visitId}&u=${visit.visitorId}&k=${visit.key}` : '';
  const res = await t.app.inject({ url: `/api/end-user/campaign/${campaignId}/click?item=${item}${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data as { count: number; counted: boolean };
}

const storedCount = async (campaignId: string, item: string) =>
  (
    await db
      .select({ clicks: campaignItemClicks.clicks })
      .from(campaignItemClicks)
      .where(and(eq(campaignItemClicks.campaignId, campaignId), eq(campaignItemClicks.itemId, item)))
  )[0]?.clicks ?? 0;

describe('a click on a campaign item', () => {
  it('counts the first click of a visit the server started, and none of a visit that only sent beacons', async () => {
    const { site, campaign } = await campaignOn();
    expect(await click(campaign.id, 'btn-1', await beaconOnlyVisit(site.id))).toEqual(NOT_COUNTED);
    const visit = await visitOf(site.id);
    // Its key is for this visit and visitor only.
    expect(await click(campaign.id, 'btn-1', { ...visit, visitorId: madeUp().visitorId })).toEqual(
      NOT_COUNTED,
    );
    expect(await click(campaign.id, 'btn-1', { ...visit, visitId: newVisitId() })).toEqual(NOT_COUNTED);
    expect(await click(campaign.id, 'btn-1', visit)).toEqual({ count: 1, counted: true });
    expect(await storedCount(campaign.id, 'btn-1')).toBe(1);
  });

  it("does not count the visit's second click on the item (racing or not), nor a click naming no visit", async () => {
    const { site, campaign } = await campaignOn();
    const visit = await visitOf(site.id);
    const racing = await Promise.all([1, 2, 3].map(() => click(campaign.id, 'btn-1', visit)));
    expect(racing.filter((r) => r.counted)).toEqual([{ count: 1, counted: true }]);
    expect(await click(campaign.id, 'btn-1', visit)).toEqual({ count: 1, counted: false });
    expect(await click(campaign.id, 'btn-1')).toEqual({ count: 1, counted: false });
    expect(await storedCount(campaign.id, 'btn-1')).toBe(1);
  });

  it('counts the same visit once more on another item of the campaign', async () => {
    const { site, campaign } = await campaignOn();
    expect(await click(campaign.id, 'btn-2', madeUp())).toEqual(NOT_COUNTED);
    const visit = await visitOf(site.id);
    expect(await click(campaign.id, 'btn-1', visit)).toEqual({ count: 1, counted: true });
    expect(await click(campaign.id, 'btn-2', visit)).toEqual({ count: 1, counted: true });
    expect(await click(campaign.id, 'btn-2', visit)).toEqual({ count: 1, counted: false });
    const read = await call('user@example.com', 'GET', `/api/campaign/${campaign.id}`);
    expect(read.json().data).toMatchObject({ clicks: { 'btn-1': 1, 'btn-2': 1 }, total_clicks: 2 });
  });

  it('does not count a made-up visit id', async () => {
    const { campaign } = await campaignOn();
    for (const visit of [madeUp(), { ...madeUp(), visitId: 'x', key: '' }, { ...madeUp(), key: 'x' }])
      expect(await click(campaign.id, 'btn-1', visit), visit.visitId).toEqual(NOT_COUNTED);
    expect(await storedCount(campaign.id, 'btn-1')).toBe(0);
  });

  it('does not count a visit the server started for another site', async () => {
    const { campaign } = await campaignOn();
    const other = await campaignOn();
    const visit = await visitOf(other.site.id);
    expect(await click(campaign.id, 'btn-1', visit)).toEqual(NOT_COUNTED);
    expect(await storedCount(campaign.id, 'btn-1')).toBe(0);
    // The same visit counts on its own site's campaign.
    expect(await click(other.campaign.id, 'btn-1', visit)).toEqual({ count: 1, counted: true });
  });

  it('counts nothing on a campaign that ended or has not started (JST days), nor on a site not published', async () => {
    const now = Date.now();
    const yesterday = jstToday(now - DAY);
    const tomorrow = jstToday(now + DAY);
    const today = jstToday(now);
    const refused = [
      await campaignOn({ input: { startDate: '2001-01-01', endDate: yesterday } }),
      await campaignOn({ input: { startDate: tomorrow, endDate: '2099-12-31' } }),
      await campaignOn({ published: false }),
      await campaignOn({ status: 'PRIVATE' }),
      await campaignOn({ status: 'EXPIRED' }),
    ];
    for (const { site, campaign } of refused) {
      const visit = await visitOf(site.id);
      expect(await click(campaign.id, 'btn-1', visit), site.status).toEqual(NOT_COUNTED);
      expect(await storedCount(campaign.id, 'btn-1')).toBe(0);
    }
    // Both of its days are included: a campaign of today alone counts.
    const todayOnly = await campaignOn({ input: { startDate: today, endDate: today } });
    const visit = await visitOf(todayOnly.site.id);
    expect(await click(todayOnly.campaign.id, 'btn-1', visit)).toEqual({ count: 1, counted: true });
    // Unpublished afterwards: its count is no longer told either.
    await db.update(sites).set({ status: 'PRIVATE' }).where(eq(sites.id, todayOnly.site.id));
    expect(await click(todayOnly.campaign.id, 'btn-1', await visitOf(todayOnly.site.id))).toEqual(
      NOT_COUNTED,
    );
  });

  it('counts nothing on an item the campaign does not have, nor on a campaign that does not exist', async () => {
    const { site, campaign } = await campaignOn();
    const visit = await visitOf(site.id);
    expect(await click(campaign.id, 'nope', visit)).toEqual(NOT_COUNTED);
    expect(await click('00000000-0000-4000-8000-000000000000', 'btn-1', visit)).toEqual(NOT_COUNTED);
    expect(await storedCount(campaign.id, 'nope')).toBe(0);
  });
});
