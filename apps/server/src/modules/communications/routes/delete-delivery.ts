import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { deleteDelivery } from '../deliveries.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/notification-delivery/:id',
  summary: 'Deletes a notification delivery; the site stops showing it',
  tags: ['communications'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteDelivery(ctx, { caller, id: params.id, ip: req.ip });
    return { data: null, message: translate('communications.deleted', req.lang) };
  },
});
