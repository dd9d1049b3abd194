import { ZEndUserLangQuery, ZEndUserSiteParams, ZPublicCompanyResponse } from '@swipe/contracts/end-user';
import { defineRoute } from '../../../platform/route';
import { publicCompany } from '../end-user-site.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/site/:id/company',
  summary: "A published site's company information (profile, commercial notation, terms, privacy)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZEndUserSiteParams,
  querystring: ZEndUserLangQuery,
  response: ZPublicCompanyResponse,
  handler: async ({ ctx, params, query, reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return { data: await publicCompany(ctx, { siteId: params.id, lang: query.lang }) };
  },
});
