import { ZListAdminsResponse } from '@swipe/contracts/admins';
import { defineRoute } from '../../../platform/route';
import { listAdmins } from '../admins.service';

export default defineRoute({
  method: 'GET',
  url: '/api/admins',
  summary: 'Admin settings: the principal (main account) first, then its sub-admins',
  tags: ['admins'],
  guard: { roles: 'any', authority: 'VIEW' },
  response: ZListAdminsResponse,
  handler: async ({ ctx, caller }) => {
    const data = await listAdmins(ctx, { caller });
    return { data, meta: { total: data.length, page: 1, pageSize: data.length } };
  },
});
