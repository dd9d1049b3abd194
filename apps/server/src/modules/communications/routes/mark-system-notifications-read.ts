import { ZMarkAsReadBody, ZMarkAsReadResponse } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { markAsRead } from '../system-notifications.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/system_noti/mark_as_read',
  summary:
    'Marks system notifications read for the caller (ids it may not read are ignored); answers its unread count',
  tags: ['communications'],
  guard: { roles: 'any', authority: 'VIEW' },
  body: ZMarkAsReadBody,
  response: ZMarkAsReadResponse,
  handler: async ({ ctx, body, caller }) => ({ data: await markAsRead(ctx, { caller, ids: body.notiIds }) }),
});
