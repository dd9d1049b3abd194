import { ZListUsersResponse, ZUserListQuery } from '@swipe/contracts/users';
import { defineRoute } from '../../../platform/route';
import { listUsers } from '../users.service';

export default defineRoute({
  method: 'GET',
  url: '/api/users',
  summary: 'Users of the caller subtree with their contracts (search, filters, sort, pages)',
  tags: ['users'],
  guard: { roles: ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'], authority: 'VIEW' },
  querystring: ZUserListQuery,
  response: ZListUsersResponse,
  handler: async ({ ctx, query, caller }) => {
    const { items, total } = await listUsers(ctx, { caller, query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
