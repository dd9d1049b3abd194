import { ZIdParams } from '@swipe/contracts/accounts';
import { ZBillResponse } from '@swipe/contracts/billing';
import { defineRoute } from '../../../platform/route';
import { getBill } from '../billing.service';

export default defineRoute({
  method: 'GET',
  url: '/api/bills/:id',
  summary:
    "A bill with its fees and its audit trail (every status move: who, when, why); another tenant's is 404",
  tags: ['billing'],
  guard: { roles: 'any', authority: 'VIEW' },
  params: ZIdParams,
  response: ZBillResponse,
  handler: async ({ ctx, params, caller }) => ({ data: await getBill(ctx, { caller, id: params.id }) }),
});
