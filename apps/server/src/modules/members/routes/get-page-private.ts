import { ZEndUserLangQuery, ZEndUserPageParams, ZPublicPageResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { privatePage } from '../member-pages.service';
import { memberTokenOf } from '../members.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/page/:pageId/private',
  summary:
    "A page of a published site for a signed-in member of it (members-only pages' content too); 401 otherwise",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserPageParams,
  querystring: ZEndUserLangQuery,
  response: ZPublicPageResponse,
  handler: async ({ ctx, params, query, req, reply }) => {
    // The answer (and a 401) is this visitor's own: no shared cache keeps it.
    reply.header('cache-control', 'private, no-store');
    return {
      data: await privatePage(ctx, {
        siteId: params.id,
        pageId: params.pageId,
        lang: query.lang,
        token: memberTokenOf(req, params.id),
      }),
    };
  },
});
