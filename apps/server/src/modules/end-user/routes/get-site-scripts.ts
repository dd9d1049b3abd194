import { ZEndUserLangQuery, ZEndUserSiteParams, ZPublicScriptsResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { publicScripts } from '../end-user-site.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/scripts',
  summary: "A published site's head tags and body script sources in one language",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  querystring: ZEndUserLangQuery,
  response: ZPublicScriptsResponse,
  handler: async ({ ctx, params, query, reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return { data: await publicScripts(ctx, { siteId: params.id, lang: query.lang }) };
  },
});
