import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPreviewQuery, ZPreviewSeoResponse } from '@swipe/contracts/preview-share';
import { seoOf } from '@swipe/contracts/sites';
import { defineRoute } from '../../../platform/route';
import { previewContent, previewTokenOf } from '../preview-share.service';

export default defineRoute({
  method: 'GET',
  url: '/api/preview/site/:id/seo',
  summary: "The draft's SEO texts in one language, for a signed-in previewer",
  tags: ['preview'],
  guard: { public: true, rateLimit: { max: 300, timeWindow: '1 minute' } },
  params: ZIdParams,
  querystring: ZPreviewQuery,
  response: ZPreviewSeoResponse,
  handler: async ({ ctx, params, query, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    const { doc, lang } = await previewContent(ctx, {
      siteId: params.id,
      token: previewTokenOf(req.headers),
      lang: query.lang,
    });
    // The default SEO fills what the language leaves empty, as on the published page.
    const seo = seoOf(doc, lang);
    return { data: { lang, title: seo.title, h1: seo.h1, description: seo.description } };
  },
});
