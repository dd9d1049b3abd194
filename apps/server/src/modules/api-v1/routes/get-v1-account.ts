import { ZApiV1AccountResponse } from '@swipe/contracts/api-access';
import { defineRoute } from '../../../platform/route';
import { getClientAccount } from '../api-v1.service';
import { API_V1_IP_LIMIT } from '../api-v1-limits';

export default defineRoute({
  method: 'GET',
  url: '/api/v1/account',
  summary: 'Read API: the account the credentials belong to, with its contract and plan limits',
  tags: ['api-v1'],
  guard: { apiClient: true, rateLimit: API_V1_IP_LIMIT },
  response: ZApiV1AccountResponse,
  handler: async ({ ctx, apiClient }) => ({ data: await getClientAccount(ctx, { client: apiClient }) }),
});
