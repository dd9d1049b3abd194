import { ZEndUserLangQuery, ZEndUserPageParams, ZPublicPageResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { publicPage } from '../end-user-site.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/page/:pageId/public',
  summary: 'A page of a published site as the public sees it (a members-only page only says so)',
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserPageParams,
  querystring: ZEndUserLangQuery,
  response: ZPublicPageResponse,
  handler: async ({ ctx, params, query, reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return { data: await publicPage(ctx, { siteId: params.id, pageId: params.pageId, lang: query.lang }) };
  },
});
