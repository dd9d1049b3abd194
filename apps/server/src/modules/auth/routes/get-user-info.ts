import { ZUserInfoResponse } from '@swipe/contracts/auth';
import { defineRoute } from '../../../platform/route';
import { userInfo } from '../auth.service';

export default defineRoute({
  method: 'GET',
  url: '/api/auth/user-info',
  summary: 'The signed-in user',
  tags: ['auth'],
  guard: { roles: 'any', authority: 'VIEW', allowPendingPasswordChange: true },
  response: ZUserInfoResponse,
  handler: async ({ ctx, caller }) => ({ data: await userInfo(ctx, caller.userId) }),
});
