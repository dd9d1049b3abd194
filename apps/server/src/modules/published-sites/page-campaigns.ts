import { jstToday } from '@swipe/contracts/analytics';
import { isCampaignActive } from '@swipe/contracts/campaigns';
import type { TMediaRef } from '@swipe/contracts/sites';
import type { TViewerCampaign } from '@swipe/site-render/render/model';
import { and, asc, eq, gte } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import type { TAppContext } from '../../platform/context';

// The campaigns a published page shows beside the site: read once per render, in
// one query, with the page. A campaign's dates are whole JST days, so what a page shows changes
// only when it is saved (the save drops the site's cached pages) or at a JST midnight where a
// campaign starts or ends: the render says when that is next (`expiresAt`) and the page cache
// renders again from then on. A site without campaigns to come keeps its pages until it changes.

const DAY_MS = 86_400_000;
/** The instant a JST day starts. */
const jstDayStart = (day: string) => Date.parse(`${day}T00:00:00+09:00`);

export type TPageCampaigns = {
  today: string;
  /** Campaigns that have not ended (active today or yet to start), earliest start first. */
  list: TViewerCampaign[];
  /** When the page should be rendered again because a campaign starts or ends; null: never. */
  expiresAt: number | null;
};

/** The site's campaigns that have not ended by `now`'s JST day, and when that set next changes. */
export async function pageCampaigns(
  ctx: TAppContext,
  siteId: string,
  now = Date.now(),
): Promise<TPageCampaigns> {
  const today = jstToday(now);
  const rows = await ctx.db
    .select({ id: campaigns.id, document: campaigns.document })
    .from(campaigns)
    .where(and(eq(campaigns.siteId, siteId), gte(campaigns.endDate, today)))
    .orderBy(asc(campaigns.startDate), asc(campaigns.createdAt));
  let expiresAt: number | null = null;
  for (const r of rows) {
    // A campaign to come changes the page on its first day; a running one the day after its last.
    const at =
      r.document.startDate > today
        ? jstDayStart(r.document.startDate)
        : jstDayStart(r.document.endDate) + DAY_MS;
    if (expiresAt === null || at < expiresAt) expiresAt = at;
  }
  return { today, list: rows.map((r) => ({ ...r.document, id: r.id })), expiresAt };
}

/** The files the campaigns active today show (background, banners, media buttons). */
export function campaignMedia(c: TPageCampaigns): TMediaRef[] {
  const refs: TMediaRef[] = [];
  for (const k of c.list) {
    if (!isCampaignActive(k, c.today)) continue;
    if (k.background) refs.push(k.background);
    for (const b of k.banners) refs.push(b.media);
    for (const b of k.buttons) if (b.type === 'MEDIA' && b.media) refs.push(b.media);
  }
  return refs;
}
