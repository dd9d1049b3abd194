import { ZIdParams } from '@swipe/contracts/accounts';
import { ZDeliveryResponse } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { getDelivery } from '../deliveries.service';

export default defineRoute({
  method: 'GET',
  url: '/api/notification-delivery/:id',
  summary: 'One notification delivery with its status and delivery time',
  tags: ['communications'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZDeliveryResponse,
  handler: async ({ ctx, params, caller }) => ({ data: await getDelivery(ctx, { caller, id: params.id }) }),
});
