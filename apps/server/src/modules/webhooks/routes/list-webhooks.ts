import { ZIdParams } from '@swipe/contracts/accounts';
import { ZWebhooksResponse } from '@swipe/contracts/webhooks';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listWebhooks } from '../webhooks.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/webhooks',
  summary: "A site's conversion webhooks (oldest first), each with its newest delivery",
  tags: ['webhooks'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZWebhooksResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await listWebhooks(ctx, { caller, siteId: params.id }),
  }),
});
