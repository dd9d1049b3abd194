import type { TCampaignInput, TCampaignLink } from '@swipe/contracts/campaigns';
import type { TPageRenames } from '@swipe/contracts/site-api';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import type { TDbOrTx } from '../../db/tx';

// Campaigns name the site's pages by coordinate: the pages they show beside (effective pages)
// and pages their items link to (CREATIVE_BLOCK). When the site editor moves or removes pages,
// the save passes the renames here (a page-rename effect, run in the save's transaction).

/**
 * The campaign with its pages renamed: removed pages leave its effective pages (all of them
 * may go: it then shows nowhere until the creator picks pages again). An item linking to a
 * removed page keeps its link, as a link must name a target: the published page gives it no
 * destination while that page does not exist. The same object when nothing changes.
 */
export function renameCampaignPages(input: TCampaignInput, renames: TPageRenames): TCampaignInput {
  const renamed = (p: string) => (Object.hasOwn(renames, p) ? renames[p]! : p);
  let changed = false;
  const effectivePages = input.effectivePages.flatMap((p) => {
    const to = renamed(p);
    if (to !== p) changed = true;
    return to === null ? [] : [to];
  });
  const link = <T extends { link: TCampaignLink }>(item: T): T => {
    if (item.link.type !== 'CREATIVE_BLOCK') return item;
    const to = renamed(item.link.url);
    if (to === null || to === item.link.url) return item;
    changed = true;
    return { ...item, link: { ...item.link, url: to } };
  };
  const banners = input.banners.map(link);
  const buttons = input.buttons.map(link);
  return changed ? { ...input, effectivePages, banners, buttons } : input;
}

/** The page-rename effect of campaigns: every campaign of the site follows its pages. */
export async function moveCampaignPages(db: TDbOrTx, change: { siteId: string; renames: TPageRenames }) {
  const rows = await db
    .select({ id: campaigns.id, document: campaigns.document })
    .from(campaigns)
    .where(eq(campaigns.siteId, change.siteId));
  const now = new Date();
  for (const row of rows) {
    const document = renameCampaignPages(row.document, change.renames);
    if (document !== row.document)
      await db.update(campaigns).set({ document, updatedAt: now }).where(eq(campaigns.id, row.id));
  }
}
