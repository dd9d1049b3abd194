import { jstToday } from '@swipe/contracts/analytics';
import { isCampaignActive } from '@swipe/contracts/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import { siteVisits } from '../../db/schema/analytics';
import { campaignClickVisits, campaignItemClicks, campaigns } from '../../db/schema/campaigns';
import { sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext } from '../../platform/context';
import { LIVE_STATUSES } from '../site-core/site-access';

// A visitor's click on a campaign banner or button (SPEC 4, 7). It counts once per visit and
// item, only for a visit the server recorded on the campaign's site, and only while the campaign
// is live (its site published, the item in it, today in JST within its days).
//
// Which visit: the published page is the same cached bytes for everyone (DESIGN 7 measures it
// against a bare server), so it cannot carry an id the server made for this visit; its runtime
// draws the visit id, and the server's record of that visit is its site_visits row, written from
// the visit's entry beacon by the events intake (only for a live site, rate limited). Requiring
// the click's visit there costs one primary-key lookup per click and nothing on the page; a
// made-up id counts nothing. Once per visit and item is the primary key of campaign_click_visits,
// so it holds across processes.

/**
 * How long a click looks again for a visit not recorded yet: the page sends its entry beacon
 * first, and the intake acknowledges a beacon only while it writes within about a second.
 */
const VISIT_WAIT_MS = 1000;
const VISIT_POLL_MS = 250;

/** What every click that does not count is answered: the same shape, whatever the reason. */
const NOT_COUNTED = { count: 0, counted: false } as const;

const itemClicks = async (db: TDbOrTx, campaignId: string, itemId: string) =>
  (
    await db
      .select({ clicks: campaignItemClicks.clicks })
      .from(campaignItemClicks)
      .where(and(eq(campaignItemClicks.campaignId, campaignId), eq(campaignItemClicks.itemId, itemId)))
  )[0]?.clicks ?? 0;

const visitRecorded = async (db: TDbOrTx, siteId: string, visitId: string) =>
  (
    await db
      .select({ one: sql<number>`1` })
      .from(siteVisits)
      .where(and(eq(siteVisits.siteId, siteId), eq(siteVisits.visitId, visitId)))
      .limit(1)
  ).length > 0;

/** Whether the site recorded the visit, now or within VISIT_WAIT_MS (its beacon may be on its way). */
async function visitOfSite(db: TDbOrTx, siteId: string, visitId: string) {
  for (let waited = 0; ; waited += VISIT_POLL_MS) {
    if (await visitRecorded(db, siteId, visitId)) return true;
    if (waited >= VISIT_WAIT_MS) return false;
    await new Promise((resolve) => setTimeout(resolve, VISIT_POLL_MS));
  }
}

/**
 * Counts a click when it may; answers the item's count and whether this click counted. A click
 * on what visitors cannot see (no such campaign or item, a site not published, a campaign not
 * running today) is answered `{ count: 0, counted: false }`, so a script learns nothing from it.
 */
export async function recordCampaignClick(
  ctx: TAppContext,
  opts: { campaignId: string; itemId: string; visitId?: string; now?: number },
): Promise<{ count: number; counted: boolean }> {
  const [row] = await ctx.db
    .select({
      document: campaigns.document,
      siteId: campaigns.siteId,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
      siteStatus: sites.status,
      published: sql<boolean>`${sites.published} is not null`,
    })
    .from(campaigns)
    .innerJoin(sites, eq(sites.id, campaigns.siteId))
    .where(eq(campaigns.id, opts.campaignId))
    .limit(1);
  const live =
    !!row &&
    LIVE_STATUSES.includes(row.siteStatus) &&
    row.published &&
    isCampaignActive(row, jstToday(opts.now)) &&
    [...row.document.banners, ...row.document.buttons].some((i) => i.id === opts.itemId);
  if (!row || !live) return NOT_COUNTED;
  const read = (db: TDbOrTx = ctx.db) => itemClicks(db, opts.campaignId, opts.itemId);
  const { visitId } = opts;
  if (!row.document.clickCounting || !visitId) return { count: await read(), counted: false };
  if (!(await visitOfSite(ctx.db, row.siteId, visitId))) return { count: await read(), counted: false };
  return ctx.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(campaignClickVisits)
      .values({ campaignId: opts.campaignId, itemId: opts.itemId, visitId })
      .onConflictDoNothing()
      .returning({ visitId: campaignClickVisits.visitId });
    if (fresh.length === 0) return { count: await read(tx), counted: false };
    const [counted] = await tx
      .insert(campaignItemClicks)
      .values({ campaignId: opts.campaignId, itemId: opts.itemId, clicks: 1 })
      .onConflictDoUpdate({
        target: [campaignItemClicks.campaignId, campaignItemClicks.itemId],
        set: { clicks: sql`${campaignItemClicks.clicks} + 1` },
      })
      .returning({ clicks: campaignItemClicks.clicks });
    return { count: counted!.clicks, counted: true };
  });
}
