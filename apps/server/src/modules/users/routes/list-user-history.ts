import { ZIdParams } from '@swipe/contracts/accounts';
import { ZUserHistoryQuery, ZUserHistoryResponse } from '@swipe/contracts/users';
import { defineRoute } from '../../../platform/route';
import { userHistory } from '../users.service';

export default defineRoute({
  method: 'GET',
  url: '/api/users/:id/history',
  summary: 'Edit history of a user and of the contract it works under, newest first',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'VIEW' },
  params: ZIdParams,
  querystring: ZUserHistoryQuery,
  response: ZUserHistoryResponse,
  handler: async ({ ctx, params, query, caller }) => {
    const { items, total } = await userHistory(ctx, { caller, userId: params.id, ...query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
