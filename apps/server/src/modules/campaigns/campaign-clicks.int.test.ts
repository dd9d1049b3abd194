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

// A visitor's click on a campaign item (SPEC 4, 7): counted once per visit and item, only for a
// visit the campaign's site recorded (its entry beacon went through the events intake), only
// while the campaign runs on a published site; anything else is answered alike and counts nothing.

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

/**
 * A visit the site recorded: its entry beacon sent through the events intake, as the published
 * page sends it. `written: false` clicks before the intake has written it.
 */
async function visitOf(siteId: string, opts: { written?: boolean } = {}) {
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
  if (opts.written !== false) await t.ctx.visits.writer.flush();
  return visitId;
}

/** A visit of a site whose beacons the intake drops (not live): written straight to the table. */
async function storedVisit(siteId: string) {
  const visitId = newVisitId();
  await db.insert(siteVisits).values({
    siteId,
    visitId,
    visitorId: visitId,
    startedAt: new Date(),
    lang: 'JP',
    device: 'PHONE',
    entryPage: 'A1',
  });
  return visitId;
}

async function click(campaignId: string, item: string, visitId?: string) {
  const res = await t.app.inject({
    url: `/api/end-user/campaign/${campaignId}/click?item=${item}${visitId ? `&v=${visitId}` : ''}`,
  });
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
  it("counts a recorded visit's first click, even one sent right after its entry beacon", async () => {
    const { site, campaign } = await campaignOn();
    // A visit id the page never sent to the intake counts nothing first.
    expect(await click(campaign.id, 'btn-1', newVisitId())).toEqual(NOT_COUNTED);
    const visit = await visitOf(site.id, { written: false });
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
    expect(await click(campaign.id, 'btn-2', 'made-up-visit-id-0001')).toEqual(NOT_COUNTED);
    const visit = await visitOf(site.id);
    expect(await click(campaign.id, 'btn-1', visit)).toEqual({ count: 1, counted: true });
    expect(await click(campaign.id, 'btn-2', visit)).toEqual({ count: 1, counted: true });
    expect(await click(campaign.id, 'btn-2', visit)).toEqual({ count: 1, counted: false });
    const read = await call('user@example.com', 'GET', `/api/campaign/${campaign.id}`);
    expect(read.json().data).toMatchObject({ clicks: { 'btn-1': 1, 'btn-2': 1 }, total_clicks: 2 });
  });

  it('does not count a made-up visit id', async () => {
    const { campaign } = await campaignOn();
    for (const visit of [newVisitId(), 'visit-aaaaaaaaaaaaaaaa', 'x'])
      expect(await click(campaign.id, 'btn-1', visit), visit).toEqual(NOT_COUNTED);
    expect(await storedCount(campaign.id, 'btn-1')).toBe(0);
  });

  it('does not count a visit another site recorded', async () => {
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
      const visit = await storedVisit(site.id);
      expect(await click(campaign.id, 'btn-1', visit), site.status).toEqual(NOT_COUNTED);
      expect(await storedCount(campaign.id, 'btn-1')).toBe(0);
    }
    // Both of its days are included: a campaign of today alone counts.
    const todayOnly = await campaignOn({ input: { startDate: today, endDate: today } });
    const visit = await visitOf(todayOnly.site.id);
    expect(await click(todayOnly.campaign.id, 'btn-1', visit)).toEqual({ count: 1, counted: true });
    // Unpublished afterwards: its count is no longer told either.
    await db.update(sites).set({ status: 'PRIVATE' }).where(eq(sites.id, todayOnly.site.id));
    expect(await click(todayOnly.campaign.id, 'btn-1', newVisitId())).toEqual(NOT_COUNTED);
  });

  it('counts nothing on an item the campaign does not have, nor on a campaign that does not exist', async () => {
    const { site, campaign } = await campaignOn();
    const visit = await visitOf(site.id);
    expect(await click(campaign.id, 'nope', visit)).toEqual(NOT_COUNTED);
    expect(await click('00000000-0000-4000-8000-000000000000', 'btn-1', visit)).toEqual(NOT_COUNTED);
    expect(await storedCount(campaign.id, 'nope')).toBe(0);
  });
});
