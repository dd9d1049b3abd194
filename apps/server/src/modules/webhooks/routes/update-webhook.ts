import { ZUpdateWebhookRequest, ZWebhookParams, ZWebhookResponse } from '@swipe/contracts/webhooks';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { updateWebhook } from '../webhooks.service';

export default defineRoute({
  method: 'PATCH',
  url: '/api/site/:id/webhooks/:webhookId',
  summary: 'Switches a webhook on or off (off: new conversions are not sent to it)',
  tags: ['webhooks'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZWebhookParams,
  body: ZUpdateWebhookRequest,
  response: ZWebhookResponse,
  handler: async ({ ctx, params, body, caller }) => ({
    data: await updateWebhook(ctx, {
      caller,
      siteId: params.id,
      webhookId: params.webhookId,
      enabled: body.enabled,
    }),
  }),
});
