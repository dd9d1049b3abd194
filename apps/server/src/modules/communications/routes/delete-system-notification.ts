import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { deleteSystemNotification } from '../system-notifications.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/system_noti/:id',
  summary: 'Deletes a system notification and its read marks (MASTER)',
  tags: ['communications'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteSystemNotification(ctx, { caller, id: params.id, ip: req.ip });
    return { data: null, message: translate('communications.deleted', req.lang) };
  },
});
