import { ZBillListQuery, ZBillListResponse } from '@swipe/contracts/billing';
import { defineRoute } from '../../../platform/route';
import { listBills } from '../billing.service';

export default defineRoute({
  method: 'GET',
  url: '/api/bills',
  summary:
    'Bills the caller may see (MASTER every one, OEM staff their subtree, a customer its own account), newest month first, with filters',
  tags: ['billing'],
  guard: { roles: 'any', authority: 'VIEW' },
  querystring: ZBillListQuery,
  response: ZBillListResponse,
  handler: async ({ ctx, query, caller }) => listBills(ctx, { caller, query }),
});
