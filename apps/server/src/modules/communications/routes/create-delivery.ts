import { ZIdParams } from '@swipe/contracts/accounts';
import { ZDeliveryInput, ZDeliveryResponse } from '@swipe/contracts/communications';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { createDelivery } from '../deliveries.service';

export default defineRoute({
  method: 'POST',
  status: 201,
  url: '/api/site/:id/notification-deliveries',
  summary:
    "Creates a notification to the site's visitors: a draft, delivered at once, or at its scheduled time",
  tags: ['communications'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZDeliveryInput,
  response: ZDeliveryResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await createDelivery(ctx, { caller, siteId: params.id, input: body, ip: req.ip }),
    message: translate('communications.created', req.lang),
  }),
});
