import { envelope } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { ZWebhookDelivery, ZWebhookParams } from '@swipe/contracts/webhooks';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { sendTestEvent } from '../webhooks.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/webhooks/:webhookId/test',
  summary: 'Sends a test event to a webhook through the delivery queue (it shows in the delivery log)',
  tags: ['webhooks'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZWebhookParams,
  response: envelope(ZWebhookDelivery),
  status: 202,
  handler: async ({ ctx, params, caller, req }) => ({
    data: await sendTestEvent(ctx, { caller, siteId: params.id, webhookId: params.webhookId }),
    message: translate('webhooks.testQueued', req.lang),
  }),
});
