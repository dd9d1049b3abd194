import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { ZWebhookParams } from '@swipe/contracts/webhooks';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { deleteWebhook } from '../webhooks.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/site/:id/webhooks/:webhookId',
  summary: 'Deletes a webhook and its delivery log (deliveries not yet sent are dropped)',
  tags: ['webhooks'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZWebhookParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteWebhook(ctx, { caller, siteId: params.id, webhookId: params.webhookId, ip: req.ip });
    return { data: null, message: translate('webhooks.deleted', req.lang) };
  },
});
