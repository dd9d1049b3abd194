import { ZNoticeListQuery, ZSystemNotificationListResponse } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { listSystemNotifications } from '../system-notifications.service';

export default defineRoute({
  method: 'GET',
  url: '/api/system_noti',
  summary:
    'System notifications: for MASTER all of them (with read counts); for other operators those addressed to their role that have started (with read state)',
  tags: ['communications'],
  guard: { roles: 'any', authority: 'VIEW' },
  querystring: ZNoticeListQuery,
  response: ZSystemNotificationListResponse,
  handler: async ({ ctx, query, caller }) => listSystemNotifications(ctx, { caller, query }),
});
