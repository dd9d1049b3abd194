import { ZPreviewPageParams, ZPreviewProductsResponse, ZPreviewQuery } from '@swipe/contracts/preview-share';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { previewContent, previewTokenOf } from '../preview-share.service';

export default defineRoute({
  method: 'GET',
  url: '/api/preview/site/:id/page/:pageId/product',
  summary: 'The products of one page of the draft, for a signed-in previewer',
  tags: ['preview'],
  guard: { public: true, rateLimit: { max: 300, timeWindow: '1 minute' } },
  params: ZPreviewPageParams,
  querystring: ZPreviewQuery,
  response: ZPreviewProductsResponse,
  handler: async ({ ctx, params, query, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    const { content } = await previewContent(ctx, {
      siteId: params.id,
      token: previewTokenOf(req.headers),
      lang: query.lang,
    });
    const page = content.creatives.find((c) => c.coordinate === params.pageId);
    if (!page) throw new AppError(404, 'NOT_FOUND', 'common.notFound');
    return { data: { coordinate: page.coordinate, products: page.products } };
  },
});
