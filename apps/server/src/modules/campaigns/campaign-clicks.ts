import { jstToday } from '@swipe/contracts/analytics';
import { isCampaignActive } from '@swipe/contracts/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import { campaignClickVisits, campaignItemClicks, campaigns } from '../../db/schema/campaigns';
import { sites } from '../../db/schema/sites';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext } from '../../platform/context';
import { LIVE_STATUSES } from '../site-core/site-access';

// A visitor's click on a campaign banner or button. It counts once per visit and
// item, only for a visit the server issued for the campaign's site, and only while the campaign
// is live (its site published, the item in it, today in JST within its days).
//
// Which visit: the published page is the same cached bytes for everyone, so its runtime draws the
// visit id and asks the server to start the visit (POST /api/end-user/events/visit), which answers
// the visitor id and an HMAC key of site, visit and visitor (platform/visit-keys.ts). The click
// carries all three: a key that does not verify (a made-up visit, another site's, a visit that
// only ever sent beacons) counts nothing, at the cost of a hash and no query. Once per visit and
// item is the primary key of campaign_click_visits, so it holds across processes.

/** What every click that does not count is answered: the same shape, whatever the reason. */
const NOT_COUNTED = { count: 0, counted: false } as const;

const itemClicks = async (db: TDbOrTx, campaignId: string, itemId: string) =>
  (
    await db
      .select({ clicks: campaignItemClicks.clicks })
      .from(campaignItemClicks)
      .where(and(eq(campaignItemClicks.campaignId, campaignId), eq(campaignItemClicks.itemId, itemId)))
  )[0]?.clicks ?? 0;

/**
 * Counts a click when it may; answers the item's count and whether this click counted. A click
 * on what visitors cannot see (no such campaign or item, a site not published, a campaign not
 * running today) is answered `{ count: 0, counted: false }`, so a script learns nothing from it.
 */
export async function recordCampaignClick(
  ctx: TAppContext,
  opts: {
    campaignId: string;
    itemId: string;
    /** The visit that clicked, with its visitor and the key the server issued for them. */
    visit?: { visitId?: string; visitorId?: string; key?: string };
    now?: number;
  },
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
  const { visitId, visitorId, key } = opts.visit ?? {};
  const issued =
    !!visitId && !!visitorId && !!key && ctx.visits.keys.verifyVisit(row.siteId, visitId, visitorId, key);
  if (!row.document.clickCounting || !issued) return { count: await read(), counted: false };
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
