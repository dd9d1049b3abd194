import { ZEndUserLangQuery, ZEndUserPageParams, ZPublicProductsResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { publicProducts } from '../end-user-site.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/page/:pageId/product/public',
  summary: 'The product hotspots of a public page of a published site',
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserPageParams,
  querystring: ZEndUserLangQuery,
  response: ZPublicProductsResponse,
  handler: async ({ ctx, params, query, reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return {
      data: await publicProducts(ctx, { siteId: params.id, pageId: params.pageId, lang: query.lang }),
    };
  },
});
