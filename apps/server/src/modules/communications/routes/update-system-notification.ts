import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSystemNotificationInput, ZSystemNotificationResponse } from '@swipe/contracts/communications';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { updateSystemNotification } from '../system-notifications.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/system_noti/:id',
  summary: 'Saves a system notification (MASTER)',
  tags: ['communications'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  params: ZIdParams,
  body: ZSystemNotificationInput,
  response: ZSystemNotificationResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateSystemNotification(ctx, { caller, id: params.id, input: body, ip: req.ip }),
    message: translate('communications.saved', req.lang),
  }),
});
