import { ZCampaignInput } from '@swipe/contracts/campaigns';
import { addDays, formatMonthDay, jstDay } from '@swipe/contracts/jst-format';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import { and, asc, eq } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import { siteAssets, type sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TDbOrTx } from '../../db/tx';
import { demoOfferEnd } from '../sites/demo-site';

// The demo site's campaign: running from a week before the seed to the end of next month (its
// microcopy names that day), on every page, so a fresh machine shows
// its zones beside the site on a wide screen: a banner (one of the site's own images) and a
// pulsing pill-shaped button with a line of microcopy.

export async function seedDemoCampaign(db: TDbOrTx, site: typeof sites.$inferSelect) {
  const doc = storedSiteDocument(site.published ?? site.draft);
  const [image] = await db
    .select({ id: siteAssets.id })
    .from(siteAssets)
    .where(
      and(
        eq(siteAssets.accountId, site.accountId),
        eq(siteAssets.kind, 'IMAGE'),
        eq(siteAssets.status, 'READY'),
      ),
    )
    .orderBy(asc(siteAssets.createdAt))
    .limit(1);
  const offerEnd = demoOfferEnd();
  const input = ZCampaignInput.parse({
    names: { JP: '秋の予約キャンペーン', EN: 'Autumn booking campaign' },
    backgroundColor: '#fff4e6',
    backgroundOpacity: 100,
    startDate: addDays(jstDay(Date.now()), -7),
    endDate: offerEnd,
    effectivePages: gridCoordinates(doc.numberVertical, doc.numberHorizontal),
    clickCounting: true,
    position: 2,
    banners: image
      ? [
          {
            id: 'demo-banner',
            media: { assetId: image.id, kind: 'IMAGE' },
            x: 44,
            y: 120,
            width: 300,
            height: 300,
            zIndex: 1,
            lockRatio: true,
            link: { type: 'CREATIVE_BLOCK', url: 'B1' },
          },
        ]
      : [],
    buttons: [
      {
        id: 'demo-button',
        type: 'TEXT',
        text: '今すぐ予約 / Book now',
        x: 94,
        y: 470,
        width: 200,
        height: 48,
        zIndex: 2,
        backgroundColor: '#c2410c',
        textColor: '#ffffff',
        microcopy: {
          lines: [`${formatMonthDay(offerEnd, 'ja')}まで 送料無料`],
          color: '#862e0c',
          align: 'CENTER',
          position: 'BOTTOM',
        },
        animation: 'PULSE',
        corner: 'PILL',
        link: { type: 'EXTERNAL_URL', url: 'https://example.com/hinode/booking' },
      },
    ],
  });
  await db.insert(campaigns).values({
    siteId: site.id,
    document: input,
    startDate: input.startDate,
    endDate: input.endDate,
  });
}
