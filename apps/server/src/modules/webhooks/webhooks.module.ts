import { siteWebhooks, webhookDeliveries, webhookTestInbox } from '../../db/schema/webhooks';
import { defineModule } from '../../platform/module';
import { databaseNow, nextJstMidnight } from '../../platform/schedule';
import { seedDemoWebhook } from './demo-webhook';
import createWebhook from './routes/create-webhook';
import deleteWebhook from './routes/delete-webhook';
import listDeliveries from './routes/list-deliveries';
import listWebhooks from './routes/list-webhooks';
import testWebhook from './routes/test-webhook';
import updateWebhook from './routes/update-webhook';
import { registerWebhookInbox } from './webhook-inbox';
import { attemptDelivery, DELIVER_JOB, enqueueConversion, pruneDeliveries } from './webhooks.service';

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
  demoSeed: seedDemoWebhook,
});
