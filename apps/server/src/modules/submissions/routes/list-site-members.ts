import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMemberListResponse, ZSubmissionListQuery } from '@swipe/contracts/submissions';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listMembers } from '../submissions.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site-member/:id',
  summary: "A site's members (keyword on email and answers, JST date range; newest first, paged)",
  tags: ['submissions'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  querystring: ZSubmissionListQuery,
  response: ZMemberListResponse,
  handler: async ({ ctx, params, query, caller }) => {
    const { items, total } = await listMembers(ctx, { caller, siteId: params.id, query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
