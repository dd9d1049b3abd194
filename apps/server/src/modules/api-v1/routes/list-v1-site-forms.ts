import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSubmissionListQuery, ZSubmissionListResponse } from '@swipe/contracts/submissions';
import { defineRoute } from '../../../platform/route';
import { listSubmissions } from '../../submissions/submissions.service';
import { API_V1_IP_LIMIT } from '../api-v1-limits';

export default defineRoute({
  method: 'GET',
  url: '/api/v1/sites/:id/forms',
  summary:
    "Read API: the homepage forms sent to a site of the account's tree (keyword on email, company and answers, JST date range; newest first, paged)",
  tags: ['api-v1'],
  guard: { apiClient: true, rateLimit: API_V1_IP_LIMIT },
  params: ZIdParams,
  querystring: ZSubmissionListQuery,
  response: ZSubmissionListResponse,
  handler: async ({ ctx, apiClient, params, query }) => {
    const { items, total } = await listSubmissions(ctx, {
      caller: apiClient,
      siteId: params.id,
      kind: 'HOMEPAGE',
      query,
    });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
