import { ZIdParams } from '@swipe/contracts/accounts';
import { ZNewsResponse } from '@swipe/contracts/communications';
import { defineRoute } from '../../../platform/route';
import { getNews } from '../news.service';
import { NEWS_ROLES } from '../news-roles';

export default defineRoute({
  method: 'GET',
  url: '/api/latest-information/:id',
  summary: 'One item of latest information with its sites and status',
  tags: ['communications'],
  guard: { roles: NEWS_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZNewsResponse,
  handler: async ({ ctx, params, caller }) => ({ data: await getNews(ctx, { caller, id: params.id }) }),
});
