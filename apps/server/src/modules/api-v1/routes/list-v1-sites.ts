import { ZApiV1SitesQuery, ZApiV1SitesResponse } from '@swipe/contracts/site-api';
import { defineRoute } from '../../../platform/route';
import { listSites } from '../../sites/sites.service';
import { API_V1_IP_LIMIT } from '../api-v1-limits';

export default defineRoute({
  method: 'GET',
  url: '/api/v1/sites',
  summary: 'Read API: the sites of the account and of the customers below it, with their status (paged)',
  tags: ['api-v1'],
  guard: { apiClient: true, rateLimit: API_V1_IP_LIMIT },
  querystring: ZApiV1SitesQuery,
  response: ZApiV1SitesResponse,
  handler: async ({ ctx, apiClient, query }) => {
    const { items, total } = await listSites(ctx, { caller: apiClient, query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
