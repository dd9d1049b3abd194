import { ZIdParams } from '@swipe/contracts/accounts';
import { ZDeliveryInput, ZDeliveryResponse } from '@swipe/contracts/communications';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { updateDelivery } from '../deliveries.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/notification-delivery/:id',
  summary: 'Saves a notification delivery; one whose time moves is delivered again at the new time',
  tags: ['communications'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZDeliveryInput,
  response: ZDeliveryResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateDelivery(ctx, { caller, id: params.id, input: body, ip: req.ip }),
    message: translate('communications.saved', req.lang),
  }),
});
