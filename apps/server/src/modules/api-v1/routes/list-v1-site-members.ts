import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMemberListResponse, ZSubmissionListQuery } from '@swipe/contracts/submissions';
import { defineRoute } from '../../../platform/route';
import { listMembers } from '../../submissions/submissions.service';
import { API_V1_IP_LIMIT } from '../api-v1-limits';

export default defineRoute({
  method: 'GET',
  url: '/api/v1/sites/:id/members',
  summary:
    "Read API: the members of a site of the account's tree (keyword on email and answers, JST date range; newest first, paged)",
  tags: ['api-v1'],
  guard: { apiClient: true, rateLimit: API_V1_IP_LIMIT },
  params: ZIdParams,
  querystring: ZSubmissionListQuery,
  response: ZMemberListResponse,
  handler: async ({ ctx, apiClient, params, query }) => {
    const { items, total } = await listMembers(ctx, { caller: apiClient, siteId: params.id, query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
