import { randomBytes } from 'node:crypto';
import type { TConversionKind } from '@swipe/contracts/site-events';
import { and, desc, eq } from 'drizzle-orm';
import { siteEvents } from '../../db/schema/analytics';
import { siteWebhooks } from '../../db/schema/webhooks';
import type { TDemoSeed } from '../../platform/module';
import { conversionDeliveries } from './webhooks.service';

// The demo site sends its conversions to the test inbox; its five latest generated conversions
// are queued like any other, so the log and the inbox fill as soon as the job worker runs.

export async function seedDemoWebhook({ db, site, owner }: TDemoSeed) {
  if (!site) return;
  await db.insert(siteWebhooks).values({
    siteId: site.id,
    url: 'https://inbox.test/hinode/conversions',
    secret: `whsec_${randomBytes(24).toString('hex')}`,
    createdBy: owner.userId,
  });
  const latest = await db
    .select()
    .from(siteEvents)
    .where(and(eq(siteEvents.siteId, site.id), eq(siteEvents.type, 'CONV')))
    .orderBy(desc(siteEvents.occurredAt))
    .limit(5);
  for (const e of latest.reverse())
    await conversionDeliveries(db, {
      siteId: site.id,
      visitId: e.visitId,
      kind: e.target as TConversionKind,
      lang: e.lang,
      device: e.device,
      entryPage: e.page,
      at: e.occurredAt,
    });
}
