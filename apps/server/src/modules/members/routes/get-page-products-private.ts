import { ZEndUserLangQuery, ZEndUserPageParams, ZPublicProductsResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { privateProducts } from '../member-pages.service';
import { memberTokenOf } from '../members.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/page/:pageId/product/private',
  summary:
    "The product hotspots of a page (members-only pages' too) for a signed-in member of the site; 401 otherwise",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserPageParams,
  querystring: ZEndUserLangQuery,
  response: ZPublicProductsResponse,
  handler: async ({ ctx, params, query, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return {
      data: await privateProducts(ctx, {
        siteId: params.id,
        pageId: params.pageId,
        lang: query.lang,
        token: memberTokenOf(req, params.id),
      }),
    };
  },
});
