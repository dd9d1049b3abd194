import { ZSystemNotificationShowResponse } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { showSystemNotifications } from '../system-notifications.service';

export default defineRoute({
  method: 'GET',
  url: '/api/system_noti/show',
  summary:
    "The caller's current system notifications (the bell: the newest, with read state) and its unread count",
  tags: ['communications'],
  guard: { roles: 'any', authority: 'VIEW' },
  response: ZSystemNotificationShowResponse,
  handler: async ({ ctx, caller, reply }) => {
    reply.header('cache-control', 'no-store');
    return { data: await showSystemNotifications(ctx, { caller }) };
  },
});
