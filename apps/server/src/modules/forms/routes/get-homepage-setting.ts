import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { ZFormSettingQuery, ZFormSettingResponse } from '@swipe/contracts/visitor-forms';
import { defineRoute } from '../../../platform/route';
import { formSetting } from '../forms.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/homepage-setting',
  summary: "The fields of a published site's homepage form in one language, with the agreement to the terms",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 300, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  querystring: ZFormSettingQuery,
  response: ZFormSettingResponse,
  handler: async ({ ctx, params, query, reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return {
      data: await formSetting(ctx, {
        siteId: params.id,
        type: 'HOMEPAGE_SETTING',
        lang: query.lang,
        variationId: query.variationId,
      }),
    };
  },
});
