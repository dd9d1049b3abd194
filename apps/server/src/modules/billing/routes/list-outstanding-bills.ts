import { ZOutstandingBillsResponse } from '@swipe/contracts/bill-payment';
import { defineRoute } from '../../../platform/route';
import { outstandingBills } from '../outstanding-bills';

export default defineRoute({
  method: 'GET',
  url: '/api/bills/outstanding',
  summary:
    "The caller's own account's bills that need it: a failed card charge, or unpaid past the due date (JST), oldest first",
  tags: ['billing'],
  guard: { roles: ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'], authority: 'VIEW' },
  response: ZOutstandingBillsResponse,
  handler: async ({ ctx, caller }) => ({ data: await outstandingBills(ctx, { caller }) }),
});
