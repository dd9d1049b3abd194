import { ZNewsListResponse, ZNoticeListQuery } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { listNews } from '../news.service';
import { NEWS_ROLES } from '../news-roles';

export default defineRoute({
  method: 'GET',
  url: '/api/latest-information',
  summary: "Latest information of the caller's subtree, by status (derived from the dates), search and page",
  tags: ['communications'],
  guard: { roles: NEWS_ROLES, authority: 'VIEW' },
  querystring: ZNoticeListQuery,
  response: ZNewsListResponse,
  handler: async ({ ctx, query, caller }) => listNews(ctx, { caller, query }),
});
