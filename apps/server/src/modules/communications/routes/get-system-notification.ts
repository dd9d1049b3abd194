import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSystemNotificationResponse } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { getSystemNotification } from '../system-notifications.service';

export default defineRoute({
  method: 'GET',
  url: '/api/system_noti/:id',
  summary: 'One system notification (another operator: only one addressed to its role that has started)',
  tags: ['communications'],
  guard: { roles: 'any', authority: 'VIEW' },
  params: ZIdParams,
  response: ZSystemNotificationResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await getSystemNotification(ctx, { caller, id: params.id }),
  }),
});
