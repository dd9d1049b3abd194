import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZCreateWebhookRequest, ZWebhookResponse } from '@swipe/contracts/webhooks';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { createWebhook } from '../webhooks.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/webhooks',
  summary:
    'Registers an HTTPS URL that every conversion of the site is POSTed to, signed with a new secret (at most 5 per site; local, private and reserved addresses refused)',
  tags: ['webhooks'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZCreateWebhookRequest,
  response: ZWebhookResponse,
  status: 201,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await createWebhook(ctx, { caller, siteId: params.id, url: body.url, ip: req.ip }),
    message: translate('webhooks.created', req.lang),
  }),
});
