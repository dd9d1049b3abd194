import { ZApiV1UsersQuery, ZApiV1UsersResponse } from '@swipe/contracts/api-access';
import { defineRoute } from '../../../platform/route';
import { listClientCustomers } from '../api-v1.service';
import { API_V1_IP_LIMIT } from '../api-v1-limits';

export default defineRoute({
  method: 'GET',
  url: '/api/v1/users',
  summary: 'Read API: the customer accounts below the account, with their contract status (paged)',
  tags: ['api-v1'],
  guard: { apiClient: true, rateLimit: API_V1_IP_LIMIT },
  querystring: ZApiV1UsersQuery,
  response: ZApiV1UsersResponse,
  handler: async ({ ctx, apiClient, query }) => {
    const { items, total } = await listClientCustomers(ctx, { client: apiClient, query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
