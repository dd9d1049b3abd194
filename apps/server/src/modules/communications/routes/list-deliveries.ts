import { ZIdParams } from '@swipe/contracts/accounts';
import { ZDeliveryListResponse, ZNoticeListQuery } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listDeliveries } from '../deliveries.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/notification-deliveries',
  summary: "A site's notification deliveries, by status (derived from the dates), search and page",
  tags: ['communications'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  querystring: ZNoticeListQuery,
  response: ZDeliveryListResponse,
  handler: async ({ ctx, params, query, caller }) =>
    listDeliveries(ctx, { caller, siteId: params.id, query }),
});
