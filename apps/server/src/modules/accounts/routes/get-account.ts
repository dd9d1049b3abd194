import { ZGetAccountResponse, ZIdParams } from '@swipe/contracts/accounts';
import { defineRoute } from '../../../platform/route';
import { getVisibleAccount, toAccountSummary } from '../accounts.service';

export default defineRoute({
  method: 'GET',
  url: '/api/accounts/:id',
  summary: 'One account of the caller subtree',
  tags: ['accounts'],
  guard: { roles: 'any', authority: 'VIEW' },
  params: ZIdParams,
  response: ZGetAccountResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: toAccountSummary(await getVisibleAccount(ctx, { caller, accountId: params.id })),
  }),
});
