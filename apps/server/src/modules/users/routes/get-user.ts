import { ZIdParams } from '@swipe/contracts/accounts';
import { ZGetUserResponse } from '@swipe/contracts/users';
import { defineRoute } from '../../../platform/route';
import { getUserDetail } from '../users.service';

export default defineRoute({
  method: 'GET',
  url: '/api/users/:id',
  summary: 'One user of the caller subtree, with what the caller may do to it',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'VIEW' },
  params: ZIdParams,
  response: ZGetUserResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await getUserDetail(ctx, { caller, userId: params.id }),
  }),
});
