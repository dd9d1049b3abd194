import { ZEndUserSiteParams } from '@swipe/contracts/end-user';
import { ZFormSettingQuery, ZFormSettingResponse } from '@swipe/contracts/visitor-forms';
import { defineRoute } from '../../platform/route';
import { formSetting } from './forms.service';

/**
 * The three forms' settings as a published page asks for them differ only in address, form and
 * summary; each keeps its own file under routes/, naming its address, and builds itself here.
 */
export function defineFormSettingRoute(opts: {
  url: `/api/end-user/site/:id/${string}-setting`;
  type: 'CONTACT_SETTING' | 'HOMEPAGE_SETTING' | 'MEMBERSHIP_SETTING';
  summary: string;
}) {
  return defineRoute({
    method: 'GET',
    url: opts.url,
    summary: opts.summary,
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
          type: opts.type,
          lang: query.lang,
          variationId: query.variationId,
        }),
      };
    },
  });
}
