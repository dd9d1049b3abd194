import { randomBytes } from 'node:crypto';
import type { TConversionKind } from '@swipe/contracts/site-events';
import { and, desc, eq } from 'drizzle-orm';
import { siteEvents } from '../../db/schema/analytics';
import { siteWebhooks, webhookDeliveries, webhookTestInbox } from '../../db/schema/webhooks';
import { defineModule } from '../../platform/module';
import { databaseNow, nextJstMidnight } from '../../platform/schedule';
import createWebhook from './routes/create-webhook';
import deleteWebhook from './routes/delete-webhook';
import listDeliveries from './routes/list-deliveries';
import listWebhooks from './routes/list-webhooks';
import testWebhook from './routes/test-webhook';
import updateWebhook from './routes/update-webhook';
import { registerWebhookInbox } from './webhook-inbox';
import {
  attemptDelivery,
  conversionDeliveries,
  DELIVER_JOB,
  enqueueConversion,
  pruneDeliveries,
} from './webhooks.service';

// Conversion webhooks: endpoints per site, one signed delivery per conversion and
// endpoint from the job queue (retried with backoff), the delivery log, and the test inbox of
// demo servers (/dev/webhooks).

export const webhooksModule = defineModule({
  name: 'webhooks',
  routes: [listWebhooks, createWebhook, updateWebhook, deleteWebhook, testWebhook, listDeliveries],
  tables: [siteWebhooks, webhookDeliveries, webhookTestInbox],
  conversionEffects: [enqueueConversion],
  jobs: (ctx) => ({
    [DELIVER_JOB]: async (payload, { attempt }) => {
      const { retry, result } = await attemptDelivery(ctx, String(payload.deliveryId), attempt);
      // The queue tries again later (backing off) while attempts are left.
      if (retry) throw new Error(result?.error ?? 'delivery failed');
    },
  }),
  recurring: (ctx) => [
    {
      kind: 'webhooks.prune',
      next: nextJstMidnight,
      run: async () => pruneDeliveries(ctx.db, await databaseNow(ctx.db)),
    },
  ],
  http: (app, ctx) => {
    if (ctx.config.demo) registerWebhookInbox(app, ctx);
    return undefined;
  },
  // The demo site sends its conversions to the test inbox; its five latest generated conversions
  // are queued like any other, so the log and the inbox fill as soon as the job worker runs.
  demoSeed: async ({ db, site, owner }) => {
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
  },
});
