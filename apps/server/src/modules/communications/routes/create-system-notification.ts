import { ZSystemNotificationInput, ZSystemNotificationResponse } from '@swipe/contracts/communications';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { createSystemNotification } from '../system-notifications.service';

export default defineRoute({
  method: 'POST',
  status: 201,
  url: '/api/system_noti',
  summary: 'Creates a system notification for audiences of operators (MASTER)',
  tags: ['communications'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  body: ZSystemNotificationInput,
  response: ZSystemNotificationResponse,
  handler: async ({ ctx, body, caller, req }) => ({
    data: await createSystemNotification(ctx, { caller, input: body, ip: req.ip }),
    message: translate('communications.created', req.lang),
  }),
});
