import { ZWebhookDeliveriesResponse, ZWebhookParams } from '@swipe/contracts/webhooks';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listDeliveries } from '../webhooks.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/webhooks/:webhookId/deliveries',
  summary: "A webhook's delivery log: its newest 50 deliveries, each with its attempts, answer and error",
  tags: ['webhooks'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZWebhookParams,
  response: ZWebhookDeliveriesResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await listDeliveries(ctx, { caller, siteId: params.id, webhookId: params.webhookId }),
  }),
});
