import { ZIdParams } from '@swipe/contracts/accounts';
import { ZPreviewQuery, ZPreviewSiteResponse } from '@swipe/contracts/preview-share';
import { defineRoute } from '../../../platform/route';
import { mediaUrls } from '../../site-core/site-media';
import { previewContent, previewTokenOf } from '../preview-share.service';

export default defineRoute({
  method: 'GET',
  url: '/api/preview/site/:id',
  summary:
    "A site's draft in one language, for a signed-in previewer (X-Preview-Token, or Authorization: Bearer)",
  tags: ['preview'],
  guard: { public: true, rateLimit: { max: 300, timeWindow: '1 minute' } },
  params: ZIdParams,
  querystring: ZPreviewQuery,
  response: ZPreviewSiteResponse,
  handler: async ({ ctx, params, query, req, reply }) => {
    reply.header('cache-control', 'private, no-store');
    const { site, doc, lang, content } = await previewContent(ctx, {
      siteId: params.id,
      token: previewTokenOf(req.headers),
      lang: query.lang,
    });
    const media = await mediaUrls(ctx.db, {
      accountId: site.accountId,
      doc,
      publicUrl: (key) => ctx.storage.publicUrl(key),
    });
    return {
      data: {
        name: doc.name,
        lang,
        languages: doc.languages,
        numberVertical: doc.numberVertical,
        numberHorizontal: doc.numberHorizontal,
        creatives: content.creatives,
        media,
      },
    };
  },
});
